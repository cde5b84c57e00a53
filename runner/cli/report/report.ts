/**
 * `course report`: the class report from what `course grade --format json` wrote, for people
 * (Markdown for a CI job summary, a self-contained HTML page with charts) and for systems (CSV for
 * a gradebook, JUnit for a CI check run). The outputs live in formats/.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { EXIT, UsageError, type ExitCode } from '../shared/exit.ts';
import { checkOutPath } from '../shared/out-path.ts';
import { countText, plural } from '../shared/words.ts';
import { readResults } from './read-results.ts';
import { summarizeClass } from './summarize.ts';
import type { ClassResults, ClassSummary } from './types.ts';

interface ReportOptions {
  markdown?: string;
  html?: string;
  csv?: string;
  junit?: string;
  exercise?: string;
}

interface Output {
  option: keyof Omit<ReportOptions, 'exercise'>;
  flag: string;
  example: string;
  render(summary: ClassSummary, results: ClassResults): Promise<string>;
}

/** The outputs, one row each; each one's code is loaded only when asked for (Vega for the HTML). */
const OUTPUTS: readonly Output[] = [
  { option: 'markdown', flag: '--markdown', example: 'summary.md', render: async (summary) => (await import('./formats/markdown.ts')).markdownReport(summary) },
  { option: 'html', flag: '--html', example: 'report.html', render: async (summary, results) => (await import('./formats/html.ts')).htmlReport(summary, results.rows) },
  { option: 'csv', flag: '--csv', example: 'grades.csv', render: async (_, results) => (await import('./formats/csv.ts')).csvReport(results.rows) },
  {
    option: 'junit',
    flag: '--junit',
    example: 'grades.xml',
    render: async (summary, results) =>
      (await import('../grade/format-junit.ts')).junitClassReport(summary.exercises.map((e) => ({ exercise: e.exercise, graded: results.rows.filter((r) => r.exercise === e.exercise) }))),
  },
];

const EXAMPLES = `
Examples:
  $ course report results/*.json
  $ course report results/*.json --markdown summary.md --html report.html --csv grades.csv
  $ course report alice.json --exercise route

Reads the files \`course grade --format json --out <file>\` wrote: one per exercise or per shard,
merged; a submission found in two files counts once (the report says so). With no output named,
the Markdown goes to stdout. A file of one submission (a RunResult) does not name its exercise:
give it with --exercise. The learner of each row is the work file's name field, else the first
folder below the graded one (submissions/route/alice/route.js is alice's), else the file name.
Exit status: 0 when the report is written, 2 for misuse (no input, a file that is not such output).`;

async function report(paths: string[], options: ReportOptions): Promise<ExitCode> {
  const chosen = OUTPUTS.filter((o) => options[o.option] !== undefined);
  for (const output of chosen) checkOutPath(options[output.option] as string, output.flag, output.example);
  const targets = chosen.map((o) => resolve(options[o.option] as string));
  const twice = chosen.find((_, i) => targets.indexOf(targets[i] as string) !== i);
  if (twice) throw new UsageError(`${twice.flag} ${options[twice.option]} names a file another output writes too; give each output its own file.`);
  const results = readResults(paths, options.exercise === undefined ? {} : { exercise: options.exercise });
  const summary = summarizeClass(results);
  for (const path of new Set(results.repeated)) process.stderr.write(`course: ${path} is named more than once; it is read once.\n`);
  if (results.duplicates.length) {
    const first = results.duplicates[0];
    process.stderr.write(
      `course: ${plural(results.duplicates.length, 'submission was', 'submissions were')} in more than one results file and count once (e.g. ${first?.file} in ${first?.kept} and ${first?.dropped}).\n`,
    );
  }
  if (chosen.length === 0) {
    process.stdout.write((await OUTPUTS[0]?.render(summary, results)) ?? '');
    return EXIT.ok;
  }
  const written: string[] = [];
  for (const output of chosen) {
    const file = options[output.option] as string;
    writeFileSync(file, await output.render(summary, results));
    written.push(file);
  }
  const { totals } = summary;
  process.stderr.write(`${countText(totals.total, 'submission')} in ${countText(summary.exercises.length, 'exercise')}. Wrote ${written.join(', ')}.\n`);
  return EXIT.ok;
}

export function registerReport(program: Command, exit: (code: ExitCode) => void): void {
  program
    .command('report')
    .description('Write the class report (Markdown, HTML, CSV, JUnit) from `course grade --format json` results.')
    .argument('[results...]', 'results files written by course grade --format json')
    .option('--markdown <file>', 'Markdown for a CI job summary (the default, to stdout, when no output is named)')
    .option('--html <file>', 'a self-contained HTML page with charts, readable offline')
    .option('--csv <file>', 'CSV for a gradebook: learner, exercise, status, passed, total, score, misconceptions, feedback, file')
    .option('--junit <file>', 'JUnit XML of every submission, for a CI check run')
    .option('--exercise <id>', 'the exercise of results files that hold one submission (a RunResult names none)')
    .addHelpText('after', EXAMPLES)
    .action(async (paths: string[], options: ReportOptions) => exit(await report(paths, options)));
}
