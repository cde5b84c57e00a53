import { describe, expect, it } from 'vitest';
import { encodeValue, DEFAULT_CODEC_LIMITS } from '../../core/index.ts';
import { jsonFromEncoded } from './encoded-json.ts';

const read = (value: unknown) => jsonFromEncoded(encodeValue(value, DEFAULT_CODEC_LIMITS));

describe('jsonFromEncoded', () => {
  it('reads plain data, one object shared by two places included', () => {
    const schema = { type: 'object', required: ['a'] };
    const value = { tools: [{ name: 'add', inputSchema: schema }, { name: 'divide', inputSchema: schema }], n: 1.5, t: true, z: null };
    expect(read(value)).toEqual({ ok: true, value });
  });

  it('keeps a "__proto__" key as data', () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    const got = read(value);
    expect(got.ok && Object.hasOwn(got.value as object, '__proto__')).toBe(true);
  });

  it.each<[string, () => unknown, RegExp]>([
    ['undefined', () => ({ result: undefined }), /holds undefined at reply\.result/],
    ['a function', () => ({ f() {} }), /a function at reply\.f/],
    ['a Map', () => ({ m: new Map() }), /a Map at reply\.m/],
    ['a class instance', () => ({ d: new (class Thing {})() }), /an instance of Thing at reply\.d/],
    ['a cycle', () => {
      const o: Record<string, unknown> = {};
      o.self = o;
      return o;
    }, /a cycle at reply\.self/],
    ['NaN', () => [Number.NaN], /a number JSON cannot hold .* at reply\[0\]/],
    ['a throwing getter', () => ({ get x() { throw new Error('no'); } }), /could not be read .* at reply\.x/],
  ])('names %s and where it is', (_, make, problem) => {
    const got = read(make());
    expect(got.ok).toBe(false);
    expect(got.ok ? '' : got.problem).toMatch(problem);
  });
});
