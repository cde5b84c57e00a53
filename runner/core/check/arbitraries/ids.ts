/**
 * JSON-RPC ids of every kind a request may carry, weighted toward the edges that break routers:
 * `0` (falsy), negative, fractional, the largest safe integers and past them, `""`, strings that
 * read as numbers (`"1"`, `"007"`, `" 1"`), long strings, lone surrogates, and `null` where the
 * task lets an id be null. JSON-RPC 2.0, section 4: an id is a string, a number or null (null
 * discouraged, fractions SHOULD NOT be used); MCP: a string or an integer, never null.
 */
import fc, { type Arbitrary } from 'fast-check';

export interface IdOptions {
  /** Whole numbers (default true). */
  integers?: boolean;
  /** Numbers with a fraction, such as 1.5 (default true: JSON-RPC allows them; MCP ids are integers). */
  fractions?: boolean;
  /** Strings (default true). */
  strings?: boolean;
  /** `null` (default false: JSON-RPC discourages it and MCP forbids it). */
  null?: boolean;
}

/** Integer ids at the edges: falsy, negative, the ends of the safe range and past them. */
export const EDGE_INTEGER_IDS: readonly number[] = [0, 1, -1, 2, 10, 99, 100, 255, 256, 1000, 65536, -2147483648, 2147483647, 2147483648, 4294967296, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 2 ** 53 + 2, 1e21];

/** String ids at the edges: empty, numeric-looking, spaced, long, and lone surrogates. */
export const EDGE_STRING_IDS: readonly string[] = ['', '0', '1', '-1', '1.0', '007', ' 1', '1 ', 'null', 'true', 'undefined', 'id', 'ID', '__proto__', 'constructor', 'toString', '\n', ' ', '\u00e9', '\u{1f600}', '\ud800', '\udfff', 'a\ud800b', 'x'.repeat(1000)];

export const EDGE_FRACTION_IDS: readonly number[] = [0.5, -0.5, 1.5, 1e-7, 123.456, -1e-300, 5e-324];

/** Any id the options allow. */
export function ids(options: IdOptions = {}): Arbitrary<string | number | null> {
  const kinds: { arbitrary: Arbitrary<string | number | null>; weight: number }[] = [];
  if (options.integers ?? true) {
    kinds.push({ arbitrary: fc.constantFrom(...EDGE_INTEGER_IDS), weight: 3 });
    kinds.push({ arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }), weight: 2 });
    kinds.push({ arbitrary: fc.maxSafeInteger(), weight: 1 });
  }
  if (options.fractions ?? true) {
    kinds.push({ arbitrary: fc.constantFrom(...EDGE_FRACTION_IDS), weight: 1 });
    kinds.push({ arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).filter((n) => !Number.isInteger(n)), weight: 1 });
  }
  if (options.strings ?? true) {
    kinds.push({ arbitrary: fc.constantFrom(...EDGE_STRING_IDS), weight: 3 });
    kinds.push({ arbitrary: fc.string({ maxLength: 12 }), weight: 2 });
    kinds.push({ arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 1 });
    kinds.push({ arbitrary: fc.integer().map(String), weight: 1 });
  }
  if (options.null) kinds.push({ arbitrary: fc.constant(null), weight: 1 });
  if (kinds.length === 0) throw new Error('ids(): every kind of id is turned off; allow at least one of integers, fractions, strings or null.');
  // Cross-shrinking: a failing string id may shrink to 0 when 0 fails too (the simplest input first).
  return fc.oneof({ withCrossShrink: true }, ...kinds);
}

/** Several ids, all different as JSON-RPC tells them apart (`1` and `"1"` differ), for requests in flight together. */
export function distinctIds(options: IdOptions & { minLength?: number; maxLength?: number } = {}): Arbitrary<(string | number | null)[]> {
  const { minLength = 0, maxLength = 12, ...kinds } = options;
  return fc.uniqueArray(ids(kinds), { minLength, maxLength, comparator: 'SameValueZero' });
}
