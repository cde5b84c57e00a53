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

export function jsonReport(exercise: string, graded: readonly GradedSubmission[], summary: Summary): string {
  const body = graded.length === 1 ? graded[0]?.result : ({ exercise, submissions: [...graded], summary } satisfies GradeJson);
  return `${JSON.stringify(body, null, 2)}\n`;
}
