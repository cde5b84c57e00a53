/** Hints, revealed one at a time; how many were seen is saved with the learner's progress. */
import { useEffect, useRef } from 'react';
import { Markdown } from '../markdown/markdown.tsx';
import { progressStore } from '../progress-hooks.ts';

export interface HintsProps {
  exerciseId: string;
  hints: string[];
  seen: number;
  /** Each hint's element id is `<idPrefix>-hint-<n>` (1-based), so other parts can move to one. */
  idPrefix?: string;
}

export function Hints({ exerciseId, hints, seen, idPrefix }: HintsProps) {
  const shown = Math.min(seen, hints.length);
  const lastShown = useRef<HTMLLIElement>(null);
  const revealedHere = useRef(false);

  // Move focus to a newly revealed hint (not to hints restored on load), so it is read next.
  useEffect(() => {
    if (revealedHere.current) lastShown.current?.focus();
  }, [shown]);

  if (hints.length === 0) return null;
  return (
    <div className="hints">
      {shown > 0 && (
        <ol className="hint-list" aria-label="Hints">
          {hints.slice(0, shown).map((hint, i) => (
            <li key={i} id={idPrefix ? `${idPrefix}-hint-${i + 1}` : undefined} ref={i === shown - 1 ? lastShown : undefined} tabIndex={-1}>
              <Markdown>{hint}</Markdown>
            </li>
          ))}
        </ol>
      )}
      {shown < hints.length && (
        <button
          type="button"
          onClick={() => {
            revealedHere.current = true;
            progressStore.dispatch({ type: 'hint-revealed', exercise: exerciseId, hintsSeen: shown + 1 });
          }}
        >
          {shown === 0 ? 'Show a hint' : 'Show the next hint'} ({shown + 1} of {hints.length})
        </button>
      )}
    </div>
  );
}
