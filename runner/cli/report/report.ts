/**
 * `course report`: the class report from what `course grade --format json` wrote, for people
 * (Markdown for a CI job summary, a self-contained HTML page with charts, a feedback file per
 * learner) and for systems (CSV of every submission, a gradebook CSV for an LMS, JUnit for a CI
 * check run). The outputs live in formats/; which submission counts, and lateness, in pick.ts;
 * the roster in roster.ts.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { EXIT, UsageError, type ExitCode } from '../shared/exit.ts';
import { checkOutPath } from '../shared/out-path.ts';
import { countText, plural } from '../shared/words.ts';
import { parseCutoff, pickCounted } from './pick.ts';
import { readResults } from './read-results.ts';
import { checkRoster, readRoster, rosterLines, type RosterCheck, type RosterEntry } from './roster.ts';
import { summarizeClass } from './summarize.ts';
import type { ClassResults, ClassSummary } from './types.ts';

interface ReportOptions {
  markdown?: string;
  html?: string;
  csv?: string;
  gradebook?: string;
  junit?: string;
  feedback?: string;
  exercise?: string;
  roster?: string;
  cutoff?: string;
}

/** What every output renders from: the figures, the rows (with late and counted set), the roster. */
interface ReportData {
  summary: ClassSummary;
  results: ClassResults;
  roster?: RosterEntry[];
  rosterCheck?: RosterCheck;
}

interface Output {
  option: 'markdown' | 'html' | 'csv' | 'gradebook' | 'junit';
  flag: string;
  example: string;
  render(data: ReportData): Promise<string>;
}

/** The outputs, one row each; each one's code is loaded only when asked for (Vega for the HTML). */
const OUTPUTS: readonly Output[] = [
  { option: 'markdown', flag: '--markdown', example: 'summary.md', render: async ({ summary, rosterCheck }) => (await import('./formats/markdown.ts')).markdownReport(summary, rosterCheck ? rosterLines(rosterCheck) : []) },
  { option: 'html', flag: '--html', example: 'report.html', render: async ({ summary, results, rosterCheck }) => (await import('./formats/html.ts')).htmlReport(summary, results.rows, rosterCheck ? rosterLines(rosterCheck) : []) },
  { option: 'csv', flag: '--csv', example: 'grades.csv', render: async ({ results }) => (await import('./formats/csv.ts')).csvReport(results.rows) },
  { option: 'gradebook', flag: '--gradebook', example: 'gradebook.csv', render: async ({ results, roster }) => (await import('./formats/gradebook.ts')).gradebookReport(results.rows, results.exercises, roster) },
  {
    option: 'junit',
    flag: '--junit',
    example: 'grades.xml',
    render: async ({ summary, results }) =>
      (await import('../grade/format-junit.ts')).junitClassReport(summary.exercises.map((e) => ({ exercise: e.exercise, graded: results.rows.filter((r) => r.exercise === e.exercise) }))),
  },
];

const EXAMPLES = `
Examples:
  $ course report results/*.json
  $ course report results/*.json --markdown summary.md --html report.html --csv grades.csv
  $ course report alice.json --exercise route
  $ course report results/*.json --roster roster.csv --gradebook gradebook.csv --feedback feedback/ --cutoff 2026-05-01T23:59:00Z

Reads the files \`course grade --format json --out <file>\` wrote: one per exercise or per shard,
merged; a submission found in two files counts once, the later grading (the report says so).
With no output named, the Markdown goes to stdout. A one-file RunResult from an older course
grade does not name its exercise: give it with --exercise. The learner of each row is the first
folder below the graded one (submissions/route/alice/route.js is alice's), else the work file's
typed name, else the file name. The README's "Class reports" section describes every output.
Exit status: 0 when the report is written, 2 for misuse (no input, a file that is not such output).`;

