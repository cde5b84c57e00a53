/**
 * Versioned, validated persistence of {@link Progress} in localStorage. Reading never throws:
 * unreadable, old or newer data is reported as a problem and left untouched until the learner
 * chooses to reset it, so a bad save can never break the page or be silently destroyed.
 */
import { emptyProgress, type Progress } from './progress.ts';
import { INVALID, readSavedProgress } from './saved-progress.ts';

export const STORAGE_KEY = 'jsonrpc-course/progress';
export const STORAGE_VERSION = 1;

/** Why saved progress could not be used; each has a sentence in {@link describeProblem}. */
export type StorageProblem = 'unavailable' | 'corrupt' | 'old-version' | 'newer-version';

export interface LoadedProgress {
  progress: Progress;
  problem?: StorageProblem;
}

/** The subset of `Storage` used here, so tests can pass a Map-backed fake. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads saved progress; on any problem returns empty progress and names the problem. */
export function loadProgress(storage: StorageLike | undefined): LoadedProgress {
  if (!storage) return { progress: emptyProgress, problem: 'unavailable' };
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return { progress: emptyProgress, problem: 'unavailable' };
  }
  if (raw === null) return { progress: emptyProgress };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { progress: emptyProgress, problem: 'corrupt' };
  }
  const version = typeof data === 'object' && data !== null ? (data as { version?: unknown }).version : undefined;
  if (typeof version === 'number' && version < STORAGE_VERSION) return { progress: emptyProgress, problem: 'old-version' };
  if (typeof version === 'number' && version > STORAGE_VERSION) return { progress: emptyProgress, problem: 'newer-version' };
  const saved = readSavedProgress(data, STORAGE_VERSION);
  if (saved === INVALID) return { progress: emptyProgress, problem: 'corrupt' };
  const { version: _, ...progress } = saved;
  return { progress };
}

/** Writes progress; returns false when the browser refused (quota, private mode). */
export function saveProgress(storage: StorageLike | undefined, progress: Progress): boolean {
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, ...progress }));
    return true;
  } catch {
    return false;
  }
}

/** Removes saved progress (the learner's "Reset saved data"). */
export function clearSavedProgress(storage: StorageLike | undefined): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing more can be done; the notice stays visible.
  }
}

/** A sentence for the learner about a storage problem, with the next step. */
export function describeProblem(problem: StorageProblem): string {
  switch (problem) {
    case 'unavailable':
      return 'This browser does not let the course save your work (private mode or storage turned off). Use "Export my work" before you leave to keep it.';
    case 'corrupt':
      return 'Your saved work could not be read: the saved data is damaged. Nothing new is saved until you reset the saved data.';
    case 'old-version':
      return 'Your saved work comes from an older version of the course and cannot be read. Nothing new is saved until you reset the saved data.';
    case 'newer-version':
      return 'Your saved work was written by a newer version of the course (another open tab?). Nothing is saved here until you reload that version or reset the saved data.';
  }
}
