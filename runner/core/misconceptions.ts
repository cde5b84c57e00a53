/**
 * Naming the learner's mistake. Every exercise keeps known-wrong solutions (mutants), each with
 * one named misconception; the set of tests a mutant fails is its fingerprint. A failing
 * submission whose failed tests match a fingerprint probably shares that misconception.
 *
 * Matching is by Jaccard similarity: |failed ∩ fingerprint| / |failed ∪ fingerprint|. The same
 * set is an exact match. Otherwise the closest fingerprints count when they score at least
 * {@link MATCH_THRESHOLD}: half of everything the two fail together is failed by both. At that
 * bar, a submission with two known mistakes of equal size is diagnosed as both (each scores 0.5),
 * a fingerprint missing one of its three tests still matches (0.67), and a lone shared failure
 * among several others does not. Passing submissions and runs that never reached the tests
 * (a syntax error, a missing function) get no diagnosis. Pure and deterministic: the browser and
 * `course grade` give the same answer for the same result.
 */
import type { CodeExercise } from '../content/index.ts';
import type { RunResult } from './result.ts';

/** One mutant as the judge knows it: its sentence for the learner and its fingerprint. */
export interface KnownMistake {
  /** The mutant's id (its file name without extension). */
  mutant: string;
  /** What the learner reads: second person, names the misunderstanding. */
  sentence: string;
  /** 1-based number of the exercise hint that addresses it, when there is one. */
  hint?: number;
  /** Full names of the tests the mutant fails (status other than pass), in any order. */
  failing: readonly string[];
}

/** A known mistake a result looks like. */
export interface Misconception {
  mutant: string;
  sentence: string;
  hint?: number;
  /** Jaccard similarity of the result's failed tests and the mutant's, 0 to 1, two decimals. */
  score: number;
  /** The result fails exactly the mutant's tests. */
  exact: boolean;
}

/** Lowest similarity that still counts as looking like a known mistake (see the module comment). */
export const MATCH_THRESHOLD = 0.5;

/**
 * An exercise's known mistakes: each mutant's learner sentence and hint with its stored
 * fingerprint (fingerprints.json). Mutants without a fingerprint are left out: nothing to match.
 */
export function knownMistakes(exercise: Pick<CodeExercise, 'mutants' | 'fingerprints'>): KnownMistake[] {
  const fingerprints = exercise.fingerprints?.mutants ?? {};
  return exercise.mutants.flatMap((m) => {
    const failing = fingerprints[m.name];
    if (!failing || !m.learner) return [];
    return [{ mutant: m.name, sentence: m.learner, ...(m.hint !== undefined ? { hint: m.hint } : {}), failing }];
  });
}

/** Names of the tests a result did not pass. */
export function failedTests(result: RunResult): Set<string> {
  return new Set(result.tests.filter((t) => t.status !== 'pass').map((t) => t.name));
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const name of a) if (b.has(name)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * The known mistakes `result` looks like, best first: every exact match, or else every mistake
 * tied for the best score at or above the threshold; empty when none is close or the result passed.
 */
export function diagnose(result: RunResult, known: readonly KnownMistake[]): Misconception[] {
  if (result.status === 'pass' || result.tests.length === 0) return [];
  const failed = failedTests(result);
  if (failed.size === 0) return [];
  const scored = known
    .filter((k) => k.failing.length > 0)
    .map((k) => ({ k, score: jaccard(failed, new Set(k.failing)) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (best < MATCH_THRESHOLD) return [];
  return scored
    .filter((s) => s.score === best)
    .sort((a, b) => (a.k.mutant < b.k.mutant ? -1 : a.k.mutant > b.k.mutant ? 1 : 0))
    .map(({ k, score }) => ({
      mutant: k.mutant,
      sentence: k.sentence,
      ...(k.hint !== undefined ? { hint: k.hint } : {}),
      score: Math.round(score * 100) / 100,
      exact: score === 1,
    }));
}

/**
 * The known mistakes a graded result names, as `course grade` records them: the grader's own
 * diagnosis (`result.mistakes`, made by running the mutants on the failing inputs) when the
 * result has one, each with how closely its fingerprint matches the failed tests; the
 * fingerprints' guess ({@link diagnose}) only for a result graded without a diagnosis. One list,
 * so a report never names a mistake the submission's answers do not show.
 */
export function namedMistakes(result: RunResult, known: readonly KnownMistake[]): Misconception[] {
  if (!result.mistakes) return diagnose(result, known);
  const failed = failedTests(result);
  return result.mistakes.map((m) => {
    const failing = known.find((k) => k.mutant === m.mutant)?.failing;
    const score = failing ? jaccard(failed, new Set(failing)) : 0;
    return { mutant: m.mutant, sentence: m.sentence, ...(m.hint !== undefined ? { hint: m.hint } : {}), score: Math.round(score * 100) / 100, exact: score === 1 };
  });
}

/**
 * The same mistakes as seen through the visible tests only (an assessed build ships no hidden
 * test): each fingerprint keeps the names in `visible`; mistakes no visible test catches drop out.
 */
export function visibleMistakes(known: readonly KnownMistake[], visible: ReadonlySet<string>): KnownMistake[] {
  return known.map((k) => ({ ...k, failing: k.failing.filter((name) => visible.has(name)) })).filter((k) => k.failing.length > 0);
}
