/** `course grade`: grades learner submissions of one exercise, for people and for CI. */
import { statSync, writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { formatDiagnostic, type CodeExercise } from '../../content/index.ts';
import { gradingJob, type ExamplesJob } from '../../core/index.ts';
import { displayDiagnostic, openExercise } from '../shared/course-root.ts';
import { EXIT, UsageError, type ExitCode } from '../shared/exit.ts';
import { checkOutPath } from '../shared/out-path.ts';
import { commitTimes } from './commit-times.ts';
import { gradeSubmissions, summarize, type GradedSubmission } from './grade-submissions.ts';
import { formatOption, jobsOption, rootOption } from '../shared/options.ts';
import { startProgress } from './progress.ts';
import { countText } from '../shared/words.ts';
import { REPORT_FORMATS, reportFormat } from './formats.ts';
import { parseShard, takeShard } from './shard.ts';
import { findSubmissions, type Found } from './submissions.ts';
import type { RunContext } from '../shared/run-context.ts';

interface GradeOptions {
  exercise: string;
  format: string;
  out?: string;
  shard?: string;
  mode: 'submit' | 'run';
  jobs?: number;
  root?: string;
  learner?: string;
  withHiddenCode?: boolean;
}

const EXAMPLES = `
Examples:
  $ course grade --exercise route submissions/
  $ course grade --exercise route alice.js --format json
  $ course grade --exercise route submissions/ --format junit --out results.xml --shard 2/4
  $ course grade --exercise route submissions/route/ --learner alice --format json --out alice.json

A folder is walked for .js files (.ts for TypeScript exercises) and .json work files exported
from the course ("Export my work"); files are graded in sorted path order. The first folder
below the one walked names the learner (a name typed into a work file is kept beside it, and
flagged when it differs). Other files are skipped and listed on stderr; a learner folder with
no submission at all gets one error row saying why.
Exit status: 0 every submission passes, 1 any fails or errors, 2 misuse or broken exercise.`;

/**
 * The exercise to grade, or misuse: unknown id, or content with errors (graded results would lie).
 * An examples exercise comes with the solution and mutants of its `of`, ready to grade.
 */
async function pickExercise(rootOption: string | undefined, id: string): Promise<CodeExercise | ExamplesJob> {
  const { root, exercise, of, diagnostics } = await openExercise(rootOption, id, { mutants: false });
  const broken = diagnostics.filter((d) => d.severity === 'error');
  if (broken.length || !exercise || (exercise.kind === 'examples' && of?.kind !== 'code')) {
    throw new UsageError(
      `The exercise "${id}" has content errors, so its verdicts cannot be trusted. Fix them (see \`course check\`) and grade again.`,
      broken.map((d) => formatDiagnostic(displayDiagnostic(root, d))),
    );
  }
  return exercise.kind === 'code' ? exercise : (gradingJob(exercise, () => of) as ExamplesJob);
}

async function grade(paths: string[], options: GradeOptions, context: RunContext): Promise<ExitCode> {
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  if (options.out !== undefined) checkOutPath(options.out, '--out', 'results.xml');
  const format = reportFormat(options.format);
  // The first grading process starts now and boots while the exercise loads: grading never
  // runs in this process (see runner/node/process-grader.ts), and a one-file grade would
  // otherwise wait for that boot after loading. Loaded here, so --help stays fast.
  const { openGrader } = await import('../../node/open-grader.ts');
  const service = openGrader({ workload: 1, ...(options.jobs === undefined ? {} : { jobs: options.jobs }), ...(context.gradingProcess ? { adopt: context.gradingProcess } : {}) });
  const gradedAt = new Date().toISOString();
  let graded: GradedSubmission[];
  let exercise: CodeExercise | ExamplesJob;
  let found: Found;
  let started: number;
  try {
    exercise = await pickExercise(options.root, options.exercise);
    const several = exercise.kind !== 'examples' && exercise.files ? { files: exercise.files.map((f) => f.name) } : {};
    const all = await findSubmissions(paths, exercise.language, process.cwd(), { ...several, ...(options.learner === undefined ? {} : { learner: options.learner }) });
    found = shard ? { files: takeShard(all.files, shard), skipped: all.skipped } : all;
    const { files, skipped } = found;
    if (files.length === 0 && shard) process.stderr.write(`Shard ${shard.index}/${shard.count} has no submissions (${all.files.length} in all).\n`);
    // The text table lists them; a machine-readable report needs a human note.
    if (skipped.length && (options.format !== 'text' || options.out !== undefined)) {
      const list = skipped.map((f) => `  ${f.file}: ${f.reason}\n`).join('');
      process.stderr.write(`${countText(skipped.length, 'file')} beside the submissions ${skipped.length === 1 ? 'is' : 'are'} not graded:\n${list}`);
    }
    const notGraded = files.filter((f) => f.notGraded !== undefined);
    service.expect(files.length - notGraded.length);
    // Read from git while the submissions are graded.
    const committed = commitTimes(paths, files.map((f) => f.file));
    const progress = await startProgress(files.length, `Grading ${exercise.id}`);
    started = performance.now();
    try {
      graded = await gradeSubmissions({ exercise, files, mode: options.mode, service, onGraded: progress.update });
    } finally {
      progress.stop();
    }
    const times = await committed;
    graded = graded.map((g) => (times.has(g.file) ? { ...g, committedAt: times.get(g.file) as string } : g));
    // Hidden checks' code is the course's: no output holds it unless the instructor asks.
    if (!options.withHiddenCode) graded = graded.map(withoutHiddenCode);
  } finally {
    await service.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(graded);
  // One file named alone: a single submission's RunResult. A folder, shard or learner: the class shape.
  const single = paths.length === 1 && !shard && options.learner === undefined && !statSync(paths[0] as string).isDirectory();
  const report = await format.render({ exercise: exercise.id, graded, summary, skipped: found.skipped, single, gradedAt, seconds });
  if (options.out !== undefined) {
    writeFileSync(options.out, report);
    process.stderr.write(`${countText(summary.total, 'submission')}: ${summary.pass} pass, ${summary.fail} fail, ${summary.error} error. Wrote ${options.out}.\n`);
  } else {
    process.stdout.write(report);
  }
  return summary.pass === summary.total ? EXIT.ok : EXIT.failed;
}

/** A graded submission with the code of its hidden checks left out (Exercism's `test_code` is then ""). */
function withoutHiddenCode(entry: GradedSubmission): GradedSubmission {
  return { ...entry, result: { ...entry.result, tests: entry.result.tests.map((t) => (t.hidden ? { ...t, test_code: '' } : t)) } };
}

export function registerGrade(program: Command, exit: (code: ExitCode) => void, context: RunContext = {}): void {
  program
    .command('grade')
    .description('Grade learner submissions of one exercise, in parallel, and report the verdicts.')
    .argument('<paths...>', 'submission files or folders of them')
    .requiredOption('--exercise <id>', 'id of the exercise the submissions answer')
    .addOption(formatOption(REPORT_FORMATS.map((f) => f.name)))
    .option('--out <file>', 'write the report to this file instead of stdout')
    .option('--shard <i/n>', 'grade only shard i of n (1-based): every n-th file of the sorted list, from the i-th')
    .option('--learner <name>', "grade only this learner's submissions (their folder's name), with the identity a full run gives them")
    .option('--with-hidden-code', "keep each hidden check's code (test_code) in the results: for the instructor's eyes only")
    .addOption(new Option('--mode <mode>', 'submit runs every test; run only the visible examples').choices(['submit', 'run']).default('submit'))
    .addOption(jobsOption())
    .addOption(rootOption())
    .addHelpText('after', `${EXAMPLES}\n\nFormats (--format):\n${REPORT_FORMATS.map((f) => `  ${f.name.padEnd(6)} ${f.description}`).join('\n')}`)
    .action(async (paths: string[], options: GradeOptions) => exit(await grade(paths, options, context)));
}
