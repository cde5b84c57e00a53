/**
 * One generated check, run: the learner's answers to every case of the plan in one crossing,
 * compared with the reference's (cached by the caller); on the first difference, the input is
 * shrunk with both implementations judging each batch of candidates, and a CheckFailure with the
 * smallest input is thrown. A crossing that ends without answers (a loop, memory, a crash) is run
 * again one case at a time, so the input that caused it is the one reported.
 */
import type { Value } from 'fast-check';
import type { DecodeFn } from '../codec/index.ts';
import { TestsFileError } from '../collect.ts';
import { sameAnswers } from './compare.ts';
import type { DecodeFn as Decode } from '../codec/index.ts';
import { CheckFailure, type FailingCase } from './failure.ts';
import { freedomList } from './freedoms.ts';
import { callText, jsLiteral } from './js-literal.ts';
import { valueOf } from './compare.ts';
import { shrink } from './shrink.ts';
import type { CallSpec, CheckSpec, EncodedCase, Freedom, Implementation, Outcome } from './types.ts';

/** The generated cases of one check, made once per seed (see plan-cache.ts). */
export interface CheckPlan<T> {
  values: readonly Value<T>[];
  calls: readonly (readonly CallSpec[])[];
  encoded: readonly EncodedCase[];
  seed: number;
}

export interface RunCheckOptions {
  learner: Implementation;
  /** The reference solution; wrap it in a cache (answers-cache.ts): its answers never change. */
  reference: Implementation;
  decode: DecodeFn;
  /** The calls of a case as they cross into a sandbox. */
  encodeCase(calls: readonly CallSpec[]): EncodedCase;
  /** Shrink a failing input to the smallest that still fails (default true; `course check` of a mutant needs only the verdict). */
  minimize?: boolean;
  /**
   * `course check`: a second sandbox of the reference, never cached, in which the check's cases
   * run in reverse order. A case it answers otherwise depends on what ran before it in the realm,
   * and its verdict would change with that (the reference's answers are cached per case, and the
   * learner's realm has run other tests first): the check is broken.
   */
  independence?: Implementation;
}

/** Failing generated cases kept beside the smallest one, for naming a known mistake. */
const EVIDENCE = 4;
/** Candidates on which the learner's code faults (loops, memory) before shrinking stops. */
const FAULTS = 2;

/** The calls of a case as JavaScript, one per line. */
export function casesText(calls: readonly CallSpec[]): string {
  return calls.map(([name, ...args]) => callText(name, args, 500)).join('\n');
}

/** Outcomes as one line each, for the failure's own message (what plain vitest prints). */
function outcomesText(outcomes: readonly Outcome[], decode: Decode): string {
  return outcomes.map((o) => (o.kind === 'returned' ? jsLiteral(valueOf(o, decode), 500) : o.kind === 'threw' ? `threw ${o.error.name}: ${o.error.message}` : 'too large')).join(' | ');
}

/** What the reference did instead of answering a case, in words, or undefined when it answered every call. */
function unanswered(answers: readonly Outcome[]): string | undefined {
  const bad = answers.find((a) => a.kind !== 'returned');
  if (!bad) return undefined;
  return bad.kind === 'threw' ? `threw ${bad.error.name}: ${bad.error.message}` : 'answered with a value too large to compare';
}

/**
 * The reference's answers, or a tests-broken error naming the smallest generated input it cannot
 * answer (shrunk as a learner's counterexample is, the reference alone judging), so the author
 * sees which part of the domain is too wide.
 */
