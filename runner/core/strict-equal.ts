/**
 * vitest's toStrictEqual as a plain predicate: keys set to undefined, sparse arrays and class
 * types count. The one equality every comparison of answers uses (examples, generated checks).
 */
import { arrayBufferEquality, equals, iterableEquality, sparseArrayEquality, typeEquality } from '@vitest/expect';

/** Whether `a` and `b` are equal as `expect(a).toStrictEqual(b)` sees them. */
export function strictlyEqual(a: unknown, b: unknown): boolean {
  return equals(a, b, [iterableEquality, typeEquality, sparseArrayEquality, arrayBufferEquality], true);
}
