/**
 * Copies of values made only to be printed (a failed check's expected, received and diff, a
 * call's arguments). A value from learner code can be small on the wire and enormous in print:
 * a chain of objects that each point twice at the next one doubles with every level, so printing
 * it to vitest's diff depth of 20 writes a million nodes (and hangs the page, whose main thread
 * the judge shares). The copy keeps the first `maxNodes` objects met in print order (a shared
 * object counts each time, as print repeats it), cuts long strings and long lists with a visible
 * note, and stops at `maxDepth`; what is cut is shown as `[…]`.
 *
 * Functions from learner code (descriptions, see LearnerFunction) print as functions again.
 * Values are copied, never changed; asymmetric matchers, functions, dates, regular expressions
 * and errors are kept as they are (they print small, and matchers must stay themselves).
 */
import { LearnerFunction } from './codec/decode.ts';

export interface PrintLimits {
  /** Objects copied in all; later ones print as `[…]`. */
  maxNodes: number;
  /** Nesting copied; deeper objects print as `[…]`. */
  maxDepth: number;
  /** Longest string kept whole. */
  maxString: number;
  /** Items of an array, map or set, and keys of an object, kept. */
  maxItems: number;
}

export const PRINT_LIMITS: PrintLimits = { maxNodes: 500, maxDepth: 8, maxString: 1000, maxItems: 50 };

/** Prints as `[…]` in vitest's printer and in chai's messages: a class whose name is the mark. */
const Cut = { '[…]': class {} }['[…]'] as new () => object;
const CUT: object = Object.freeze(new Cut());

const MATCHER = Symbol.for('jest.asymmetricMatcher');

/** A named function that prints as `[Function name]` (never called: the copy is only printed). */
function printedFunction(fn: LearnerFunction): unknown {
  return { [fn.name]: function () {} }[fn.name];
}

function more(n: number, what: string): string {
  return `… ${n.toLocaleString('en')} more ${what}`;
}

function isLeaf(v: object): boolean {
  return (
    (v as { $$typeof?: unknown }).$$typeof === MATCHER ||
    v instanceof Date ||
    v instanceof RegExp ||
    v instanceof Error ||
    ArrayBuffer.isView(v) ||
    v instanceof ArrayBuffer
  );
}

/** A copy of `value` small enough to print in bounded time and space (see the module comment). */
export function printable(value: unknown, limits: PrintLimits = PRINT_LIMITS): unknown {
  let nodes = 0;
  // Objects on the current path, to their copies: a cycle stays a cycle (printed as [Circular]).
  const path = new Map<object, unknown>();

  const cutString = (s: string): string => (s.length > limits.maxString ? `${s.slice(0, limits.maxString)}${more(s.length - limits.maxString, 'characters')}` : s);

  const visit = (v: unknown, depth: number, key?: PropertyKey): unknown => {
    if (typeof v === 'string') return cutString(v);
    if (typeof v !== 'object' || v === null) return v;
    // Printers call a function found under `toJSON`: that one stays a description.
    if (v instanceof LearnerFunction) return key === 'toJSON' ? v : printedFunction(v);
    if (path.has(v)) return path.get(v);
    if (isLeaf(v)) return v;
    if (depth >= limits.maxDepth || nodes >= limits.maxNodes) return CUT;
    nodes++;
    if (Array.isArray(v)) {
      const copy: unknown[] = [];
      path.set(v, copy);
      const n = Math.min(v.length, limits.maxItems);
      for (let i = 0; i < n; i++) copy.push(i in v ? visit(v[i], depth + 1) : undefined);
      if (v.length > n) copy.push(more(v.length - n, 'items'));
      path.delete(v);
      return copy;
    }
    if (v instanceof Map) {
      const copy = new Map<unknown, unknown>();
      path.set(v, copy);
      let i = 0;
      for (const [key, item] of v) {
        if (i++ === limits.maxItems) {
          copy.set(more(v.size - limits.maxItems, 'entries'), CUT);
          break;
        }
        copy.set(visit(key, depth + 1), visit(item, depth + 1));
      }
      path.delete(v);
      return copy;
    }
    if (v instanceof Set) {
      const copy = new Set<unknown>();
      path.set(v, copy);
      let i = 0;
      for (const item of v) {
        if (i++ === limits.maxItems) {
          copy.add(more(v.size - limits.maxItems, 'items'));
          break;
        }
        copy.add(visit(item, depth + 1));
      }
      path.delete(v);
      return copy;
    }
    const copy = Object.create(Object.getPrototypeOf(v) as object | null) as Record<PropertyKey, unknown>;
    path.set(v, copy);
    const keys = Reflect.ownKeys(v).filter((k) => Object.prototype.propertyIsEnumerable.call(v, k));
    const n = Math.min(keys.length, limits.maxItems);
    for (let i = 0; i < n; i++) {
      const key = keys[i] as PropertyKey;
      const desc = Object.getOwnPropertyDescriptor(v, key);
      const item = desc && 'value' in desc ? visit(desc.value, depth + 1, key) : '[Getter]';
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
    if (keys.length > n) Object.defineProperty(copy, '…', { value: more(keys.length - n, 'keys'), enumerable: true, writable: true, configurable: true });
    path.delete(v);
    return copy;
  };

  return visit(value, 0);
}
