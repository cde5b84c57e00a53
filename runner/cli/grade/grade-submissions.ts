/**
 * The CLI's parallel grading path: reads and grades many submissions of one exercise through a
 * {@link GradeService}, a fresh sandbox per submission, results in input order.
 * `course grade` and the scaling benchmark (bench/timed-grading.ts) use it.
 */
import { basename, extname } from 'node:path';
import type { CodeExercise } from '../../content/index.ts';
import { knownMistakes, namedMistakes, type ExamplesJob, type GradeMode, type Misconception, type RunResult, type RunStatus } from '../../core/index.ts';
import { mapLimit } from '../shared/concurrency.ts';
import { countStatuses, runCause } from '../shared/diagnosis.ts';
import type { GradeService } from '../../node/grade-service.ts';
import { sameName } from '../shared/names.ts';
import { readSubmission, type FoundFile } from './submissions.ts';
import type { WorkSignals } from './types.ts';

export type { WorkSignals } from './types.ts';

export interface GradedSubmission {
  /** Path as given or found, relative to the working directory. */
  file: string;
  /**
   * Who handed it in: the learner's folder (`submissions/<exercise>/<learner>/...`); for a file
   * outside any learner folder, a work file's typed name, else the file's name (see FoundFile).
   */
  learner: string;
  /** The name typed into a work file, when there is one (kept beside the folder's, never instead). */
  typedName?: string;
  /** True when `typedName` is not the learner's folder name (spaces and case aside). */
  nameMismatch?: boolean;
  /** From a work file: when it was exported, whether the solution was revealed, hints seen. */
  work?: WorkSignals;
  /** ISO 8601 time of the file's last commit, when the submissions are in a git repository. */
  committedAt?: string;
  result: RunResult;
  /**
   * The known mistakes the submission makes, as the grader named them by running the mutants on
   * its failing inputs (`result.mistakes`), each with its fingerprint's score (namedMistakes in
   * runner/core/misconceptions.ts); empty for a pass, a run error (shared/diagnosis.ts), Run mode
   * or an examples exercise. The same list `result.mistakes` holds, never a second opinion.
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
    const found: FoundFile = typeof entry === 'string' ? { file: entry, learner: basename(entry, extname(entry)) } : entry;
    const { file, notGraded } = found;
    let learner = found.learner;
    let identity: Pick<GradedSubmission, 'typedName' | 'nameMismatch' | 'work'> = {};
    const started = performance.now();
    let result: RunResult;
    if (notGraded !== undefined) {
      result = { version: 3, status: 'error', message: notGraded, tests: [] };
    } else {
      const submission = await readSubmission(file, exercise, options.cwd);
      if (submission.ok) {
        // The learner's folder names the learner; a typed name is kept beside it, and flagged
        // when it names someone else. Outside a folder, the typed name is all there is.
        const typed = submission.learner;
        if (typed !== undefined) {
          identity = found.inFolder ? { typedName: typed, nameMismatch: !sameName(typed, found.learner) } : { typedName: typed };
          if (!found.inFolder) learner = typed;
        }
        if (submission.work) identity.work = submission.work;
      }
      result = submission.ok
        ? await service.grade({ exercise, source: submission.source, mode, filename: learnerFile(file), diagnose: true })
        : { version: 3, status: 'error', message: submission.message, tests: [] };
    }
    options.onGraded?.(++done);
    const graded = notGraded === undefined;
    // A run error (a loop, memory, a throw at load) fails tests for its cause, not for a mistake.
    const misconceptions = runCause({ result, graded }) ? [] : namedMistakes(result, known);
    return { file, learner, ...identity, result, misconceptions, graded, duration: Math.round(performance.now() - started) };
  });
}

/**
 * The name learners see for their code in messages (a syntax error "of alice.js"): the file's own
 * name; for a work file, the grader's default (the name the course's editor uses).
 */
function learnerFile(file: string): string | undefined {
  return extname(file) === '.json' ? undefined : basename(file);
}

/** Counts by status, as the report counts them: a file that is not a submission, or a run a limit stopped, is an error. */
export function summarize(graded: readonly GradedSubmission[]): Summary {
  return countStatuses(graded);
}
