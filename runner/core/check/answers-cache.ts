/**
 * Answers of implementations that never change between runs (the reference solution, a mutant),
 * kept per case, so a generated check costs the reference one crossing per seed, not per
 * submission: the first Submit of an exercise computes them, later ones only run the learner's
 * code. Bounded: a few implementations, a few thousand cases each, oldest dropped first. A host
 * may also keep them beyond its process ({@link keepAnswersIn}).
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

function cacheOf(id: string, beyondProcess: boolean): Map<string, Outcome[]> {
  let cache = caches.get(id);
  if (cache) {
    // Most recently used last.
    caches.delete(id);
  } else {
    cache = new Map();
    if (store && beyondProcess) {
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
export function cachedImplementation(id: string, inner: () => Implementation, options: { beyondProcess?: boolean } = {}): Implementation {
  let opened: Implementation | undefined;
  return {
    async run(cases) {
      const cache = cacheOf(id, options.beyondProcess === true);
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
        if (options.beyondProcess) store?.add(id, added);
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

/** Forgets every cached answer (tests). */
export function clearAnswerCaches(): void {
  caches.clear();
}
