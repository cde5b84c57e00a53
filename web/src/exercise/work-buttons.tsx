/**
 * The buttons every exercise panel ends its toolbar with: undo a reset, reset to the starter, show
 * the reference. In an exercise of several files, reset and undo act on the file of the open tab.
 */
import { progressStore } from '../progress-hooks.ts';

export interface WorkButtonsProps {
  exerciseId: string;
  /** The open tab's file, in an exercise of several files. */
  file?: string;
  /** The code (or file) differs from its starter. */
  canReset: boolean;
  /** A reset can be undone. */
  canUndo: boolean;
  /** The reference to reveal (absent in assessed builds: no button), and what the button calls it. */
  reference?: { shown: boolean; toggle(): void; name: string };
}

export function WorkButtons({ exerciseId, file, canReset, canUndo, reference }: WorkButtonsProps) {
  const which = file === undefined ? {} : { file };
  return (
    <>
      {canUndo ? (
        <button type="button" onClick={() => progressStore.dispatch({ type: 'reset-undone', exercise: exerciseId, ...which })}>
          {file === undefined ? 'Undo reset' : `Undo reset of ${file}`}
        </button>
      ) : null}
      <button type="button" onClick={() => progressStore.dispatch({ type: 'code-reset', exercise: exerciseId, ...which })} disabled={!canReset}>
        {file === undefined ? 'Reset to starter' : `Reset ${file} to starter`}
      </button>
      {reference && (
        <button type="button" onClick={reference.toggle} aria-expanded={reference.shown}>
          {reference.shown ? `Hide ${reference.name}` : `Show ${reference.name}`}
        </button>
      )}
    </>
  );
}
