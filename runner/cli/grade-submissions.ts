/**
 * The CLI's parallel grading path: reads and grades many submissions of one exercise through a
 * {@link GradeService}, a fresh sandbox per submission, results in input order.
 * `course grade` and the scaling benchmark (bench/timed-grading.ts) use it.
 */
import type { Exercise } from '../content/types.ts';
import type { RunResult, RunStatus } from '../core/result.ts';
import type { GradeMode } from '../core/runner-api.ts';
import { mapLimit } from './concurrency.ts';
import type { GradeService } from '../node/grade-service.ts';
import { readSubmission } from './submissions.ts';

export interface GradedSubmission {
  /** Path as given or found, relative to the working directory. */
  file: string;
  result: RunResult;
}

export type Summary = { total: number } & Record<RunStatus, number>;

export interface GradeSubmissionsOptions {
  exercise: Exercise;
  files: readonly string[];
  mode: GradeMode;
  service: GradeService;
  /** Called after each submission is graded, with how many are done. */
  onGraded?: (done: number) => void;
  cwd?: string;
}

export async function gradeSubmissions(options: GradeSubmissionsOptions): Promise<GradedSubmission[]> {
  const { exercise, mode, service } = options;
  let done = 0;
  return mapLimit(options.files, service.concurrency, async (file) => {
    const submission = await readSubmission(file, exercise.id, options.cwd);
    const result: RunResult = submission.ok
      ? await service.grade({ exercise, source: submission.source, mode })
      : { version: 3, status: 'error', message: submission.message, tests: [] };
    options.onGraded?.(++done);
    return { file, result };
  });
}

export function summarize(graded: readonly GradedSubmission[]): Summary {
  const summary: Summary = { total: graded.length, pass: 0, fail: 0, error: 0 };
  for (const { result } of graded) summary[result.status] += 1;
  return summary;
}
