/**
 * exercises/<id>/equivalent-mutants.yml: the generated mutants of the reference solution that no
 * test can kill because they behave like it, each with a one-line reason, reviewed like content.
 *
 * A mutant is known by its identity: the mutator, the original code it changes (whitespace runs
 * as one space), the replacement, and which appearance of those three it is in the solution
 * counted from the top; in an exercise of several files, also the file of solution/ it changes
 * (occurrences are counted in that file). Lines are left out on purpose: an edit elsewhere in the solution moves
 * lines but leaves every other mutant's identity as it was, and so does reformatting.
 */
import type { Diagnostic } from './diagnostic.ts';
import { diagnostic } from './position.ts';
import type { SourcePosition } from './position.ts';
import { equivalentMutantsSchema } from './schema.ts';
import { parseYamlData } from './yaml-data.ts';

/** The file's name inside an exercise folder. */
export const EQUIVALENT_MUTANTS_FILE = 'equivalent-mutants.yml';

/** What tells one generated mutant from another, stable across edits elsewhere in the solution. */
export interface MutantIdentity {
  /** Stryker mutator name, e.g. `ConditionalExpression`. */
  mutator: string;
  /** The solution code the mutant changes, whitespace runs as one space. */
  original: string;
  /** The code put in its place, whitespace runs as one space. */
  replacement: string;
  /** 1 for the first appearance of this mutator, original and replacement in the solution, 2 for the next... */
  occurrence: number;
  /** In an exercise of several files, the file of solution/ that the mutant changes (`http.js`); absent for one file. */
  file?: string;
}

/** A recorded equivalent mutant and where its entry is written. */
export interface EquivalentMutant extends MutantIdentity, SourcePosition {
  reason: string;
}

/** The parsed file. */
export interface EquivalentMutants {
  /** Path relative to the course root. */
  file: string;
  entries: EquivalentMutant[];
}

const collapse = (code: string) => code.replace(/\s+/g, ' ').trim();

/** The identity of a mutant with its code normalised; `occurrence` defaults to 1. */
export function mutantIdentity(m: Omit<MutantIdentity, 'occurrence'> & { occurrence?: number }): MutantIdentity {
  const identity: MutantIdentity = { mutator: m.mutator, original: collapse(m.original), replacement: collapse(m.replacement), occurrence: m.occurrence ?? 1 };
  if (m.file !== undefined) identity.file = m.file;
  return identity;
}

/** One string per identity, for maps. */
export function identityKey(m: MutantIdentity): string {
  const key = [m.mutator, m.original, m.replacement, m.occurrence];
  return JSON.stringify(m.file === undefined ? key : [...key, m.file]);
}

/** "ConditionalExpression `a === b` -> `true`" (and "in http.js" for one of several files), how messages name a mutant. */
export function describeMutant(m: MutantIdentity): string {
  const clip = (code: string) => (code.length > 80 ? `${code.slice(0, 79)}…` : code);
  const nth = m.occurrence > 1 ? ` (occurrence ${m.occurrence})` : '';
  const where = m.file === undefined ? '' : ` in ${m.file}`;
  return `${m.mutator} \`${clip(m.original)}\` -> \`${clip(m.replacement)}\`${nth}${where}`;
}

export interface LoadEquivalentMutantsResult {
  /** Present when the file is valid. */
  equivalents?: EquivalentMutants;
  diagnostics: Diagnostic[];
}

/**
 * Parses and validates the file: a schema problem is an `equivalents/schema` (or `/yaml`,
 * `/unknown-key`) diagnostic at its line, and an entry recorded twice is `equivalents/duplicate`.
 * Whether each entry is still a surviving mutant is `course check --mutate`'s to say.
 */
export function loadEquivalentMutants(file: string, text: string): LoadEquivalentMutantsResult {
  const parsed = parseYamlData({ file, yaml: text.replace(/\r$/gm, ''), schema: equivalentMutantsSchema, firstLine: 1, what: 'the file', rules: 'equivalents' });
  if (!parsed.data) return { diagnostics: parsed.diagnostics };
  const diagnostics = [...parsed.diagnostics];
  const seen = new Map<string, number>();
  const entries: EquivalentMutant[] = [];
  parsed.data.mutants.forEach((data, i) => {
    const at = parsed.locate(['mutants', i]);
    const entry: EquivalentMutant = { ...mutantIdentity(data), reason: data.reason, ...at };
    const key = identityKey(entry);
    const first = seen.get(key);
    if (first !== undefined) {
      const message = `This mutant is already recorded on line ${first}; remove one of the two entries.`;
      diagnostics.push(diagnostic(file, 'equivalents/duplicate', 'error', message, at));
      return;
    }
    seen.set(key, at.line);
    entries.push(entry);
  });
  return { equivalents: { file, entries }, diagnostics };
}

/** A generated mutant and whether some test (or the run itself) failed against it. */
export interface GradedMutant extends MutantIdentity {
  killed: boolean;
}

/** What became of each generated mutant and of each recorded entry. */
export interface EquivalenceVerdicts<M extends GradedMutant> {
  killed: M[];
  /** Survivors that the file records. */
  equivalent: M[];
  /** Survivors that the file does not record: a test is missing, or an entry. */
  survived: M[];
  /** Entries that match no generated mutant (the solution changed). */
  notGenerated: EquivalentMutant[];
  /** Entries whose mutant some test now kills, so it is not equivalent. */
  nowKilled: EquivalentMutant[];
}

/** Sorts graded mutants against the recorded entries. Pure, so it is tested without grading. */
export function judgeEquivalents<M extends GradedMutant>(mutants: readonly M[], entries: readonly EquivalentMutant[]): EquivalenceVerdicts<M> {
  const recorded = new Map(entries.map((e) => [identityKey(e), e]));
  const verdicts: EquivalenceVerdicts<M> = { killed: [], equivalent: [], survived: [], notGenerated: [], nowKilled: [] };
  const matched = new Set<string>();
  for (const m of mutants) {
    const key = identityKey(m);
    const entry = recorded.get(key);
    if (entry) matched.add(key);
    if (m.killed) {
      verdicts.killed.push(m);
      if (entry) verdicts.nowKilled.push(entry);
    } else {
      (entry ? verdicts.equivalent : verdicts.survived).push(m);
    }
  }
  verdicts.notGenerated = entries.filter((e) => !matched.has(identityKey(e)));
  return verdicts;
}
