/**
 * The learner's code as files. An exercise of one file keeps passing one source text everywhere
 * (as it always has); an exercise of several passes its files, each with the name the learner sees
 * in the editor's tabs, in messages and in stack places. One type, so every layer reads the same.
 */

/** One file of the learner's code. */
export interface LearnerFile {
  /** The name the learner sees (`table.js`): a plain file name, no folder. */
  name: string;
  source: string;
}

/** The learner's code: one source text, or the files of an exercise of several. */
export type LearnerCode = string | readonly LearnerFile[];

/** The files of `code`, one named `single` when it is one source text. */
export function filesOf(code: LearnerCode, single: string): readonly LearnerFile[] {
  return typeof code === 'string' ? [{ name: single, source: code }] : code;
}

/** Whether `code` is an exercise's several files rather than one source text. */
export const isSeveral = (code: LearnerCode): code is readonly LearnerFile[] => typeof code !== 'string';

/** A file name an exercise may give the learner: letters, digits, `-`, `_`, `.`, ending in .js or .ts. */
export const LEARNER_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*\.(js|ts)$/;