async function referenceAnswers<T>(spec: CheckSpec<T>, plan: CheckPlan<T>, options: RunCheckOptions): Promise<Outcome[][]> {
  const { reference } = options;
  // Case by case after a crossing that ended without answers, as the learner's: on a busy machine
  // a crossing can outlast its time limit, and only a case the reference cannot answer alone is
  // the check's fault.
  const got = await answersOf(reference, plan.encoded);
  if (got.fault) throw new TestsFileError(`The reference solution could not answer this check's generated input ${got.fault.at + 1} (${got.fault.failed.message}):\n${casesText(plan.calls[got.fault.at] as CallSpec[])}`);
  const first = got.answers.findIndex((answers) => unanswered(answers) !== undefined);
  if (first < 0) return got.answers;
  let calls = plan.calls[first] as CallSpec[];
  let why = unanswered(got.answers[first] as Outcome[]) as string;
  if (options.minimize !== false) {
    await shrink(spec.input, plan.values[first] as Value<T>, async (candidates) => {
      const tried = candidates.map((c) => spec.calls(c));
      const theirs = await answersOf(reference, tried.map((c) => options.encodeCase(c)));
      if (theirs.fault) return 'stop';
      const at = theirs.answers.findIndex((answers) => unanswered(answers) !== undefined);
      if (at >= 0) {
        calls = tried[at] as CallSpec[];
        why = unanswered(theirs.answers[at] as Outcome[]) as string;
      }
      return at;
    });
  }
  throw new TestsFileError(`The reference solution ${why} on a generated input, so this check's input domain holds inputs the task does not cover: narrow the check's \`input\` arbitrary (or, if the task does cover them, fix the reference). The smallest such input:\n${casesText(calls)}`);
}

/** An implementation's answers to every case, case by case after a crossing that ended without answers. */
async function answersOf(implementation: Implementation, cases: readonly EncodedCase[]): Promise<{ answers: Outcome[][]; fault?: { at: number; failed: NonNullable<CheckFailure['facts']['fault']> } }> {
  const all = await implementation.run(cases);
  if ('answers' in all) return { answers: all.answers };
  const answers: Outcome[][] = [];
  for (let i = 0; i < cases.length; i++) {
    const one = await implementation.run([cases[i] as EncodedCase]);
    if ('failed' in one) return { answers, fault: { at: i, failed: one.failed } };
    answers.push(one.answers[0] as Outcome[]);
  }
  // Each case alone had answers: the crossing as a whole ran out of time (slow, not stuck).
  return { answers };
}

/** Throws, naming the first case whose answers change when the cases before it are others (see RunCheckOptions.independence). */
async function checkIndependence<T>(plan: CheckPlan<T>, expected: readonly Outcome[][], otherRealm: Implementation, decode: Decode): Promise<void> {
  // The cases in reverse order, then in their own order again: each case after other cases than
  // in the reference's own run, in one crossing.
  const n = plan.encoded.length;
  const again = await answersOf(otherRealm, [...[...plan.encoded].reverse(), ...plan.encoded]);
  // A fault here is the reference's own, already reported by referenceAnswers if it is one.
  if (again.fault) return;
  const reversed = again.answers.slice(0, n).reverse();
  const repeated = again.answers.slice(n);
  const differs = (answers: readonly Outcome[][], i: number) => !sameAnswers(answers[i] as Outcome[], expected[i] as Outcome[], plan.calls[i] as CallSpec[], [], decode);
  const at = expected.findIndex((_, i) => differs(reversed, i) || differs(repeated, i));
  if (at < 0) return;
  throw new TestsFileError(
    `The reference answers generated input ${at + 1} otherwise when other cases ran before it (in a fresh sandbox, the cases in reverse order, then again), so its answers depend on the state earlier cases left in the realm, and a verdict would change with what ran before: start every case from a known state (a reset call first, or set the state the case reads). The input:\n${casesText(plan.calls[at] as CallSpec[])}`,
  );
}

