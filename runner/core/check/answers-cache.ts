/**
 * Answers of implementations that never change between runs. The reference solution's are kept
 * per case, so a generated check costs the reference one crossing per seed, not per submission:
 * the first Submit of an exercise computes them, later ones only run the learner's code; a host
 * may also keep them beyond its process ({@link keepAnswersIn}). A mutant's are kept per list of
 * cases, each list run in a fresh realm ({@link cachedFreshRuns}). Bounded: a few
 * implementations, a few thousand cases or a few dozen lists each, oldest dropped first.
 */
import type { EncodedCase, Implementation, Outcome } from './types.ts';

const IMPLEMENTATIONS = 48;
/** Cases kept per implementation, in memory and by a store. */
export const ANSWERS_PER_IMPLEMENTATION = 6_000;

/**
 * Where answers outlive the process (the Node host: files beside the prebuilt command, so each
 * grading process of a class, a CI job or a one-file grade does not pay the reference's crossing
 * again). The id names the implementation exactly (see {@link cachedImplementation}); a store
 * must also tell builds of the runner apart, since the codec and the guest make the answers.
 */
export interface AnswersStore {
  /** The answers kept under `id`, by case key; none when there are none. */
  load(id: string): Iterable<readonly [string, Outcome[]]>;
  /** Keeps more answers under `id`. */
  add(id: string, answers: readonly (readonly [string, Outcome[]])[]): void;
}

let store: AnswersStore | undefined;

/** Keeps answers in `next` from now on (undefined: in this process only). */
export function keepAnswersIn(next: AnswersStore | undefined): void {
  store = next;
}

const caches = new Map<string, Map<string, Outcome[]>>();
const keys = new WeakMap<EncodedCase, string>();

/** The text a case is cached under (its encoding; computed once per case object). */
function caseKey(c: EncodedCase): string {
  let key = keys.get(c);
  if (key === undefined) {
    key = JSON.stringify(c);
    keys.set(c, key);
  }
  return key;
}

function cacheOf(id: string): Map<string, Outcome[]> {
  let cache = caches.get(id);
  if (cache) {
    // Most recently used last.
    caches.delete(id);
  } else {
    cache = new Map();
    if (store) {
      for (const [key, answers] of store.load(id)) {
        if (cache.size >= ANSWERS_PER_IMPLEMENTATION) break;
        cache.set(key, answers);
      }
    }
    if (caches.size >= IMPLEMENTATIONS) caches.delete(caches.keys().next().value as string);
  }
  caches.set(id, cache);
  return cache;
}

/**
 * `inner` with its answers kept under `id`, which must name the implementation exactly (its
 * source text, with what it is graded as): two runs with the same id share answers. Only the
 * cases not yet known cross, in one request; a request that ends without answers is not kept.
 */
export function cachedImplementation(id: string, inner: () => Implementation): Implementation {
  let opened: Implementation | undefined;
  return {
    async run(cases) {
      const cache = cacheOf(id);
      const missing = cases.filter((c) => !cache.has(caseKey(c)));
      if (missing.length) {
        opened ??= inner();
        const got = await opened.run(missing);
        if ('failed' in got) return got;
        const added = missing.map((c, i) => [caseKey(c), got.answers[i] as Outcome[]] as const);
        for (const [key, answers] of added) {
          if (cache.size >= ANSWERS_PER_IMPLEMENTATION) cache.delete(cache.keys().next().value as string);
          cache.set(key, answers);
        }
        store?.add(id, added);
      }
      const answers: Outcome[][] = [];
      for (const c of cases) {
        const known = cache.get(caseKey(c));
        // Evicted while this request ran (a cache full of one huge check): ask again, uncached.
        if (!known) return (opened ??= inner()).run(cases);
        answers.push(known);
      }
      return { answers };
    },
    dispose() {
      opened?.dispose?.();
    },
  };
}

/** Lists of cases kept per implementation by {@link cachedFreshRuns}. */
const LISTS_EACH = 64;
const runCaches = new Map<string, Map<string, Outcome[][]>>();

/**
 * An implementation that may keep state between calls (a mutant), run afresh for every list of
 * cases: each list runs in a new realm (`open`, disposed after), so its answers depend on that
 * list alone, and are kept under the whole list (a class with the same mistake sends the same
 * evidence, and costs one run of it). Never a case's answer taken from a run of other cases.
 */
export function cachedFreshRuns(id: string, open: () => Implementation): Implementation {
  return {
    async run(cases) {
      let kept = runCaches.get(id);
      if (!kept) {
        kept = new Map();
        if (runCaches.size >= IMPLEMENTATIONS) runCaches.delete(runCaches.keys().next().value as string);
        runCaches.set(id, kept);
      }
      const key = cases.map(caseKey).join('\n');
      const known = kept.get(key);
      if (known) return { answers: known };
      const fresh = open();
      try {
        const got = await fresh.run(cases);
        if ('answers' in got) {
          if (kept.size >= LISTS_EACH) kept.delete(kept.keys().next().value as string);
          kept.set(key, got.answers);
        }
        return got;
      } finally {
        fresh.dispose?.();
      }
    },
  };
}

/** Forgets every cached answer (tests). */
export function clearAnswerCaches(): void {
  caches.clear();
  runCaches.clear();
}
