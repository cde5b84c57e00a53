/**
 * vitest's toStrictEqual as a plain predicate: keys set to undefined, sparse arrays and class
 * types count. The one equality every comparison of answers uses (examples, generated checks).
 *
 * Types are told apart by prototype, not by vitest's `typeEquality`, which reads `a.constructor`:
 * an own `constructor` key (JSON can carry one: `{"constructor": {}}`) shadows it, and two equal
 * objects holding one would differ.
 */
import { arrayBufferEquality, equals, iterableEquality, sparseArrayEquality } from '@vitest/expect';

/** The name of the class whose prototype `proto` is ('' for none). */
function className(proto: object | null): string {
  if (proto === null) return '';
  const ctor = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value as { name?: unknown } | undefined;
  return typeof ctor === 'function' || (typeof ctor === 'object' && ctor !== null) ? String(ctor.name ?? '') : '';
}

/** Same prototype, or prototypes of classes with the same name (decoded copies of one class). */
function prototypeEquality(a: unknown, b: unknown): boolean | undefined {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return undefined;
  const pa = Object.getPrototypeOf(a) as object | null;
  const pb = Object.getPrototypeOf(b) as object | null;
  if (pa === pb || className(pa) === className(pb)) return undefined;
  return false;
}

/** Whether `a` and `b` are equal as `expect(a).toStrictEqual(b)` sees them. */
export function strictlyEqual(a: unknown, b: unknown): boolean {
  return equals(a, b, [iterableEquality, prototypeEquality, sparseArrayEquality, arrayBufferEquality], true);
}
