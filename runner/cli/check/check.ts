/** `course check`: proves the course is sound; see check-course.ts for what is proved. */
import { Option, type Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FINGERPRINTS_FILE, fingerprintsText, formatDiagnostic, hasErrors, type Course, type CourseFiles, type Diagnostic, type Exercise } from '../../content/index.ts';
import { openCheckCache } from './check-cache.ts';
import { checkCourse } from './check-course.ts';
import type { ExerciseReport } from './types.ts';
import { displayDiagnostic, openCourse, openExercise } from '../shared/course-root.ts';
import { EXIT, type ExitCode } from '../shared/exit.ts';
import { githubAnnotation } from './github-annotations.ts';
import type { GradeService } from '../../node/grade-service.ts';
import { formatOption, jobsOption, rootOption } from '../shared/options.ts';
import { countText } from '../shared/words.ts';

interface CheckOptions {
  format: 'text' | 'json' | 'github';
  root?: string;
  jobs?: number;
  exercise?: string;
  /** Commander's negated --no-cache: false when given. */
  cache: boolean;
  verbose?: boolean;
  mutate?: boolean;
  writeFingerprints?: boolean;
}

const EXPLAIN = `
Checks every lesson and exercise file, then proves that each reference solution passes,
each starter fails and each mutant fails (naming the test that catches it), that the
reference examples of each examples exercise are valid and catch every mutant they run
against (naming the example that catches it), that every
runnable example and prediction runs and that every diagram parses. An exercise or lesson
whose files and whose runner did not change since its last check is not run again
(--no-cache runs everything). Prints a summary of the mutants (the whole table with
--verbose), then each problem as file:line:column (--format github: as a GitHub Actions
workflow command, which annotates the file and line). Exit status: 1 if any problem is an
error, else 0.

--mutate also grades every mutant that Stryker's mutators make of each reference solution: each
must fail a test or be recorded, with a reason, in the exercise's equivalent-mutants.yml.

Each mutant's fingerprint (the tests it fails) names a learner's mistake on the page and in
course grade. They are stored in each exercise's fingerprints.json; --write-fingerprints
rewrites the files that differ from what the tests say now.`;

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

/** A line or two instead of the table: how many mutants are caught, and which are not. */
function mutantSummary(reports: readonly ExerciseReport[]): string {
  // An examples exercise runs the mutants of another exercise, which counts them already.
  const code = reports.filter((r) => r.kind !== 'examples');
  const examples = reports.filter((r) => r.kind === 'examples');
  const lines: string[] = [];
  if (code.length) {
    const mutants = code.flatMap((r) => r.mutants.map((m) => ({ ...m, exercise: r.id })));
    const caught = mutants.filter((m) => m.caughtBy !== null).length;
    const survivors = mutants.filter((m) => m.status === 'pass').map((m) => `${m.exercise}/${m.name}`);
    const notRun = mutants.length - caught - survivors.length;
    const list = survivors.length ? ` Not caught: ${survivors.slice(0, 5).join(', ')}${survivors.length > 5 ? ', ...' : ''}.` : '';
    const skipped = notRun ? `, ${notRun} not run or not running` : '';
    lines.push(`Mutants: ${caught} of ${mutants.length} caught by a test${skipped}, in ${countText(code.length, 'exercise')} (--verbose lists each).${list}`);
  }
  if (examples.length) {
    const runs = examples.flatMap((r) => r.mutants);
    const caught = runs.filter((m) => m.caughtBy !== null).length;
    lines.push(`Examples: the reference examples of ${countText(examples.length, 'examples exercise')} catch ${caught} of the ${runs.length} mutants they run against.`);
  }
  return lines.join('\n');
}

function counts(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  return `${countText(errors, 'error')}, ${countText(warnings, 'warning')}`;
}

/**
 * The whole course, or one exercise folder (`--exercise`), with the loader's diagnostics; for an
 * examples exercise, `others` holds the exercise its `of` names (run, not checked).
 */
async function open(options: CheckOptions): Promise<{ root: string; course: Course; files: CourseFiles; diagnostics: Diagnostic[]; others?: Exercise[] }> {
  if (options.exercise === undefined) return openCourse(options.root);
  const { root, exercise, of, files, diagnostics } = await openExercise(options.root, options.exercise);
  return { root, course: { lessons: [], exercises: exercise ? [exercise] : [] }, files, diagnostics, others: of ? [of] : [] };
}

/** Writes fingerprints.json where it differs from what the check found; returns the files written. */
function writeFingerprints(root: string, course: Course, reports: readonly ExerciseReport[]): Set<string> {
  const written = new Set<string>();
  for (const report of reports) {
    const exercise = course.exercises.find((e) => e.id === report.id);
    if (exercise?.kind !== 'code' || !report.fingerprints) continue;
    const file = `${exercise.dir}/${FINGERPRINTS_FILE}`;
    const text = fingerprintsText(report.fingerprints);
    if (exercise.fingerprints && fingerprintsText(exercise.fingerprints) === text) continue;
    writeFileSync(join(root, file), text);
    written.add(file);
    process.stderr.write(`course: wrote ${file}\n`);
  }
  return written;
}

