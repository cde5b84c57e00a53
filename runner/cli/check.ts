/** `course check`: proves the course is sound; see check-course.ts for what is proved. */
import type { Command } from 'commander';
import { formatDiagnostic, hasErrors, type Diagnostic } from '../content/diagnostic.ts';
import { checkCourse, type ExerciseReport } from './check-course.ts';
import { displayDiagnostic, openCourse } from './course-root.ts';
import { EXIT, type ExitCode } from './exit.ts';
import { formatOption, jobsOption, rootOption } from './options.ts';

interface CheckOptions {
  format: 'text' | 'json';
  root?: string;
  jobs?: number;
}

const EXPLAIN = `
Checks every lesson and exercise file, then proves that each reference solution passes,
each starter fails and each mutant fails (naming the test that catches it), and that every
runnable example and prediction runs. Prints each problem as file:line:column, then a table
of the mutants. Exit status: 1 if any problem is an error, else 0.`;

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c] ?? 0))).join('  ').trimEnd());
}

function exerciseTable(reports: readonly ExerciseReport[]): string[] {
  const rows: string[][] = [['EXERCISE', 'SOLUTION', 'STARTER', 'MUTANT', 'CAUGHT BY', 'MISTAKE']];
  for (const r of reports) {
    if (r.mutants.length === 0) rows.push([r.id, r.solution, r.starter, '(no mutants)', '', '']);
    r.mutants.forEach((m, i) => {
      const caught = m.caughtBy ?? (m.status === 'pass' ? 'NOT CAUGHT' : `(does not run: ${m.status})`);
      rows.push(i === 0 ? [r.id, r.solution, r.starter, m.name, caught, m.mistake] : ['', '', '', m.name, caught, m.mistake]);
    });
  }
  return table(rows);
}

function counts(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

async function check(options: CheckOptions): Promise<ExitCode> {
  const { root, course, diagnostics: loaded } = await openCourse(options.root);
  // Loaded only when needed, so --help stays fast and works whatever state the sandbox is in.
  const { openGrader } = await import('../node/open-grader.ts');
  const runs = course.exercises.reduce((n, e) => n + 2 + e.mutants.length, 0) + course.lessons.reduce((n, l) => n + l.segments.filter((x) => x.kind === 'runnable' || x.kind === 'predict').length, 0);
  const service = openGrader({ workload: runs, ...(options.jobs === undefined ? {} : { jobs: options.jobs }) });
  const started = performance.now();
  let report;
  try {
    report = await checkCourse(course, service);
  } finally {
    await service.close();
  }
  const diagnostics = [...loaded, ...report.diagnostics];
  if (options.format === 'json') {
    process.stdout.write(`${JSON.stringify({ diagnostics, exercises: report.exercises }, null, 2)}\n`);
  } else {
    const lines = diagnostics.map((d) => formatDiagnostic(displayDiagnostic(root, d)));
    if (lines.length) lines.push('');
    lines.push(...exerciseTable(report.exercises), '');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    lines.push(`${course.lessons.length} lessons, ${course.exercises.length} exercises checked in ${seconds} s: ${counts(diagnostics)}.`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return hasErrors(diagnostics) ? EXIT.failed : EXIT.ok;
}

export function registerCheck(program: Command, exit: (code: ExitCode) => void): void {
  program
    .command('check')
    .description('Validate every lesson and exercise and prove each solution passes, each starter fails and each mutant is caught.')
    .addOption(formatOption(['text', 'json']))
    .addOption(rootOption())
    .addOption(jobsOption())
    .addHelpText('after', EXPLAIN)
    .action(async (options: CheckOptions) => exit(await check(options)));
}
