/**
 * The CLI's parallel grading path: reads and grades many submissions of one exercise through a
 * {@link GradeService}, a fresh sandbox per submission, results in input order.
 * `course grade` and the scaling benchmark (bench/timed-grading.ts) use it.
 */
import { basename, extname } from 'node:path';
import type { CodeExercise } from '../../content/index.ts';
import { diagnose, knownMistakes, type ExamplesJob, type GradeMode, type Misconception, type RunResult, type RunStatus } from '../../core/index.ts';
import { mapLimit } from '../shared/concurrency.ts';
import type { GradeService } from '../../node/grade-service.ts';
import { readSubmission, type FoundFile } from './submissions.ts';

export interface GradedSubmission {
  /** Path as given or found, relative to the working directory. */
  file: string;
  /** Who handed it in: a work file's `learner`, else as found (see FoundFile.learner). */
  learner: string;
  result: RunResult;
  /**
   * Known mistakes the failed tests point at (runner/core/misconceptions.ts), best first; empty
   * for a pass, a run that never reached the tests, Run mode (fingerprints span every test) or
   * an examples exercise.
   */
  misconceptions: Misconception[];
  /** False for a file found beside the submissions that is not one (its result says why). */
  graded: boolean;
  /** Wall time of reading and grading it, in milliseconds. */
  duration: number;
}

export type Summary = { total: number } & Record<RunStatus, number>;

export interface GradeSubmissionsOptions {
  /** A code exercise as loaded (its mutants name mistakes), or an examples exercise ready to grade. */
  exercise: CodeExercise | ExamplesJob;
  /** Paths, or files found by `findSubmissions` (those with `notGraded` get an error entry). */
  files: readonly (string | FoundFile)[];
  mode: GradeMode;
  service: GradeService;
  /** Called after each submission is graded, with how many are done. */
  onGraded?: (done: number) => void;
  cwd?: string;
}

export async function gradeSubmissions(options: GradeSubmissionsOptions): Promise<GradedSubmission[]> {
  const { exercise, mode, service } = options;
  // Examples exercises name no mistake: their results say which mistakes the examples catch.
  const known = mode === 'submit' && exercise.kind !== 'examples' ? knownMistakes(exercise) : [];
  let done = 0;
  return mapLimit(options.files, service.concurrency, async (entry) => {
    const found = typeof entry === 'string' ? { file: entry, notGraded: undefined, learner: basename(entry, extname(entry)) } : entry;
    const { file, notGraded } = found;
    let learner = found.learner;
    const started = performance.now();
    let result: RunResult;
    if (notGraded !== undefined) {
      result = { version: 3, status: 'error', message: notGraded, tests: [] };
    } else {
      const submission = await readSubmission(file, exercise.id, options.cwd);
      if (submission.ok && submission.learner) learner = submission.learner;
      result = submission.ok
        ? await service.grade({ exercise, source: submission.source, mode, filename: learnerFile(file), diagnose: true })
        : { version: 3, status: 'error', message: submission.message, tests: [] };
    }
    options.onGraded?.(++done);
    return { file, learner, result, misconceptions: diagnose(result, known), graded: notGraded === undefined, duration: Math.round(performance.now() - started) };
  });
}

/**
 * The name learners see for their code in messages (a syntax error "of alice.js"): the file's own
 * name; for a work file, the grader's default (the name the course's editor uses).
 */
function learnerFile(file: string): string | undefined {
  return extname(file) === '.json' ? undefined : basename(file);
}

/** Counts by status (a file that is not a submission counts as an error). */
export function summarize(graded: readonly GradedSubmission[]): Summary {
  const summary: Summary = { total: graded.length, pass: 0, fail: 0, error: 0 };
  for (const { result } of graded) summary[result.status] += 1;
  return summary;
}
