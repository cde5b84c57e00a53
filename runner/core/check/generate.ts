/**
 * The cases of a generated check: values drawn from its arbitrary with a fixed seed, exactly as
 * fast-check's own runner draws them (`fc.sample(arb, { seed, numRuns })` gives the same values,
 * and `fc.assert(property, { seed })` runs them in the same order), so a failure replays in plain
 * fast-check too. The same seed gives the same cases in Node and in the browser.
 */
import { Random, type Arbitrary, type Value } from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';

/** FNV-1a of a text, as a 32-bit signed integer: a seed from an exercise id and a check's name. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** fast-check's bias for run `runId`: small values and edge cases often at first, less later. */
function biasFactor(runId: number): number {
  return 2 + ~~(Math.log(runId + 1) * 0.4342944819032518);
}

/** `runs` values of `arb` for `seed`, each with the context its shrinking needs. */
export function generateValues<T>(arb: Arbitrary<T>, seed: number, runs: number): Value<T>[] {
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`generateValues: runs must be a positive integer, got ${runs}.`);
  const rng = xorshift128plus(seed);
  const values: Value<T>[] = [];
  for (let runId = 0; runId < runs; runId++) {
    rng.jump();
    values.push(arb.generate(new Random(rng), biasFactor(runId)));
  }
  return values;
}
