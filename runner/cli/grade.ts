/** `course grade`: grades learner submissions of one exercise, for people and for CI. */
import { writeFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import { formatDiagnostic } from '../content/diagnostic.ts';
import type { Exercise } from '../content/types.ts';
import { displayDiagnostic, openExercise } from './course-root.ts';
import { EXIT, UsageError, type ExitCode } from './exit.ts';
import { gradeSubmissions, summarize } from './grade-submissions.ts';
import { formatOption, jobsOption, rootOption } from './options.ts';
import { startProgress } from './progress.ts';
import { jsonReport } from './report-json.ts';
import { junitReport } from './report-junit.ts';
import { textReport } from './report-text.ts';
import { parseShard, takeShard } from './shard.ts';
import { findSubmissions } from './submissions.ts';

interface GradeOptions {
  exercise: string;
  format: 'text' | 'json' | 'junit';
  out?: string;
  shard?: string;
  mode: 'submit' | 'run';
  jobs?: number;
  root?: string;
}

const EXAMPLES = `
Examples:
  $ course grade --exercise route submissions/
  $ course grade --exercise route alice.js --format json
  $ course grade --exercise route submissions/ --format junit --out results.xml --shard 2/4

A folder is walked for .js files (.ts for TypeScript exercises) and .json work files exported
from the course ("Export my work"); files are graded in sorted path order.
Exit status: 0 every submission passes, 1 any fails or errors, 2 misuse or broken exercise.`;

/** The exercise to grade, or misuse: unknown id, or content with errors (graded results would lie). */
async function pickExercise(rootOption: string | undefined, id: string): Promise<Exercise> {
  const { root, exercise, diagnostics } = await openExercise(rootOption, id);
  const broken = diagnostics.filter((d) => d.severity === 'error');
  if (broken.length || !exercise) {
    throw new UsageError(
      `The exercise "${id}" has content errors, so its verdicts cannot be trusted. Fix them (see \`course check\`) and grade again.`,
      broken.map((d) => formatDiagnostic(displayDiagnostic(root, d))),
    );
  }
  return exercise;
}

async function grade(paths: string[], options: GradeOptions): Promise<ExitCode> {
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const exercise = await pickExercise(options.root, options.exercise);
  const found = await findSubmissions(paths, exercise.language);
  if (found.length === 0) {
    throw new UsageError(`No submissions found in ${paths.join(', ')}: expected .${exercise.language} files or .json work files.`);
  }
  const files = shard ? takeShard(found, shard) : found;
  if (files.length === 0 && shard) process.stderr.write(`Shard ${shard.index}/${shard.count} has no submissions (${found.length} in all).\n`);

  // Loaded only when needed, so --help stays fast and works whatever state the sandbox is in.
  const { openGrader } = await import('../node/open-grader.ts');
  const service = openGrader({ workload: files.length, ...(options.jobs === undefined ? {} : { jobs: options.jobs }) });
  const progress = startProgress(files.length, `Grading ${exercise.id}`);
  const started = performance.now();
  let graded;
  try {
    graded = await gradeSubmissions({ exercise, files, mode: options.mode, service, onGraded: progress.update });
  } finally {
    progress.stop();
    await service.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(graded);
  const report =
    options.format === 'json' ? jsonReport(exercise.id, graded, summary) : options.format === 'junit' ? junitReport(exercise.id, graded) : textReport(graded, summary, seconds);
  if (options.out !== undefined) {
    await writeFile(options.out, report);
    process.stderr.write(`${summary.total} graded: ${summary.pass} pass, ${summary.fail} fail, ${summary.error} error. Wrote ${options.out}.\n`);
  } else {
    process.stdout.write(report);
  }
  return summary.pass === summary.total ? EXIT.ok : EXIT.failed;
}

export function registerGrade(program: Command, exit: (code: ExitCode) => void): void {
  program
    .command('grade')
    .description('Grade learner submissions of one exercise, in parallel, and report the verdicts.')
    .argument('<paths...>', 'submission files or folders of them')
    .requiredOption('--exercise <id>', 'id of the exercise the submissions answer')
    .addOption(formatOption(['text', 'json', 'junit']))
    .option('--out <file>', 'write the report to this file instead of stdout')
    .option('--shard <i/n>', 'grade only shard i of n (1-based): every n-th file of the sorted list, from the i-th')
    .addOption(new Option('--mode <mode>', 'submit runs every test; run only the visible examples').choices(['submit', 'run']).default('submit'))
    .addOption(jobsOption())
    .addOption(rootOption())
    .addHelpText('after', EXAMPLES)
    .action(async (paths: string[], options: GradeOptions) => exit(await grade(paths, options)));
}
