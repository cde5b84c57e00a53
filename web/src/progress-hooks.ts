/** The page's progress store and the hooks components read it with. */
import { useSyncExternalStore } from 'react';
import { exerciseProgress, type ExerciseProgress } from './state/progress.ts';
import { createProgressStore, type ProgressSnapshot, type ProgressStore } from './state/progress-store.ts';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The one progress store of the page. */
export const progressStore: ProgressStore = createProgressStore({ storage: browserStorage() });

// Typing is saved with a short delay; never lose that delay's worth of code when the tab goes away.
window.addEventListener('pagehide', () => progressStore.flush());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') progressStore.flush();
});

/** The learner's whole progress snapshot. */
export function useProgress(): ProgressSnapshot {
  return useSyncExternalStore(progressStore.subscribe, progressStore.get);
}

/** Progress of one exercise. */
export function useExerciseProgress(id: string): ExerciseProgress {
  const { progress } = useProgress();
  return exerciseProgress(progress, id);
}
