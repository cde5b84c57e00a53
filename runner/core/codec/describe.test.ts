import { describe, expect, it } from 'vitest';
import { decodeValue } from './decode.ts';
import { describeValue } from './describe.ts';
import { encodeValue } from './encode.ts';
import { DEFAULT_CODEC_LIMITS } from './types.ts';

const decoded = (value: unknown): unknown => decodeValue(encodeValue(value, DEFAULT_CODEC_LIMITS));

describe('describeValue', () => {
  class Foo {
    a = 1;
  }
  const cases: [string, unknown, string][] = [
    ['a plain object, without "Object"', { id: 1 }, '{\n  "id": 1,\n}'],
    ['a class instance by its class name', decoded(new Foo()), 'Foo {\n  "a": 1,\n}'],
    ['-0, NaN, bigint and undefined as written in JS', [-0, NaN, 10n, undefined], '[\n  -0,\n  NaN,\n  10n,\n  undefined,\n]'],
    ['a decoded function by name', decoded(function route() {}), '[Function route]'],
    ['an unreadable value with its reason', decoded({ get x() { throw new Error('boom'); } }),
      '{\n  "x": Unreadable {\n    "reason": "getter threw Error: boom",\n  },\n}'],
    ['a Map', new Map([['k', 1]]), 'Map {\n  "k" => 1,\n}'],
  ];
  it.each(cases)('prints %s', (_name, value, text) => {
    expect(describeValue(value)).toBe(text);
  });

  it('prints one line on request', () => {
    expect(describeValue({ a: [1, 2], b: 'x' }, { singleLine: true })).toBe('{"a": [1, 2], "b": "x"}');
  });

  it('does not call a toJSON found on a decoded value', () => {
    const value = decoded({ toJSON() { return 'hijacked'; }, a: 1 });
    expect(describeValue(value, { singleLine: true })).toBe('{"a": 1, "toJSON": [Function toJSON]}');
  });

  it('cuts long output: a long list says how much was left out, and text past maxChars ends with an ellipsis', () => {
    const text = describeValue(Array.from({ length: 5_000 }, (_, i) => 'item number ' + i));
    expect(text.length).toBeLessThanOrEqual(2_000);
    expect(text).toContain('"… 4,950 more items"');
    expect(describeValue('x'.repeat(100), { maxChars: 10 })).toBe('"xxxxxxxx…');
    expect(describeValue({ deep: Array.from({ length: 40 }, (_, i) => ({ ['k' + i]: 'v'.repeat(60) })) }, { maxChars: 300 }).length).toBeLessThanOrEqual(300);
  });

  it('prints shared references written out in bounded time and size', () => {
    let node: object = { end: true };
    for (let i = 0; i < 200; i++) node = { a: node, b: node };
    const text = describeValue(node);
    expect(text.length).toBeLessThanOrEqual(2_000);
  });

  it('leaves short output whole', () => {
    expect(describeValue('short')).toBe('"short"');
  });
});
