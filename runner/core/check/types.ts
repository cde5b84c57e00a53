/**
 * Generated checks: a hidden check that states a rule over a domain of inputs and compares the
 * learner's answers with the reference solution's on inputs drawn from it (fast-check
 * arbitraries, a fixed seed per exercise and check), instead of a few values an author thought
 * of. The reference is the oracle; the task text defines the domain and what answers may differ
 * in (the freedoms). These are the types every part shares; see property.ts for the run.
 */
import type { Arbitrary } from 'fast-check';
import type { ThrownValue } from '../protocol.ts';
import type { ErrorCause, SourcePlace } from '../result.ts';

/** One call of a case as a tests file writes it: the function's name, then its arguments. */
export type CallSpec = readonly [name: string, ...args: unknown[]];

/**
 * What may differ between two correct answers, as the task text lets it: each freedom maps an
 * answer to a form in which such differences are gone (an error message replaced by a marker,
 * a batch's replies sorted). Answers are then compared as toStrictEqual compares.
 */
export interface Freedom {
  /** Short name, shown to authors in `course check` and to learners under a failed check. */
  name: string;
  /** The task's rule in a sentence ("any non-empty error message"), shown to learners. */
  says: string;
  /** The answer with this freedom taken out; must not change its argument. */
  normalize(value: unknown, call: { name: string; args: readonly unknown[] }): unknown;
  /**
   * Another answer this freedom counts as the same, that uses the freedom (another message, a
   * `data` member added, the batch reversed), or `value` itself where the freedom has nothing to
   * vary; must not change its argument. `course check` grades the reference with every answer
   * passed through it (a derived variant, derived-variant.ts), so every check, hand-written ones
   * included, is proved to accept what the freedom allows. Every freedom a task declares has one.
   */
  vary?(value: unknown, call: { name: string; args: readonly unknown[] }): unknown;
  /**
   * For a freedom that changes the form of an answer for the ones after it (JSON text compared
   * as the object it holds): `value` with `fn` applied to that form and put back in the answer's
   * own form, so the freedoms declared after it can vary what they see.
   */
  inside?(value: unknown, fn: (form: unknown) => unknown): unknown;
}

/** A generated check as a tests file declares it (`it(name, agrees(spec))`). */
export interface CheckSpec<T> {
  /** The input domain: one generated value per case. */
  input: Arbitrary<T>;
  /** The calls a case makes, in order, for one input: `(msg) => [['route', msg]]`. */
  calls(input: T): readonly CallSpec[];
  /** What the task lets answers differ in; none means the answers must be strictly equal. */
  same?: Freedom | readonly Freedom[];
  /** Generated cases (default {@link DEFAULT_RUNS}); the same ones every run. */
  runs?: number;
}

/** Cases a generated check runs unless it says otherwise. */
export const DEFAULT_RUNS = 200;

/** How one call of a case ended, as the judge reads the guest's answer. */
export type Outcome =
  /**
   * `text` is JSON: of the value itself when `plain`, else of its encoding. Two texts of the same
   * form that are equal are equal values.
   */
  | { kind: 'returned'; text: string; plain?: true }
  | { kind: 'threw'; error: ThrownValue }
  /** Over `limit` characters encoded, or (`expanded`) over `limit` objects written out in full. */
  | { kind: 'too-large'; limit: number; expanded?: true };

/** What running a list of cases in one implementation gave: an answer list per case, or why none. */
export type Answers = { answers: Outcome[][] } | { failed: { message: string; cause: ErrorCause; place?: SourcePlace } };

/** Runs cases in one implementation (the learner's, the reference, a mutant): one realm, in order. */
export interface Implementation {
  run(cases: readonly EncodedCase[]): Promise<Answers>;
  /** Frees its sandbox, if it opened one; safe to call twice. */
  dispose?(): void;
}

/** A case as it crosses into a sandbox: each call's arguments encoded once (see CaseCall). */
export type EncodedCase = readonly import('../protocol.ts').CaseCall[];
