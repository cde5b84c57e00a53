/**
 * The plans of generated checks, made once per exercise, tests file and check: drawing 200
 * values and encoding their calls is the same work every run, and the encoded cases are also the
 * keys the reference's cached answers are found by (answers-cache.ts).
 */
import { seedOf } from './generate.ts';
import { generateValues } from './generate.ts';
import type { CheckPlan } from './run-check.ts';
import { DEFAULT_RUNS, type CallSpec, type CheckSpec, type EncodedCase } from './types.ts';

const PLANS = 256;
const plans = new Map<string, CheckPlan<unknown>>();

/** Where a check's plan comes from: the exercise, its tests file and the check's full name. */
export interface PlanKey {
  exerciseId: string;
  /** A digest of the tests file's text (a changed file draws anew). */
  testsDigest: number;
  testName: string;
}

/** The check's seed: fixed per exercise and check, so every run and host draws the same cases. */
export function checkSeed(exerciseId: string, testName: string): number {
  return seedOf(`${exerciseId}\n${testName}`);
}

/** The plan of `spec` for `key`, drawn now or found. */
export function planFor<T>(spec: CheckSpec<T>, key: PlanKey, encodeCase: (calls: readonly CallSpec[]) => EncodedCase): CheckPlan<T> {
  const runs = spec.runs ?? DEFAULT_RUNS;
  const id = `${key.exerciseId}\n${key.testsDigest}\n${key.testName}\n${runs}`;
  const found = plans.get(id) as CheckPlan<T> | undefined;
  if (found) return found;
  const seed = checkSeed(key.exerciseId, key.testName);
  const values = generateValues(spec.input, seed, runs);
  const calls = values.map((v) => spec.calls(v.value));
  const plan: CheckPlan<T> = { values, calls, encoded: calls.map(encodeCase), seed };
  if (plans.size >= PLANS) plans.delete(plans.keys().next().value as string);
  plans.set(id, plan as CheckPlan<unknown>);
  return plan;
}
