/**
 * The class report's data: what `course report` reads from `course grade --format json` files
 * (one row per graded submission), and what it works out per exercise for the Markdown, HTML and
 * CSV outputs. Everything after reading is pure data, so each output is a function of it.
 */
import type { RunStatus } from '../../core/index.ts';
import type { GradedSubmission } from '../grade/grade-submissions.ts';
import type { SkippedFile } from '../grade/types.ts';

/**
 * One graded submission as `course grade` wrote it (for a results file of one submission, `file`
 * is that results file), with its exercise and the results file it was read from. The fields the
 * report reads are checked when it is read; `duration` is 0 when the file does not give it.
 */
export interface ClassRow extends GradedSubmission {
  exercise: string;
  /** The results file it was read from. */
  input: string;
  /** With `--cutoff`: the work's time (see late.ts) is after it. */
  late?: boolean;
  /** This row is the learner's result for the exercise in the gradebook and feedback (see pick.ts). */
  counted?: boolean;
}

/** A submission found in more than one results file (the same shard given twice, say): counted once. */
export interface Duplicate {
  exercise: string;
  file: string;
  /** The results file whose row was kept, and the ones whose rows were dropped. */
  kept: string;
  dropped: string;
}

/** What the inputs hold once merged: rows sorted by exercise and file, each submission once. */
export interface ClassResults {
  rows: ClassRow[];
  /** Exercises named by the inputs, also those with no submission (an empty shard). */
  exercises: string[];
  duplicates: Duplicate[];
  /** The results files read, as given, each once. */
  inputs: string[];
  /** Paths named again after their first time (overlapping globs), not read again. */
  repeated: string[];
  /** Files found beside the submissions that are not one, per exercise (they have no row). */
  skipped: Array<SkippedFile & { exercise: string }>;
}

/** One bar of the score distribution: submissions whose share of passed tests falls in [from, to). */
export interface ScoreBucket {
  label: string;
  /** Percent, inclusive. */
  from: number;
  /** Percent, exclusive (101 for the 100% bucket). */
  to: number;
  count: number;
}

/** How often one test failed among the submissions that ran it. */
export interface TestFailures {
  name: string;
  hidden: boolean;
  /** Submissions where it did not pass (failed or errored). */
  failed: number;
  /** Submissions that ran it. */
  ran: number;
  /** failed / ran, 0 to 1. */
  rate: number;
}

/** A known mistake and how many submissions look like it. */
export interface MistakeCount {
  mutant: string;
  sentence: string;
  hint?: number;
  /** Submissions whose diagnosis names it (alone or tied with others). */
  submissions: number;
  /** Of those, the ones that fail exactly its tests. */
  exact: number;
}

/** Run errors of one cause (a loop, memory, a throw at load...) and how many submissions ended so. */
export interface CauseCount {
  cause: string;
  submissions: number;
}

export interface ExerciseSummary {
  exercise: string;
  counts: { total: number } & Record<RunStatus, number>;
  /** Files that are not submissions (counted among the errors). */
  notGraded: number;
  learners: number;
  /** Submissions that never reached the tests (no score): syntax errors, missing functions, not graded. */
  unscored: number;
  /** Median share of passed tests of the scored submissions, in percent; undefined when none. */
  medianScore: number | undefined;
  distribution: ScoreBucket[];
  /** Most failed first. */
  tests: TestFailures[];
  /** Shown by most submissions first. */
  mistakes: MistakeCount[];
  /** Run errors by cause, most first (shared/diagnosis.ts). */
  causes: CauseCount[];
  /** Submissions that failed tests, with no run error, but look like no known mistake. */
  unexplained: number;
}

export interface ClassSummary {
  exercises: ExerciseSummary[];
  totals: { total: number } & Record<RunStatus, number>;
  learners: number;
  duplicates: readonly Duplicate[];
  inputs: readonly string[];
  /** Files found beside the submissions that are not one (no row of their own). */
  skipped: ClassResults['skipped'];
}
