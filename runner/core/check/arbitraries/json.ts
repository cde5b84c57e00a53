/**
 * JSON values and JSON texts: values weighted toward falsy and empty ones (`0`, `""`, `false`,
 * `null`, `{}`, `[]`) and hostile keys (an own `__proto__`, `constructor`), and texts that spell
 * the same value many ways (every JSON whitespace character between tokens, escaped letters,
 * `\/`), beside texts that are not JSON at all.
 */
import fc, { type Arbitrary } from 'fast-check';

/** Keys objects of the domain may have, hostile ones among them. */
export const EDGE_KEYS: readonly string[] = ['a', 'b', 'name', 'value', 'id', 'method', 'params', '_meta', '__proto__', 'constructor', 'toString', '', ' ', 'A'];

/** Values that are falsy or empty: a router that takes them for "absent" gets them wrong. */
export const FALSY_VALUES: readonly unknown[] = [0, '', false, null, [], {}];

/** Object with own keys, defined (never set: an own `__proto__` stays a key, as JSON.parse makes it). */
function objectOf(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Any JSON value, small, with the edges above mixed in. */
export function jsonValues(options: { maxDepth?: number } = {}): Arbitrary<unknown> {
  const maxDepth = options.maxDepth ?? 2;
  const { value } = fc.letrec<{ value: unknown; leaf: unknown; object: Record<string, unknown>; array: unknown[] }>((tie) => ({
    leaf: fc.oneof(
      { arbitrary: fc.constantFrom(...FALSY_VALUES.filter((v) => typeof v !== 'object' || v === null)), weight: 3 },
      { arbitrary: fc.integer({ min: -1000, max: 1000 }), weight: 2 },
      { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)), weight: 1 },
      { arbitrary: fc.string({ maxLength: 8 }), weight: 2 },
      { arbitrary: fc.boolean(), weight: 1 },
    ),
    object: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EDGE_KEYS), fc.string({ maxLength: 6 })), tie('value')), { maxLength: 4 }).map(objectOf),
    array: fc.array(tie('value'), { maxLength: 4 }),
    value: fc.oneof({ depthSize: 'small', maxDepth, withCrossShrink: true }, tie('leaf'), tie('object'), tie('array')),
  }));
  return value;
}

/** Params of a request or notification: absent (`undefined`), an object or an array (JSON-RPC 2.0, section 4.2). */
export function params(options: { maxDepth?: number; absent?: boolean } = {}): Arbitrary<unknown> {
  const inner = jsonValues({ maxDepth: options.maxDepth ?? 2 });
  const parts: { arbitrary: Arbitrary<unknown>; weight: number }[] = [
    { arbitrary: fc.constantFrom({}, []), weight: 1 },
    { arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EDGE_KEYS), fc.string({ maxLength: 6 })), inner), { maxLength: 4 }).map(objectOf), weight: 4 },
    { arbitrary: fc.array(inner, { maxLength: 4 }), weight: 2 },
  ];
  // Absent first: with cross-shrinking, a failure that does not need params loses them.
  if (options.absent ?? true) parts.unshift({ arbitrary: fc.constant(undefined), weight: 2 });
  return fc.oneof({ withCrossShrink: true }, ...parts);
}

/** The whitespace JSON allows between tokens (RFC 8259, section 2): space, tab, line feed, carriage return. */
export const JSON_WHITESPACE = [' ', '\t', '\n', '\r'] as const;

/** A cursor over a list of small numbers that says how to spell the next token. */
class Spelling {
  private at = 0;
  constructor(private readonly choices: readonly number[]) {}
  next(): number {
    const n = this.choices[this.at % Math.max(1, this.choices.length)] ?? 0;
    this.at++;
    return this.choices.length === 0 ? 0 : n;
  }
  space(): string {
    const n = this.next();
    if (n < 4) return '';
    // Runs of one to three whitespace characters, every kind.
    let out = '';
    for (let i = 0; i <= n % 3; i++) out += JSON_WHITESPACE[(n >> (i + 2)) % 4];
    return out;
  }
}

function spellString(text: string, spelling: Spelling): string {
  const plain = JSON.stringify(text);
  if (spelling.next() % 5 !== 4) return plain;
  // The same string with letters and / written as escapes: still the same JSON string.
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (/[A-Za-z]/.test(ch) && spelling.next() % 2 === 1) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (ch === '/') out += '\\/';
    else out += JSON.stringify(ch).slice(1, -1);
  }
  return `${out}"`;
}

/** `value` written as JSON text, spaced and escaped as `choices` say (an empty list is JSON.stringify's). */
export function spellJson(value: unknown, choices: readonly number[]): string {
  const spelling = new Spelling(choices);
  const write = (v: unknown): string => {
    if (v === null || typeof v === 'boolean' || typeof v === 'number') return JSON.stringify(v) ?? 'null';
    if (typeof v === 'string') return spellString(v, spelling);
    if (Array.isArray(v)) {
      if (v.length === 0) return `[${spelling.space()}]`;
      return `[${v.map((item) => `${spelling.space()}${write(item)}${spelling.space()}`).join(',')}]`;
    }
    if (typeof v === 'object') {
      const entries = Object.entries(v as object).filter(([, item]) => item !== undefined);
      if (entries.length === 0) return `{${spelling.space()}}`;
      return `{${entries.map(([k, item]) => `${spelling.space()}${spellString(k, spelling)}${spelling.space()}:${spelling.space()}${write(item)}${spelling.space()}`).join(',')}}`;
    }
    return 'null';
  };
  return `${spelling.space()}${write(value)}${spelling.space()}`;
}

/** JSON texts of the values of `values`, spelled every way JSON allows. */
export function jsonTexts<T>(values: Arbitrary<T>): Arbitrary<string> {
  return fc.tuple(values, fc.array(fc.nat({ max: 63 }), { maxLength: 24 })).map(([v, choices]) => spellJson(v, choices));
}

/** Texts that are not JSON: cut off, single quotes, trailing commas, comments, words JSON does not have. */
export const NOT_JSON: readonly string[] = [
  '',
  ' ',
  '{',
  '[',
  '{"jsonrpc": "2.0", "method": "foo", "params": "bar", "baz]',
  '[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method"',
  "{'jsonrpc': '2.0'}",
  '{"a": 1,}',
  '[1, 2,]',
  '{"a": 1} // note',
  '/* x */ {}',
  'undefined',
  'NaN',
  'Infinity',
  '{"a": NaN}',
  '{"a": 01}',
  '{"a": .5}',
  '{"a": +1}',
  '{a: 1}',
  '"unterminated',
  '{"a": "\\x41"}',
  '{} {}',
  '[] []',
  '\u00a0{}',
  '\ufeff{}',
  'nul',
  'True',
];

/** Any text that is not JSON. */
export function notJson(): Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NOT_JSON), weight: 3 },
    { arbitrary: fc.string({ maxLength: 10 }).filter((t) => !parses(t)), weight: 1 },
  );
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
