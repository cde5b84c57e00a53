/**
 * The fast path of the codec for answers that are plain JSON data, which most learner answers
 * are: null, booleans, strings, finite numbers (not -0), arrays of Array.prototype without holes
 * or extra keys, and objects of Object.prototype whose own keys are enumerable strings holding
 * data (no getters, no `undefined`), each object met once (JSON cannot say that two places hold
 * one object, which the encoder keeps). For such a value it writes the JSON text in one pass,
 * which in a fresh, cold realm costs a fraction of encoding it and writing the encoding. Anything
 * else (a getter, a class instance, `undefined`, a symbol, a cycle, more than `maxChars`) makes
 * it give up with `undefined`, and the full encoder takes the value from the start.
 *
 * Same rules as makeEncoder (see encode.ts): self-contained, intrinsics captured when the factory
 * runs (before learner code), no method looked up on a learner value; a property's descriptor is
 * read instead of the property, so no getter runs here (a proxy's traps do, as in the encoder).
 */

/** JSON text of `value`, or `undefined` when it is not plain data or is longer than `maxChars`. */
export type PlainJsonFn = (value: unknown, maxChars: number) => string | undefined;

export function makePlainJsonWriter(): PlainJsonFn {
  const R = Reflect;
  const ownKeys = R.ownKeys;
  const getProto = R.getPrototypeOf;
  const getOwnDesc = R.getOwnPropertyDescriptor;
  const isArray = Array.isArray;
  // Uncurried once, so no call allocates an argument list (this runs cold, once per answer).
  const fnCall = Function.prototype.call;
  const hasOwn = fnCall.bind(Object.prototype.hasOwnProperty) as (target: object, key: string) => boolean;
  const seenHas = fnCall.bind(Set.prototype.has) as (set: Set<object>, value: object) => boolean;
  const seenAdd = fnCall.bind(Set.prototype.add) as (set: Set<object>, value: object) => void;
  const seenClear = fnCall.bind(Set.prototype.clear) as (set: Set<object>) => void;
  const seen: Set<object> = new Set();
  const stringify = JSON.stringify as (text: string) => string;
  const ObjectProto = Object.prototype;
  const ArrayProto = Array.prototype;
  const MAX_DEPTH = 64;
  // The native JSON.stringify of a string runs no learner code (a string has no toJSON lookup).
  const quote = stringify;
  // Keys repeat from answer to answer (jsonrpc, id, result...): remember their quoted form.
  const quotedKeys: Record<string, string> = Object.create(null) as Record<string, string>;
  let quotedCount = 0;
  const quoteKey = (key: string): string => {
    let quoted = quotedKeys[key];
    if (quoted === undefined) {
      quoted = stringify(key);
      if (quotedCount < 1000) {
        quotedKeys[key] = quoted;
        quotedCount++;
      }
    }
    return quoted;
  };

  let left = 0;

  // The value of an own data property, or a marker when it is missing or an accessor.
  const NOT_DATA = {};
  const dataOf = (target: object, key: PropertyKey): unknown => {
    const desc = getOwnDesc(target, key);
    if (desc === undefined || desc.enumerable !== true || !hasOwn(desc, 'value')) return NOT_DATA;
    return desc.value;
  };

  const write = (value: unknown, depth: number): string | undefined => {
    switch (typeof value) {
      case 'string':
        left -= value.length + 2;
        return left < 0 ? undefined : quote(value);
      case 'number':
        if (value !== value || value === Infinity || value === -Infinity || (value === 0 && 1 / value < 0)) return undefined;
        left -= 24;
        return '' + value;
      case 'boolean':
        left -= 5;
        return value ? 'true' : 'false';
      case 'object':
        break;
      default:
        return undefined;
    }
    if (value === null) {
      left -= 4;
      return 'null';
    }
    if (depth > MAX_DEPTH || left < 0) return undefined;
    // A second sight of one object: shared, which only the encoder can write.
    if (seenHas(seen, value)) return undefined;
    seenAdd(seen, value);
    const proto = getProto(value);
    const keys = ownKeys(value);
    left -= keys.length + 2;
    if (isArray(value)) {
      if (proto !== ArrayProto) return undefined;
      // Exactly the indices 0..n-1, then 'length': no holes, no extra keys.
      const n = keys.length - 1;
      if (n < 0 || keys[n] !== 'length') return undefined;
      let out = '[';
      for (let i = 0; i < n; i++) {
        if (keys[i] !== '' + i) return undefined;
        const item = dataOf(value, i);
        if (item === NOT_DATA) return undefined;
        const text = write(item, depth + 1);
        if (text === undefined) return undefined;
        out += i === 0 ? text : ',' + text;
      }
      return out + ']';
    }
    if (proto !== ObjectProto) return undefined;
    let out = '{';
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string') return undefined;
      const item = dataOf(value, key);
      if (item === NOT_DATA || item === undefined) return undefined;
      const text = write(item, depth + 1);
      if (text === undefined) return undefined;
      left -= key.length + 3;
      out += (i === 0 ? '' : ',') + quoteKey(key) + ':' + text;
    }
    return left < 0 ? undefined : out + '}';
  };

  return function plainJson(value: unknown, maxChars: number): string | undefined {
    left = maxChars;
    try {
      return write(value, 0);
    } catch {
      // A proxy's trap threw: the encoder reads the value again and says what happened.
      return undefined;
    } finally {
      seenClear(seen);
    }
  };
}
