/**
 * Method and tool names: the real ones of a table, and names that differ from a real one only
 * by case, whitespace, a look-alike letter, a prefix or suffix, or by being a key every object
 * inherits (`toString`, `constructor`, `__proto__`...). A router that looks names up with
 * `handlers[name]` or lowercases them answers some of these as if they were real.
 */
import fc, { type Arbitrary } from 'fast-check';

/** Every key an ordinary object inherits from Object.prototype, plus the ones a lookup trips on. */
export const INHERITED_NAMES: readonly string[] = [
  '__proto__',
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

/** Latin letters and the Cyrillic or Greek letters drawn the same. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { a: '\u0430', c: '\u0441', e: '\u0435', i: '\u0456', o: '\u043e', p: '\u0440', s: '\u0455', x: '\u0445', y: '\u0443', T: '\u0422', M: '\u041c' };

/** Names one edit away from `name` that a careless lookup (lowercasing, trimming, NFKC) confuses with it. */
export function nearMisses(name: string): string[] {
  const out = new Set<string>([
    name.toUpperCase(),
    name.toLowerCase(),
    name.charAt(0).toUpperCase() + name.slice(1),
    ` ${name}`,
    `${name} `,
    `${name}\n`,
    `\t${name}`,
    `${name}\u200b`,
    `${name}s`,
    name.slice(0, -1),
    `${name}/`,
    `/${name}`,
    name.replace('/', '.'),
    name.replace('/', '_'),
    name.normalize('NFD'),
    // Full-width letters and a no-break space: NFKC and trim() fold them into the real name.
    [...name].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join(''),
    `${name}\u00a0`,
    `\u00a0${name}`,
  ]);
  const letter = [...name].findIndex((c) => c in LOOK_ALIKES);
  if (letter >= 0) out.add(name.slice(0, letter) + LOOK_ALIKES[name.charAt(letter)] + name.slice(letter + 1));
  out.delete(name);
  out.delete('');
  return [...out];
}

/** Names that are not among `real`: near misses of each, inherited keys, and any other string. */
export function unknownNames(real: readonly string[]): Arbitrary<string> {
  const taken = new Set(real);
  const near = [...new Set(real.flatMap(nearMisses))].filter((n) => !taken.has(n));
  const inherited = INHERITED_NAMES.filter((n) => !taken.has(n));
  const parts: { arbitrary: Arbitrary<string>; weight: number }[] = [
    { arbitrary: fc.constantFrom(...inherited), weight: 3 },
    { arbitrary: fc.string({ maxLength: 16 }).filter((n) => !taken.has(n)), weight: 2 },
    { arbitrary: fc.constantFrom('', 'rpc.discover', 'length', 'prototype', 'then', 'toJSON', 'hasOwn', 'undefined', 'null').filter((n) => !taken.has(n)), weight: 1 },
  ];
  if (near.length) parts.unshift({ arbitrary: fc.constantFrom(...near), weight: 4 });
  return fc.oneof(...parts);
}

/** A real name (about half the time) or one that is not real. */
export function names(real: readonly string[]): Arbitrary<string> {
  if (real.length === 0) throw new Error('names(real): give the real names of the table, e.g. names(["ping", "add"]).');
  return fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 1 }, { arbitrary: unknownNames(real), weight: 1 });
}
