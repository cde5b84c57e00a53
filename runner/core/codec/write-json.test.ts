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

  it.each(cases)('writes %s the same way when Object.prototype has a toJSON (slow path)', (_name, value) => {
    const expected = JSON.stringify(value);
    let text: string;
    // Synchronous, and removed before anything else runs.
    Object.defineProperty(Object.prototype, 'toJSON', { value: () => 'hijacked', configurable: true, writable: true });
    try {
      text = writeJson(value);
    } finally {
      delete (Object.prototype as { toJSON?: unknown }).toJSON;
    }
    expect(text).toBe(expected);
  });

  it('refuses a bigint, and a cycle by its depth, on the slow path', () => {
    const loop: Record<string, unknown> = {};
    loop.loop = loop;
    Object.defineProperty(Array.prototype, 'toJSON', { value: () => 'hijacked', configurable: true, writable: true });
    try {
      expect(() => writeJson(1n)).toThrow(/bigint cannot be written/);
      expect(() => writeJson(loop)).toThrow(/nesting deeper than/);
      expect(writeJson([1, { a: [2] }])).toBe('[1,{"a":[2]}]');
    } finally {
      delete (Array.prototype as { toJSON?: unknown }).toJSON;
    }
  });
});
