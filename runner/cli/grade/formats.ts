/**
 * The report formats of `course grade`, one row each: `--format <name>` picks the row, and the
 * option's choices are the rows' names. A format's code is loaded only when it is chosen (JUnit's
 * XML builder is most of the command's size).
 */
import type { GradedSubmission, Summary } from './grade-submissions.ts';
import type { SkippedFile } from './types.ts';

/** What every format renders from. */
export interface ReportInput {
  exercise: string;
  graded: readonly GradedSubmission[];
  summary: Summary;
  /** Files beside the submissions that are not one. */
  skipped: readonly SkippedFile[];
  /** One file named on the command line (the JSON is then its RunResult alone). */
  single: boolean;
  /** When the grading started (ISO 8601). */
  gradedAt: string;
  /** Wall time of the grading, in seconds. */
  seconds: number;
}

export interface ReportFormat {
  name: string;
  /** One line for `--help`. */
  description: string;
  render(input: ReportInput): Promise<string>;
}

export const REPORT_FORMATS: readonly ReportFormat[] = [
  {
    name: 'text',
    description: 'one line per submission, then a summary',
    render: async ({ graded, summary, seconds, skipped }) => (await import('./format-text.ts')).textReport(graded, summary, seconds, skipped),
  },
  {
    name: 'json',
    description: 'every result with a summary (a folder, shard or learner); one file named alone: its RunResult (Exercism v3)',
    render: async (input) => (await import('./format-json.ts')).jsonReport(input),
  },
  {
    name: 'junit',
    description: 'JUnit XML: a testsuite per submission, a testcase per test',
    render: async ({ exercise, graded }) => (await import('./format-junit.ts')).junitReport(exercise, graded),
  },
];

/** The format named `name`; the option parser has already refused any other name. */
export function reportFormat(name: string): ReportFormat {
  const format = REPORT_FORMATS.find((f) => f.name === name);
  if (!format) throw new Error(`reportFormat: no format "${name}"; the choices are ${REPORT_FORMATS.map((f) => f.name).join(', ')}.`);
  return format;
}
