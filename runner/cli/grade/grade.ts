/** `course grade`: grades learner submissions of one exercise, for people and for CI. */
import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { formatDiagnostic, type CodeExercise } from '../../content/index.ts';
import { gradingJob, type ExamplesJob } from '../../core/index.ts';
import { displayDiagnostic, openExercise } from '../shared/course-root.ts';
import { EXIT, UsageError, type ExitCode } from '../shared/exit.ts';
import { checkOutPath } from '../shared/out-path.ts';
import { gradeSubmissions, summarize } from './grade-submissions.ts';
import { formatOption, jobsOption, rootOption } from '../shared/options.ts';
import { startProgress } from './progress.ts';
import { countText } from '../shared/words.ts';
import { REPORT_FORMATS, reportFormat } from './formats.ts';
import { parseShard, takeShard } from './shard.ts';
import { findSubmissions } from './submissions.ts';
import type { RunContext } from '../shared/run-context.ts';

interface GradeOptions {
  exercise: string;
  format: string;
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
from the course ("Export my work"); files are graded in sorted path order. Any other file in
the folder is listed as an error with the reason it is not graded.
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
  let graded;
  let files;
  let exercise;
  let started;
  try {
    exercise = await pickExercise(options.root, options.exercise);
    const found = await findSubmissions(paths, exercise.language);
    files = shard ? takeShard(found, shard) : found;
    if (files.length === 0 && shard) process.stderr.write(`Shard ${shard.index}/${shard.count} has no submissions (${found.length} in all).\n`);
    const notGraded = files.filter((f) => f.notGraded !== undefined);
    // The text table lists them with their reasons; a machine-readable report needs a human note.
    if (notGraded.length && (options.format !== 'text' || options.out !== undefined)) {
      const list = notGraded.map((f) => `  ${f.file}: ${f.notGraded}\n`).join('');
      process.stderr.write(`${countText(notGraded.length, 'file')} in the submissions folder will not be graded (each is reported as an error):\n${list}`);
    }
    service.expect(files.length - notGraded.length);
    const progress = await startProgress(files.length, `Grading ${exercise.id}`);
    started = performance.now();
    try {
      graded = await gradeSubmissions({ exercise, files, mode: options.mode, service, onGraded: progress.update });
    } finally {
      progress.stop();
    }
  } finally {
    await service.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(graded);
  const report = await format.render({ exercise: exercise.id, graded, summary, seconds });
  if (options.out !== undefined) {
    writeFileSync(options.out, report);
    process.stderr.write(`${countText(summary.total, 'submission')}: ${summary.pass} pass, ${summary.fail} fail, ${summary.error} error. Wrote ${options.out}.\n`);
  } else {
    process.stdout.write(report);
  }
  return summary.pass === summary.total ? EXIT.ok : EXIT.failed;
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
    .addOption(new Option('--mode <mode>', 'submit runs every test; run only the visible examples').choices(['submit', 'run']).default('submit'))
    .addOption(jobsOption())
    .addOption(rootOption())
    .addHelpText('after', `${EXAMPLES}\n\nFormats (--format):\n${REPORT_FORMATS.map((f) => `  ${f.name.padEnd(6)} ${f.description}`).join('\n')}`)
    .action(async (paths: string[], options: GradeOptions) => exit(await grade(paths, options, context)));
}
