/**
 * Makes distinct submissions from a few base sources with small textual changes a class of
 * learners would produce (a header comment, another indentation, a renamed local), none of
 * which changes the verdict. bench/throughput.ts and bench/scaling.ts check that: each variant must get its base's status.
 */

export interface Base {
  /** Where the base came from, e.g. `mutants/no-try-catch.js`. */
  name: string;
  source: string;
}

export interface Variant {
  base: Base;
  source: string;
}

function reindent(source: string): string {
  return source.replace(/^( +)/gm, (spaces) => ' '.repeat(spaces.length * 2));
}

/** Renames a local identifier everywhere it is a whole word, unless the new name is taken. */
function rename(source: string, from: string, to: string): string {
  if (new RegExp(`\\b${to}\\b`).test(source)) return source;
  return source.replace(new RegExp(`(?<![.'"\\w$])${from}\\b(?!\\s*:)`, 'g'), to);
}

export function makeVariant(base: Base, n: number): Variant {
  let source = base.source;
  if (n % 2 === 1) source = reindent(source);
  if (n % 3 === 0) source = rename(source, 'handler', `handler${n}`);
  if (n % 5 === 0) source = `${source}\n// reviewed ${n}\n`;
  return { base, source: `// Submission ${n} (learner-${String(n).padStart(4, '0')})\n${source}` };
}

/**
 * `count` variants alternating between the passing and the failing bases, so half pass and
 * half fail whatever the number of bases of each kind.
 */
export function makeSubmissions(passing: readonly Base[], failing: readonly Base[], count: number): Variant[] {
  if (!passing.length || !failing.length) throw new Error('makeSubmissions: needs at least one passing and one failing base.');
  return Array.from({ length: count }, (_, n) => {
    const pool = n % 2 === 0 ? passing : failing;
    return makeVariant(pool[Math.floor(n / 2) % pool.length] as Base, n);
  });
}
