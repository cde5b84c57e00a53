/**
 * How big an encoded value is once written out in full: the number of containers (objects,
 * arrays, maps, sets, errors) met when every shared reference is followed again, as printing it
 * or comparing it with an equal copy does (a cycle is met once: printers and vitest's equality
 * both stop there). The codec bounds a value's size on the wire, not this: a chain of objects that
 * each point twice at the next is a few kilobytes on the wire and 2^n objects written out.
 * Linear in the encoded value, whatever its expansion; counts stop just past `limit`.
 */
import type { Encoded } from './types.ts';

export function expandedSize(encoded: Encoded, limit: number): number {
  const done = new Map<number, number>();
  const capped = (n: number) => Math.min(n, limit + 1);

  const size = (node: Encoded): number => {
    if (node === null || typeof node !== 'object') return 0;
    switch (node.$) {
      case 'ref':
        // Encoded in depth-first order: a finished node's size is known; an unfinished one is an
        // ancestor, a cycle.
        return done.get(node.id) ?? 1;
      case 'array': {
        let n = 1;
        for (const item of node.items) n = capped(n + size(item));
        for (const [, value] of node.props ?? []) n = capped(n + size(value));
        done.set(node.id, n);
        return n;
      }
      case 'object':
      case 'error': {
        let n = 1;
        for (const [, value] of node.props) n = capped(n + size(value));
        done.set(node.id, n);
        return n;
      }
      case 'map': {
        let n = 1;
        for (const [key, value] of node.entries) n = capped(n + size(key) + size(value));
        done.set(node.id, n);
        return n;
      }
      case 'set': {
        let n = 1;
        for (const item of node.items) n = capped(n + size(item));
        done.set(node.id, n);
        return n;
      }
      default:
        return 0;
    }
  };

  return size(encoded);
}
