/**
 * The value codec's wire format. Values cross between the learner's realm and the judge's as
 * JSON-safe trees, so neither side ever holds an object of the other's realm.
 *
 * A plain string, boolean, null or finite number (other than -0) stands for itself. Everything
 * else is a tagged object whose `$` member names the kind. Arrays and objects get an `id` so a
 * later `{ $: 'ref', id }` can point back at them: shared references and cycles survive.
 */
export type Encoded =
  | string
  | boolean
  | null
  | number
  | { $: 'undefined' }
  /** NaN, Infinity, -Infinity, -0. */
  | { $: 'number'; v: 'NaN' | 'Infinity' | '-Infinity' | '-0' }
  | { $: 'bigint'; v: string }
  /** `for` = from Symbol.for(key); `well-known` = Symbol.iterator etc. (key without "Symbol."). */
  | { $: 'symbol'; kind: 'unique' | 'for' | 'well-known'; key: string }
  | { $: 'ref'; id: number }
  /** Array; holes are `{ $: 'hole' }`; extra own string/symbol keys go in `props`. */
  | { $: 'array'; id: number; items: Encoded[]; props?: EncodedProp[] }
  | { $: 'hole' }
  /** Object; `cls` is the constructor name for class instances, null for plain/null-prototype. */
  | { $: 'object'; id: number; cls: string | null; nullProto?: true; props: EncodedProp[] }
  | { $: 'function'; name: string; isClass: boolean; isAsync: boolean }
  | { $: 'date'; id: number; v: string | null }
  | { $: 'regexp'; id: number; source: string; flags: string }
  | { $: 'map'; id: number; entries: [Encoded, Encoded][] }
  | { $: 'set'; id: number; items: Encoded[] }
  | { $: 'error'; id: number; name: string; message: string; stack?: string; props: EncodedProp[] }
  | { $: 'typed'; id: number; cls: string; items: (number | string)[] }
  /** Promise returned inside a value (a promise as the whole result is awaited instead). */
  | { $: 'promise'; id: number }
  /** A value that could not be read: a getter or proxy trap threw, or a proxy was revoked. */
  | { $: 'unreadable'; reason: string }
  /** Nesting deeper than the codec's depth limit. */
  | { $: 'too-deep' };

/** One own property: key is a string, or an encoded symbol. */
export type EncodedProp = [key: string | { $: 'symbol'; kind: 'unique' | 'for' | 'well-known'; key: string }, value: Encoded];

export interface CodecLimits {
  /** Upper bound on the JSON length of the encoded tree, in characters. */
  maxChars: number;
  /** Nesting depth past which values become `{ $: 'too-deep' }`. */
  maxDepth: number;
}

export const DEFAULT_CODEC_LIMITS: CodecLimits = { maxChars: 1_000_000, maxDepth: 200 };
