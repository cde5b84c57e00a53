/**
 * Shapes `course grade` passes between finding submissions, reading them and writing results:
 * declared here, below all of those files, so none imports another for a type.
 */

/** What an "Export my work" file says beside the code: signals for the teacher, not verdicts. */
export interface WorkSignals {
  /** When the learner exported it (ISO 8601, from their browser's clock). */
  exportedAt: string;
  /** The learner opened the reference solution of this exercise. */
  solutionRevealed: boolean;
  /** Hints of this exercise the learner revealed. */
  hintsSeen: number;
}

/** A file found beside the submissions that is not one (notes.txt, a .ts file in a .js exercise). */
export interface SkippedFile {
  file: string;
  learner: string;
  /** Why it is not a submission, as a sentence. */
  reason: string;
}