async function report(paths: string[], options: ReportOptions): Promise<ExitCode> {
  const chosen = OUTPUTS.filter((o) => options[o.option] !== undefined);
  for (const output of chosen) checkOutPath(options[output.option] as string, output.flag, output.example);
  if (options.feedback !== undefined) {
    // A folder that exists, or one this command can create.
    const info = statSync(options.feedback, { throwIfNoEntry: false });
    if (info && !info.isDirectory()) throw new UsageError(`--feedback ${options.feedback} is a file; name a folder for the feedback files, e.g. --feedback feedback/.`);
    checkOutPath(info ? join(options.feedback, 'learner.md') : options.feedback, '--feedback', 'feedback');
  }
  const targets = chosen.map((o) => resolve(options[o.option] as string));
  const twice = chosen.find((_, i) => targets.indexOf(targets[i] as string) !== i);
  if (twice) throw new UsageError(`${twice.flag} ${options[twice.option]} names a file another output writes too; give each output its own file.`);
  let cutoff: number | undefined;
  if (options.cutoff !== undefined) {
    cutoff = parseCutoff(options.cutoff);
    if (cutoff === undefined) throw new UsageError(`--cutoff ${options.cutoff} is not an ISO 8601 date: give a day (2026-05-01, its end in UTC) or a time with its zone (2026-05-01T23:59:00+02:00).`);
  }
  const roster = options.roster === undefined ? undefined : readRoster(options.roster);
  const read = readResults(paths, options.exercise === undefined ? {} : { exercise: options.exercise });
  const results: ClassResults = { ...read, rows: pickCounted(read.rows, cutoff === undefined ? {} : { cutoff }) };
  const summary = summarizeClass(results);
  const rosterCheck = roster ? checkRoster(roster, [...new Set(results.rows.map((r) => r.learner))]) : undefined;
  for (const path of new Set(results.repeated)) process.stderr.write(`course: ${path} is named more than once; it is read once.\n`);
  if (results.duplicates.length) {
    const first = results.duplicates[0];
    process.stderr.write(
      `course: ${plural(results.duplicates.length, 'submission was', 'submissions were')} in more than one results file and count once, the later grading (e.g. ${first?.file}: kept ${first?.kept}, not ${first?.dropped}).\n`,
    );
  }
  const late = results.rows.filter((r) => r.late);
  if (late.length) process.stderr.write(`course: ${plural(late.length, 'submission is', 'submissions are')} after the cutoff and ${late.length === 1 ? 'does' : 'do'} not count (e.g. ${late[0]?.file}).\n`);
  if (rosterCheck) for (const line of rosterLines(rosterCheck)) process.stderr.write(`course: ${line}\n`);
  const data: ReportData = { summary, results, ...(roster ? { roster } : {}), ...(rosterCheck ? { rosterCheck } : {}) };
  if (chosen.length === 0 && options.feedback === undefined) {
    process.stdout.write((await OUTPUTS[0]?.render(data)) ?? '');
    return EXIT.ok;
  }
  const written: string[] = [];
  for (const output of chosen) {
    const file = options[output.option] as string;
    writeFileSync(file, await output.render(data));
    written.push(file);
  }
  if (options.feedback !== undefined) {
    const { feedbackFiles } = await import('./formats/feedback.ts');
    const files = feedbackFiles(results.rows, results.exercises);
    if (!statSync(options.feedback, { throwIfNoEntry: false })) mkdirSync(options.feedback);
    for (const [name, text] of files) writeFileSync(join(options.feedback, name), text);
    written.push(`${countText(files.size, 'feedback file')} in ${options.feedback}`);
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
    .option('--csv <file>', 'CSV of every submission: learner, exercise, status, cause, score, feedback, signals (see the README)')
    .option('--gradebook <file>', 'CSV for an LMS import (Canvas, Moodle): one row per learner, one score column per exercise')
    .option('--feedback <folder>', 'one Markdown file per learner, safe to hand out (their own results, nothing hidden)')
    .option('--junit <file>', 'JUnit XML of every submission, for a CI check run')
    .option('--roster <file>', 'CSV of the class (learner, name, id, sis_user_id, sis_login_id, section): ids for the gradebook; flags missing, unknown and duplicate learners')
    .option('--cutoff <date>', 'ISO 8601 date or time: work exported or committed after it is late and does not count')
    .option('--exercise <id>', 'the exercise of one-submission results files from an older course grade (they name none)')
    .addHelpText('after', EXAMPLES)
    .action(async (paths: string[], options: ReportOptions) => exit(await report(paths, options)));
}
