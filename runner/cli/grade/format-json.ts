/**
 * `course grade --format json`. Grading a folder (or a shard of one, or one learner of one)
 * always writes the class shape, `{ exercise, gradedAt, submissions, skipped, summary }`, which
 * `course report` reads, whatever the number of submissions. Grading one file named on the
 * command line writes that submission's RunResult itself (what a single-submission grader such
 * as Exercism's prints), with the exercise, file and learner beside Exercism's fields, so
 * `course report` reads it beside the others too.
 */
import type { RunResult } from '../../core/index.ts';
import type { GradedSubmission, Summary } from './grade-submissions.ts';

import type { SkippedFile } from './types.ts';

export type { SkippedFile } from './types.ts';

/** The class shape. */
export interface GradeJson {
  exercise: string;
  /** When this grading ran (ISO 8601): of two results of one submission, the later counts. */
  gradedAt: string;
  submissions: GradedSubmission[];
  /** Files beside submissions that are not one; they have no row (see submissions.ts). */
  skipped: SkippedFile[];
  summary: Summary;
}

/** The one-file shape: the RunResult with the identity `course report` needs beside it. */
export type SingleGradeJson = RunResult & Omit<GradedSubmission, 'result' | 'duration' | 'graded'> & { exercise: string; gradedAt: string };

export interface JsonReportInput {
  exercise: string;
  graded: readonly GradedSubmission[];
  summary: Summary;
  skipped: readonly SkippedFile[];
  /** One file named on the command line: its RunResult alone. */
  single: boolean;
  gradedAt: string;
}

export function jsonReport(input: JsonReportInput): string {
  const { exercise, graded, summary, skipped, gradedAt } = input;
  const one = input.single && graded.length === 1 ? graded[0] : undefined;
  let body: GradeJson | SingleGradeJson;
  if (one) {
    const { result, duration: _, graded: __, ...identity } = one;
    body = { ...result, ...identity, exercise, gradedAt };
  } else {
    body = { exercise, gradedAt, submissions: [...graded], skipped: [...skipped], summary };
  }
  return `${JSON.stringify(body, null, 2)}\n`;
}
