/**
 * Naming a learner's mistake by behaviour: each known-wrong solution (mutant) that could explain a
 * failed test runs the test's evidence (evidence.ts), and it is named only when it answers every
 * evidence call exactly as the learner's code did (up to the task's freedoms). A mutant that
 * fails other checks, or fails the same check with another answer, is not named: a wrong
 * diagnosis is worse than none. Each mutant runs the evidence in a fresh sandbox (a mutant may
 * keep state between calls), and its answers are kept by the whole evidence (run-checks.ts), so a
 * class with the same mistake costs one run of it.
 */
import type { DecodeFn } from '../codec/index.ts';
import { sameAnswers, valueOf, callOf } from '../check/compare.ts';
import { normalized } from '../check/freedoms.ts';
import type { EncodedCase, Freedom, Implementation, Outcome } from '../check/types.ts';
import { callArguments } from '../learner-session.ts';
import type { NamedMistake } from '../result.ts';
import { thrownText } from '../run-text.ts';
import { strictlyEqual } from '../strict-equal.ts';
import type { Evidence } from './evidence.ts';

/** A mutant as naming needs it: its learner sentence, hint, code and fingerprint. */
export interface SuspectMutant {
  name: string;
  sentence: string;
  hint?: number;
  /** Full names of the tests it fails, when known: it can only explain those. */
  failing?: readonly string[];
  implementation: Implementation;
}

export interface NameMistakesOptions {
  evidence: readonly Evidence[];
  /** Full names of every test the learner's code did not pass. */
  failed: ReadonlySet<string>;
  mutants: readonly SuspectMutant[];
  /** The task's freedoms, for the fixed tests' calls (a generated check carries its own). */
  freedoms: readonly Freedom[];
  decode: DecodeFn;
  /** Mutants run at most, the likeliest first (each costs a sandbox). */
  maxMutants?: number;
}

/** Whether the mutant's answers to the evidence's cases are the learner's. */
function explains(evidence: Evidence, answers: readonly Outcome[][], freedoms: readonly Freedom[], decode: DecodeFn): boolean {
  if (evidence.kind === 'generated') {
    const { facts } = evidence;
    const cases = [facts.smallest, ...facts.failing];
    return cases.every((c, i) => sameAnswers(c.received, answers[i] ?? [], c.calls, facts.freedoms, decode));
  }
  const mine = answers[0] ?? [];
  return evidence.own.every(({ at, record }) => {
    const theirs = mine[at];
    const outcome = record.outcome;
    if (!outcome || !theirs) return false;
    // The learner's call threw (the record keeps what they read of it): the same error, then.
    if ('failed' in outcome) return theirs.kind === 'threw' && outcome.failed.startsWith(thrownText(record.name, theirs.error));
    if (theirs.kind !== 'returned') return false;
    const call = callOf([record.name, ...callArguments(record.sent, decode)]);
    return strictlyEqual(normalized(outcome.returned, freedoms, call), normalized(valueOf(theirs, decode), freedoms, call));
  });
}

function casesOf(evidence: Evidence): EncodedCase[] {
  return evidence.kind === 'generated' ? [evidence.facts.smallest.encoded, ...evidence.facts.failing.map((c) => c.encoded)] : [evidence.replay];
}

/**
 * The known mistakes the learner's code behaves like, those explaining the most failed tests
 * first; empty when none explains one. A mutant is a suspect only when every test it fails
 * failed for the learner too (a test the learner passes and the mutant fails shows they differ),
 * and only for the tests it fails (all of them when its fingerprint is unknown). Two mistakes in
 * one submission are both named, each for its own checks.
 */
export async function nameMistakes(options: NameMistakesOptions): Promise<NamedMistake[]> {
  const { evidence, decode, failed } = options;
  if (evidence.length === 0) return byFingerprint(options);
  const suspects = options.mutants
    .filter((mutant) => !mutant.failing || mutant.failing.every((test) => failed.has(test)))
    .map((mutant) => ({ mutant, tests: evidence.filter((e) => !mutant.failing || mutant.failing.includes(e.test)) }))
    .filter((s) => s.tests.length > 0)
    .sort((a, b) => b.tests.length - a.tests.length || (a.mutant.name < b.mutant.name ? -1 : 1))
    .slice(0, options.maxMutants ?? 6);
  const named: NamedMistake[] = [];
  for (const { mutant, tests } of suspects) {
    const cases = tests.map(casesOf);
    const got = await mutant.implementation.run(cases.flat());
    if ('failed' in got) continue;
    let next = 0;
    const explained = tests.filter((e, i) => {
      const answers = got.answers.slice(next, next + (cases[i] as EncodedCase[]).length);
      next += (cases[i] as EncodedCase[]).length;
      return explains(e, answers, options.freedoms, decode);
    });
    if (explained.length) named.push({ mutant: mutant.name, sentence: mutant.sentence, ...(mutant.hint !== undefined ? { hint: mutant.hint } : {}), checks: explained.map((e) => e.test) });
  }
  // A mutant whose explained checks another explains too, and more, is the lesser explanation.
  const dominated = (m: NamedMistake) => named.some((o) => o !== m && o.checks.length > m.checks.length && m.checks.every((c) => o.checks.includes(c)));
  return named.filter((m) => !dominated(m)).sort((a, b) => b.checks.length - a.checks.length || (a.mutant < b.mutant ? -1 : a.mutant > b.mutant ? 1 : 0));
}

/**
 * When no failed check left calls to replay (a check of an exchange an earlier test made, such
 * as the SDK client's handshake), a mutant is named only if it fails exactly the checks the
 * learner's code failed.
 */
function byFingerprint(options: NameMistakesOptions): NamedMistake[] {
  const { failed } = options;
  return options.mutants
    .filter((m) => m.failing && m.failing.length === failed.size && m.failing.every((t) => failed.has(t)))
    .map((m) => ({ mutant: m.name, sentence: m.sentence, ...(m.hint !== undefined ? { hint: m.hint } : {}), checks: [...(m.failing ?? [])] }));
}
