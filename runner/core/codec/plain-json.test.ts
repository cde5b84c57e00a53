import { describe, expect, it } from 'vitest';
import { makePlainJsonWriter } from './plain-json.ts';

const plain = makePlainJsonWriter();

describe('plainJson', () => {
  it("writes plain data as JSON.stringify does, an own __proto__ key included", () => {
    const value = { jsonrpc: '2.0', id: 1, result: [1, 'a', true, null, { b: 'x\n"' }] };
    expect(plain(value, 1e6)).toBe(JSON.stringify(value));
    const hostile = JSON.parse('{"__proto__": {"a": 1}, "constructor": 2}') as unknown;
    expect(plain(hostile, 1e6)).toBe('{"__proto__":{"a":1},"constructor":2}');
  });

  it('gives up on anything JSON would change or that runs code, for the encoder to take', () => {
    const shared = { a: 1 };
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    class Reply {
      id = 1;
    }
    const cases: unknown[] = [
      { a: undefined },
      [undefined],
      [1, , 2],
      -0,
      NaN,
      Infinity,
      10n,
      Symbol('s'),
      () => 1,
      new Reply(),
      Object.create(null),
      [shared, shared],
      cycle,
      Object.defineProperty({}, 'a', { get: () => 1, enumerable: true }),
      Object.assign([1], { extra: true }),
      new Proxy({}, { ownKeys: () => { throw new Error('trap'); } }),
      new Date(0),
    ];
    cases.forEach((value, i) => expect(plain(value, 1e6), `case ${i}`).toBeUndefined());
  });

  it('gives up past its limit of characters', () => {
    expect(plain('x'.repeat(100), 50)).toBeUndefined();
    expect(plain(['x'.repeat(10), 'y'.repeat(10)], 1e6)).toBe('["xxxxxxxxxx","yyyyyyyyyy"]');
  });
});
