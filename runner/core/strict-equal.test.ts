import { describe, expect, it } from 'vitest';
import { strictlyEqual } from './strict-equal.ts';

describe('strictlyEqual', () => {
  it('is toStrictEqual: undefined keys, sparse arrays and types count, key order does not', () => {
    expect(strictlyEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(strictlyEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(strictlyEqual([1, , 3], [1, undefined, 3])).toBe(false);
    class A {
      x = 1;
    }
    expect(strictlyEqual(new A(), { x: 1 })).toBe(false);
    expect(strictlyEqual(Object.create(null), {})).toBe(false);
  });

  it('compares objects that hold an own constructor key by their content', () => {
    const make = () => JSON.parse('{"b": 1, "constructor": {}}') as object;
    expect(strictlyEqual(make(), JSON.parse('{"constructor": {}, "b": 1}'))).toBe(true);
    expect(strictlyEqual(make(), JSON.parse('{"constructor": [], "b": 1}'))).toBe(false);
  });
});
