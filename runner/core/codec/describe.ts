/**
 * Text of a decoded value for learners, printed by vitest's own printer (pretty-format via
 * `@vitest/utils`), so what a learner reads matches vitest's diffs: `Foo { "a": 1 }`, `-0`,
 * `10n`, `Map { "k" => 1 }`, `[Function route]`, `Unreadable { "reason": ... }`.
 */
import { stringify } from '@vitest/utils/display';
import { printable } from '../printable.ts';

export interface DescribeOptions {
  /** Longest text returned; longer output is cut and ends with "…". Default 2,000. */
  maxChars?: number;
  /**
   * One line (`{"a": 1, "b": [1, 2]}`) instead of vitest's indented layout. Note: pretty-format's
   * compact mode drops class names (`Foo { "a": 1 }` prints as `{"a": 1}`).
   */
  singleLine?: boolean;
  /** Keep object keys in insertion order (as the learner wrote them) instead of sorting them. */
  insertionOrder?: boolean;
}

/** Pretty-prints a decoded value for a learner-facing message, cut to `maxChars`. */
export function describeValue(value: unknown, options: DescribeOptions = {}): string {
  const maxChars = options.maxChars ?? 2_000;
  // Decoded values are data: never call a `toJSON` found on them (decoded functions throw).
  // A bounded copy: printing shared references to depth 10 can otherwise take exponential time.
  const text = stringify(printable(value), 10, {
    maxLength: maxChars,
    callToJSON: false,
    printBasicPrototype: false,
    ...(options.singleLine ? { min: true } : {}),
    ...(options.insertionOrder ? { compareKeys: null } : {}),
  });
  return text.length > maxChars ? text.slice(0, maxChars - 1) + '…' : text;
}

/** A value on one line, keys in insertion order, cut to `maxChars`: a transcript's or message's answer. */
export function oneLine(value: unknown, maxChars: number): string {
  return describeValue(value, { singleLine: true, insertionOrder: true, maxChars });
}