/** Mutation testing of every reference solution that passes (`--mutate`): never cached. */
async function mutate(course: Course, exercises: readonly ExerciseReport[], openService: (runs: number) => GradeService) {
  const { mutateCourse } = await import('./mutate-course.ts');
  const service = openService(Infinity);
  try {
    return await mutateCourse(course, service, { skip: new Set(exercises.filter((e) => e.solution !== 'pass').map((e) => e.id)) });
  } finally {
    await service.close();
  }
}

async function check(options: CheckOptions): Promise<ExitCode> {
  const started = performance.now();
  const { root, course, files, diagnostics: loaded, others } = await open(options);
  const cache = options.cache ? openCheckCache(root) : undefined;
  // Loaded only when needed, so --help stays fast and works whatever state the sandbox is in.
  const { openGrader } = await import('../../node/open-grader.ts');
  // Its grading processes inherit these. They may reuse isolates (see REUSE_ISOLATES_ENV); with
  // --no-cache they also compute every reference answer again instead of reading what earlier
  // processes kept (answers-store.ts).
  const { ANSWERS_ENV, REUSE_ISOLATES_ENV } = await import('../../node/grade-worker-protocol.ts');
  process.env[REUSE_ISOLATES_ENV] ??= '1';
  if (!options.cache) process.env[ANSWERS_ENV] = 'off';
  const { checkDiagrams } = await import('../../node/diagrams.ts');
  const openService = (runs: number) => openGrader({ workload: runs, ...(options.jobs === undefined ? {} : { jobs: options.jobs }) });
  const report = await checkCourse(course, openService, { loaded, files, ...(cache ? { cache } : {}), ...(others ? { others } : {}), checkDiagrams });
  const mutation = options.mutate ? await mutate(course, report.exercises, openService) : undefined;
  const written = options.writeFingerprints ? writeFingerprints(root, course, report.exercises) : new Set<string>();
  const fresh = (d: Diagnostic) => !((d.rule === 'fingerprints/stale' || d.rule === 'fingerprints/missing') && written.has(d.file));
  const diagnostics = [...loaded, ...report.diagnostics.filter(fresh), ...(mutation?.diagnostics ?? [])];
  if (options.format === 'json') {
    const body = { diagnostics, exercises: report.exercises, fromCache: report.fromCache, ...(mutation ? { mutation: mutation.exercises } : {}) };
    process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  } else {
    // The diagnostics come last, where the terminal leaves them in sight.
    const lines = options.verbose ? [...exerciseTable(report.exercises), ''] : [];
    if (report.exercises.length) lines.push(mutantSummary(report.exercises), '');
    if (mutation) lines.push(...(await import('./mutate-course.ts')).mutationTable(mutation.exercises), '');
    // --format github: the same report, each diagnostic a workflow command GitHub annotates.
    const show = options.format === 'github' ? githubAnnotation : formatDiagnostic;
    lines.push(...diagnostics.map((d) => show(displayDiagnostic(root, d))));
    if (diagnostics.length) lines.push('');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const what = options.exercise === undefined ? `${countText(course.lessons.length, 'lesson')}, ${countText(course.exercises.length, 'exercise')}` : `The exercise ${options.exercise}`;
    const reused = report.fromCache ? ` (${report.fromCache} unchanged since the last check, not run again; --no-cache runs them)` : '';
    lines.push(`${what} checked in ${seconds} s${reused}: ${counts(diagnostics)}.`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return hasErrors(diagnostics) ? EXIT.failed : EXIT.ok;
}

export function registerCheck(program: Command, exit: (code: ExitCode) => void): void {
  program
    .command('check')
    .description('Validate every lesson and exercise and prove each solution passes, each starter fails and each mutant is caught.')
    .addOption(formatOption(['text', 'json', 'github']))
    .option('--exercise <id>', 'check only this exercise (its folder, solution, starter and mutants)')
    .addOption(new Option('--no-cache', 'run everything, even what did not change since the last check'))
    .option('--verbose', 'print the table of every mutant and the test that catches it')
    .addOption(rootOption())
    .addOption(jobsOption())
    .option('--mutate', "also mutation-test each reference solution with Stryker's mutators (see equivalent-mutants.yml)")
    .option('--write-fingerprints', "write each exercise's fingerprints.json: every test, and the tests each mutant fails")
    .addHelpText('after', EXPLAIN)
    .action(async (options: CheckOptions) => exit(await check(options)));
}
