/**
 * After a Submit that fails: the known mistake the learner's code behaves like (on the failing
 * inputs, a mutant answers exactly what their code answered; runner/core/mistakes decides), in
 * the learner's words, with a way to the hint that addresses it.
 */
import type { NamedMistake } from '../../../runner/core/index.ts';
import { InlineText } from './inline-text.tsx';

export interface KnownMistakeProps {
  mistakes: NamedMistake[];
  /** Reveals hints up to `n` (1-based) and moves to it. */
  onShowHint(n: number): void;
}

export function KnownMistake({ mistakes, onShowHint }: KnownMistakeProps) {
  if (mistakes.length === 0) return null;
  return (
    <div className="known-mistake" role="note" aria-label="A known mistake">
      <p className="known-mistake-lead">
        {mistakes.length === 1 ? 'Your code answers the failing checks exactly as a known mistake does:' : 'Your code answers the failing checks exactly as each of these known mistakes does:'}
      </p>
      <ul>
        {mistakes.map((m) => (
          <li key={m.mutant} data-mutant={m.mutant}>
            <span>
              <InlineText text={m.sentence} />
            </span>{' '}
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