/** Runs the check; resolves when the learner agrees with the reference on every case. */
export async function runCheck<T>(spec: CheckSpec<T>, plan: CheckPlan<T>, options: RunCheckOptions): Promise<void> {
  const freedoms: readonly Freedom[] = freedomList(spec.same);
  const { learner, reference, decode } = options;
  const expected = await referenceAnswers(spec, plan, options);
  if (options.independence) await checkIndependence(plan, expected, options.independence, decode);
  const mine = await answersOf(learner, plan.encoded);
  const agrees = (i: number) => sameAnswers(mine.answers[i] as Outcome[], expected[i] as Outcome[], plan.calls[i] as CallSpec[], freedoms, decode);

  const failingIndexes: number[] = [];
  for (let i = 0; i < mine.answers.length && failingIndexes.length < EVIDENCE; i++) if (!agrees(i)) failingIndexes.push(i);
  const common = { runs: plan.values.length, seed: plan.seed, freedoms };
  const failingCase = (i: number): FailingCase => ({ calls: plan.calls[i] as CallSpec[], encoded: plan.encoded[i] as EncodedCase, received: mine.answers[i] as Outcome[] });
  const first = failingIndexes[0];

  if (first === undefined) {
    if (!mine.fault) return;
    const at = mine.fault.at;
    const smallest = { calls: plan.calls[at] as CallSpec[], encoded: plan.encoded[at] as EncodedCase, received: [] };
    throw new CheckFailure({ summary: `Generated input ${at + 1} of ${plan.values.length} (seed ${plan.seed}): ${mine.fault.failed.message}\n${casesText(smallest.calls)}`, kind: 'fault', smallest, expected: expected[at] as Outcome[], fault: mine.fault.failed, failing: [], firstIndex: at, steps: 0, ...common });
  }

  // Shrinking: each batch of candidates is one crossing into each implementation. A crossing that
  // ends without answers is run again one candidate at a time, as the cases were: a candidate on
  // which the code loops or runs out of memory is not taken, and after FAULTS of them shrinking
  // stops. So the smallest input depends on the answers alone, never on the machine's speed.
  let last: { calls: readonly CallSpec[]; encoded: EncodedCase; received: Outcome[]; expected: Outcome[] } | undefined;
  let faults = 0;
  const judge = async (candidates: readonly T[]): Promise<number | 'stop'> => {
    const calls = candidates.map((c) => spec.calls(c));
    const encoded = calls.map((c) => options.encodeCase(c));
    const theirs = await answersOf(reference, encoded);
    if (theirs.fault) return 'stop';
    const batch = await learner.run(encoded);
    for (let i = 0; i < candidates.length; i++) {
      const want = theirs.answers[i] as Outcome[];
      // A candidate the reference cannot answer is outside the task: not a counterexample.
      if (want.some((a) => a.kind !== 'returned')) continue;
      let got: Outcome[];
      if ('answers' in batch) got = batch.answers[i] as Outcome[];
      else {
        const one = await learner.run([encoded[i] as EncodedCase]);
        if ('failed' in one) {
          if (++faults >= FAULTS) return 'stop';
          continue;
        }
        got = one.answers[0] as Outcome[];
      }
      if (!sameAnswers(got, want, calls[i] as CallSpec[], freedoms, decode)) {
        last = { calls: calls[i] as CallSpec[], encoded: encoded[i] as EncodedCase, received: got, expected: want };
        return i;
      }
    }
    return -1;
  };
  const start = plan.values[first] as Value<T>;
  const { steps } = options.minimize === false ? { steps: 0 } : await shrink(spec.input, start, judge);
  const smallest = last && steps > 0 ? last : { ...failingCase(first), expected: expected[first] as Outcome[] };
  const summary = `Generated input ${first + 1} of ${plan.values.length} (seed ${plan.seed}), shrunk in ${steps} steps:\n${casesText(smallest.calls)}\n  a correct implementation answers: ${outcomesText(smallest.expected, decode)}\n  this one answered:                ${outcomesText(smallest.received, decode)}`;
  throw new CheckFailure({
    summary,
    kind: 'differs',
    smallest: { calls: smallest.calls, encoded: smallest.encoded, received: smallest.received },
    expected: smallest.expected,
    failing: failingIndexes.map(failingCase),
    firstIndex: first,
    steps,
    ...common,
  });
}
