/**
 * Shrinking a failing generated input to the smallest one the arbitrary can reach that still
 * fails, as fast-check does (depth first: the first failing candidate of a value's shrinks is
 * taken, then its own shrinks are tried), but with the candidates judged in batches, so each step
 * costs one crossing into the sandbox instead of one per candidate. Deterministic: the same
 * failures give the same path. Bounded by a count of candidates, never by time.
 */
import type { Arbitrary, Value } from 'fast-check';

export interface ShrinkLimits {
  /** Candidates judged at once. */
  batch: number;
  /** Candidates judged in all before the smallest failure found so far is kept. */
  maxCandidates: number;
}

export const SHRINK_LIMITS: ShrinkLimits = { batch: 8, maxCandidates: 1500 };

/**
 * Which of `candidates` still fail: the index of the first that does, -1 for none, or `stop`
 * when they could not be judged (the learner's code timed out on one): shrinking ends there.
 */
export type JudgeCandidates<T> = (candidates: readonly T[]) => Promise<number | 'stop'>;

/** The smallest failing value reachable from `start`, and how many steps led to it. */
export async function shrink<T>(arb: Arbitrary<T>, start: Value<T>, fails: JudgeCandidates<T>, limits: ShrinkLimits = SHRINK_LIMITS): Promise<{ value: Value<T>; steps: number }> {
  let current = start;
  let steps = 0;
  let judged = 0;
  descend: while (judged < limits.maxCandidates) {
    const candidates = arb.shrink(current.value_, current.context);
    for (;;) {
      // next() by hand: leaving a for-of early would close the stream for the next batch.
      const batch: Value<T>[] = [];
      const room = Math.min(limits.batch, limits.maxCandidates - judged);
      while (batch.length < room) {
        const next = candidates.next();
        if (next.done) break;
        batch.push(next.value);
      }
      if (batch.length === 0) break descend;
      judged += batch.length;
      const found = await fails(batch.map((v) => v.value));
      if (found === 'stop') break descend;
      if (found >= 0) {
        current = batch[found] as Value<T>;
        steps++;
        continue descend;
      }
      if (judged >= limits.maxCandidates) break descend;
    }
  }
  return { value: current, steps };
}
