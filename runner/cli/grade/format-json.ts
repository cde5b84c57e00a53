/**
 * `course grade --format json`: with one submission, that submission's RunResult itself (what a
 * single-submission grader such as Exercism's prints); else every result with a summary.
 */
import type { GradedSubmission, Summary } from './grade-submissions.ts';

export interface GradeJson {
  exercise: string;
  submissions: GradedSubmission[];
  summary: Summary;
}

/**
 * One submission: its RunResult, with the known mistakes it looks like as `misconceptions` (an
 * addition to Exercism's shape, as the results' other extras are). Several: each submission with
 * its file, learner, result and misconceptions, and the counts.
 */
export function jsonReport(exercise: string, graded: readonly GradedSubmission[], summary: Summary): string {
  const one = graded.length === 1 ? graded[0] : undefined;
  const body = one ? { ...one.result, misconceptions: one.misconceptions } : ({ exercise, submissions: [...graded], summary } satisfies GradeJson);
  return `${JSON.stringify(body, null, 2)}\n`;
}
