/** The buttons every exercise panel ends its toolbar with: undo a reset, reset to the starter, show the reference. */
import type { ExerciseProgress } from '../state/progress.ts';
import { progressStore } from '../progress-hooks.ts';

export interface WorkButtonsProps {
  exerciseId: string;
  starter: string;
  progress: ExerciseProgress;
  /** The reference to reveal (absent in assessed builds: no button), and what the button calls it. */
  reference?: { shown: boolean; toggle(): void; name: string };
}

export function WorkButtons({ exerciseId, starter, progress, reference }: WorkButtonsProps) {
  return (
    <>
      {progress.codeBeforeReset !== undefined ? (
        <button type="button" onClick={() => progressStore.dispatch({ type: 'reset-undone', exercise: exerciseId })}>
          Undo reset
        </button>
      ) : null}
      <button type="button" onClick={() => progressStore.dispatch({ type: 'code-reset', exercise: exerciseId })} disabled={progress.code === undefined || progress.code === starter}>
        Reset to starter
      </button>
      {reference && (
        <button type="button" onClick={reference.toggle} aria-expanded={reference.shown}>
          {reference.shown ? `Hide ${reference.name}` : `Show ${reference.name}`}
        </button>
      )}
    </>
  );
}
