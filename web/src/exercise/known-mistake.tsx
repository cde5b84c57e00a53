/**
 * After a Submit that fails: the known mistake the failed checks point at, in the learner's
 * words, with a way to the hint that addresses it (runner/core/misconceptions.ts decides).
 */
import type { Misconception } from '../../../runner/core/index.ts';

export interface KnownMistakeProps {
  mistakes: Misconception[];
  /** Reveals hints up to `n` (1-based) and moves to it. */
  onShowHint(n: number): void;
}

export function KnownMistake({ mistakes, onShowHint }: KnownMistakeProps) {
  if (mistakes.length === 0) return null;
  return (
    <div className="known-mistake" role="note" aria-label="A known mistake">
      <p className="known-mistake-lead">{mistakes.length === 1 ? 'This looks like a known mistake:' : 'This looks like one of these known mistakes:'}</p>
      <ul>
        {mistakes.map((m) => (
          <li key={m.mutant} data-mutant={m.mutant}>
            <span>{m.sentence}</span>{' '}
            {m.hint !== undefined && (
              <button type="button" className="link-button" onClick={() => onShowHint(m.hint as number)}>
                Show hint {m.hint}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
