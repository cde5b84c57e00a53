/**
 * The router's answer as plain JSON data, read from the codec's encoding (core/codec/types.ts).
 * The guest sends plain JSON text when it can, and the encoding otherwise: for a value holding one
 * object twice (both tools of the reference share one schema object), and for anything JSON
 * cannot carry. The first is fine to send (each place gets its copy); the second (undefined, a
 * function, a class instance, a Map, a cycle, a getter that threw) is not JSON-RPC, and is named.
 */
import type { Encoded } from '../../core/index.ts';
import type { JsonValue } from './types.ts';

type Read = { ok: true; value: JsonValue } | { ok: false; problem: string };

/** What a kind of encoded value is, in words, for the problem message. */
const KIND_WORDS: Record<string, string> = {
  undefined: 'undefined',
  number: 'a number JSON cannot hold (NaN, Infinity or -0)',
  bigint: 'a BigInt',
  symbol: 'a symbol',
  hole: 'an array with a hole',
  function: 'a function',
  date: 'a Date',
  regexp: 'a RegExp',
  map: 'a Map',
  set: 'a Set',
  error: 'an Error object',
  typed: 'a typed array',
  promise: 'a promise inside the reply',
  unreadable: 'a value that could not be read (a getter or proxy that threw)',
  'too-deep': 'nesting too deep to read',
};

class NotJson extends Error {}

/** Reads `encoded` as JSON data, or says what in it is not JSON (with the path to it). */
export function jsonFromEncoded(encoded: Encoded): Read {
  const byId = new Map<number, Encoded>();
  // Objects being read, for cycles: a reference back to one of them has no JSON form.
  const open = new Set<number>();
  const read = (value: Encoded, path: string): JsonValue => {
    if (value === null || typeof value !== 'object') return value;
    switch (value.$) {
      case 'ref': {
        const target = byId.get(value.id);
        if (target === undefined || open.has(value.id)) throw new NotJson(`a cycle at ${path}`);
        return read(target, path);
      }
      case 'array': {
        if (value.props?.length) throw new NotJson(`an array with extra members at ${path}`);
        byId.set(value.id, value);
        open.add(value.id);
        const items = value.items.map((item, i) => read(item, `${path}[${i}]`));
        open.delete(value.id);
        return items;
      }
      case 'object': {
        if (value.cls !== null) throw new NotJson(`an instance of ${value.cls} at ${path}`);
        byId.set(value.id, value);
        open.add(value.id);
        const out: { [key: string]: JsonValue } = {};
        for (const [key, member] of value.props) {
          if (typeof key !== 'string') throw new NotJson(`a symbol key at ${path}`);
          Object.defineProperty(out, key, { value: read(member, `${path}.${key}`), enumerable: true, writable: true, configurable: true });
        }
        open.delete(value.id);
        return out;
      }
      default:
        throw new NotJson(`${KIND_WORDS[value.$] ?? value.$} at ${path}`);
    }
  };
  try {
    return { ok: true, value: read(encoded, 'reply') };
  } catch (error) {
    if (error instanceof NotJson) return { ok: false, problem: `route's reply is not plain JSON data: it holds ${error.message}` };
    throw error;
  }
}
