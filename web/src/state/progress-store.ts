/**
 * The one place that holds the learner's progress in the page: dispatches events through
 * {@link reduceProgress}, notifies React (useSyncExternalStore) and saves to localStorage,
 * debounced so typing stays smooth, flushed when the page is hidden or closed.
 */
import { reduceProgress, type Progress, type ProgressEvent } from './progress.ts';
import { clearSavedProgress, loadProgress, saveProgress, type StorageLike, type StorageProblem } from './progress-storage.ts';

export interface ProgressSnapshot {
  progress: Progress;
  /** Set while saved data could not be read; saving is paused until {@link ProgressStore.resetSaved}. */
  problem?: StorageProblem;
}

export interface ProgressStore {
  get(): ProgressSnapshot;
  dispatch(event: ProgressEvent): void;
  subscribe(listener: () => void): () => void;
  /** Writes pending changes now. */
  flush(): void;
  /** Erases saved data (also unreadable data) and starts saving the progress made in this page. */
  resetSaved(): void;
}

export interface ProgressStoreOptions {
  storage: StorageLike | undefined;
  /** Delay between the last change and the write, in milliseconds. */
  debounceMs?: number;
}

/** Creates a store over `storage`, reading what is saved there. */
export function createProgressStore({ storage, debounceMs = 300 }: ProgressStoreOptions): ProgressStore {
  const loaded = loadProgress(storage);
  let snapshot: ProgressSnapshot = loaded;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  // Writing over unreadable data would destroy what the learner may still recover elsewhere.
  const canSave = () => snapshot.problem === undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!dirty || !canSave()) return;
    dirty = false;
    saveProgress(storage, snapshot.progress);
  };

  return {
    get: () => snapshot,
    dispatch(event) {
      const next = reduceProgress(snapshot.progress, event);
      if (next === snapshot.progress) return;
      snapshot = { ...snapshot, progress: next };
      dirty = true;
      if (timer !== undefined) clearTimeout(timer);
      // Anything but typing is rare and worth saving at once.
      if (event.type === 'code-changed') timer = setTimeout(flush, debounceMs);
      else flush();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush,
    resetSaved() {
      clearSavedProgress(storage);
      snapshot = { progress: snapshot.progress };
      dirty = true;
      flush();
      notify();
    },
  };
}
