import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateValues, seedOf } from './generate.ts';

describe('generateValues', () => {
  it("draws exactly fast-check's own values for a seed, in order (a failure replays in fc.assert)", () => {
    const arb = fc.record({ id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.string(), params: fc.array(fc.double()) });
    for (const seed of [1, -5, 123456789]) {
      expect(generateValues(arb, seed, 300).map((v) => v.value)).toStrictEqual(fc.sample(arb, { seed, numRuns: 300 }));
    }
  });

  it('draws the same values every time for the same seed, and others for another', () => {
    const arb = fc.array(fc.string());
    expect(generateValues(arb, 7, 50).map((v) => v.value)).toStrictEqual(generateValues(arb, 7, 50).map((v) => v.value));
    expect(generateValues(arb, 7, 50).map((v) => v.value)).not.toStrictEqual(generateValues(arb, 8, 50).map((v) => v.value));
  });

  it('refuses a count of runs that is not a positive integer, saying so', () => {
    expect(() => generateValues(fc.nat(), 1, 0)).toThrow(/runs must be a positive integer/);
  });
});

describe('seedOf', () => {
  it('is a fixed 32-bit integer per text', () => {
    expect(seedOf('route\nanswers any request')).toBe(seedOf('route\nanswers any request'));
    expect(seedOf('a')).not.toBe(seedOf('b'));
    expect(Number.isInteger(seedOf('x'))).toBe(true);
    expect(Math.abs(seedOf('a long name of a check'))).toBeLessThan(2 ** 31 + 1);
  });
});

describe('isPlainJson', async () => {
  const { isPlainJson } = await import('./judge-codec.ts');
  it('takes JSON-safe trees, and nothing JSON would change: shared objects, undefined, -0, holes', () => {
    expect(isPlainJson([{ a: 1, b: [true, null, 'x'] }])).toBe(true);
    expect(isPlainJson(JSON.parse('{"__proto__": 1}'))).toBe(true);
    const shared = { x: 1 };
    expect(isPlainJson([shared, shared])).toBe(false);
    expect(isPlainJson([undefined])).toBe(false);
    expect(isPlainJson([-0])).toBe(false);
    expect(isPlainJson([1, , 2])).toBe(false);
    expect(isPlainJson({ a: undefined })).toBe(false);
  });
});
