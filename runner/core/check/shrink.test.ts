import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateValues } from './generate.ts';
import { shrink } from './shrink.ts';

const judge = (failing: (n: number[]) => boolean) => async (candidates: readonly number[][]) => candidates.findIndex(failing);

describe('shrink', () => {
  it('finds the smallest failing value, as fast-check does', async () => {
    const arb = fc.array(fc.integer({ min: 0, max: 1000 }));
    const failing = (a: number[]) => a.some((n) => n >= 10);
    const start = generateValues(arb, 42, 200).find((v) => failing(v.value));
    if (!start) throw new Error('no failing value in 200 draws');
    const { value, steps } = await shrink(arb, start, judge(failing));
    expect(value.value).toEqual([10]);
    expect(steps).toBeGreaterThan(0);
    // fast-check's own shrinker reaches the same value from the same seed.
    const details = fc.check(fc.property(arb, (a) => !failing(a)), { seed: 42, numRuns: 200 });
    expect(details.counterexample?.[0]).toEqual([10]);
  });

  it('stops where the judge cannot judge, keeping the smallest failure so far', async () => {
    const arb = fc.array(fc.nat());
    const start = generateValues(arb, 3, 100).find((v) => v.value.length > 3);
    if (!start) throw new Error('no long array in 100 draws');
    let calls = 0;
    const { value, steps } = await shrink(arb, start, async () => (calls++ === 0 ? 0 : 'stop'));
    expect(steps).toBe(1);
    expect(value.value.length).toBeLessThanOrEqual(start.value.length);
  });

  it('judges at most maxCandidates candidates in batches of at most batch', async () => {
    const arb = fc.array(fc.nat(), { minLength: 30 });
    const start = generateValues(arb, 5, 1)[0];
    if (!start) throw new Error('no value');
    const sizes: number[] = [];
    await shrink(arb, start, async (c) => (sizes.push(c.length), -1), { batch: 7, maxCandidates: 20 });
    expect(Math.max(...sizes)).toBeLessThanOrEqual(7);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20);
  });
});

describe('shrink across batches', () => {
  it('keeps reading the candidates of one value past its first batch', async () => {
    const arb = fc.array(fc.nat(), { minLength: 40, maxLength: 40 });
    const start = generateValues(arb, 11, 1)[0];
    if (!start) throw new Error('no value');
    let seen = 0;
    // Only a candidate far down the stream fails: it takes several batches to reach it.
    await shrink(arb, start, async (c) => {
      seen += c.length;
      return -1;
    }, { batch: 2, maxCandidates: 50 });
    expect(seen).toBe(50);
  });
});
