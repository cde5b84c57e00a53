import { describe, expect, it } from 'vitest';
import { encodeValue } from './encode.ts';
import { DEFAULT_CODEC_LIMITS } from './types.ts';
import { writeJson } from './write-json.ts';

describe('writeJson', () => {
  const cases: [string, unknown][] = [
    ['primitives', ['a "quoted" \n line', 1.5, -0, 0, true, false, null]],
    ['unicode and control characters', '\u2028\u0000é😀'],
    ['nested objects, integer-like keys first', { b: 1, 2: 'two', a: { c: [1, { d: null }] } }],
    ['members JSON leaves out', { u: undefined, f: () => 1, s: Symbol('x'), kept: 1 }],
    ['array items JSON writes as null', [undefined, () => 1, NaN, Infinity]],
    ['an encoded tree', encodeValue({ jsonrpc: '2.0', id: 1, result: [new Map([[1, new Date(0)]]), -0, 5n] }, DEFAULT_CODEC_LIMITS)],
  ];
  it.each(cases)('writes %s exactly like JSON.stringify', (_name, value) => {
    expect(writeJson(value)).toBe(JSON.stringify(value));
  });

  it('ignores toJSON (the data is already JSON-safe; learner code must not run)', () => {
    const tricky = { toJSON: () => 'hijacked', a: 1 };
    expect(writeJson({ x: tricky })).toBe('{"x":{"a":1}}');
  });

  it('refuses a bigint, and a cycle by its depth', () => {
    expect(() => writeJson(1n)).toThrow(/bigint cannot be written/);
    const loop: Record<string, unknown> = {};
    loop.loop = loop;
    expect(() => writeJson(loop)).toThrow(/nesting deeper than/);
  });
});
