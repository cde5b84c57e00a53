/**
 * Generated mutants of a reference solution: Stryker's instrumenter (@stryker-mutator/instrumenter,
 * the mutators of StrykerJS) lists every mutation (mutator, location, replacement); each mutant's
 * source is the solution with that one location replaced, so it can be graded like any learner
 * submission, with the verdict learners get. Node host: the instrumenter runs on babel and `path`.
 */
import { Instrumenter } from '@stryker-mutator/instrumenter';
import type { Logger } from '@stryker-mutator/api/logging';
import { parseLearnerSource, mutantIdentity, type MutantIdentity } from '../content/index.ts';

/** One generated mutant: what changed, where, and the whole mutated source. */
export interface GeneratedMutant extends MutantIdentity {
  /** 1-based line and column in the solution where the mutated code starts. */
  line: number;
  column: number;
  /** The solution with the mutation applied. */
  source: string;
}

export interface GenerateOptions {
  /** The reference solution's text. */
  source: string;
  language: 'js' | 'ts';
  /** One file of an exercise of several, which imports and exports (parsed as a module). */
  module?: boolean;
  /** Its path, for the parser's messages. */
  file: string;
}

export interface GenerateResult {
  mutants: GeneratedMutant[];
  /** Mutations whose source does not parse even with the replacement in parentheses (none are known). */
  unparsable: number;
}

const silent = () => {};
const no = () => false;
// The instrumenter only logs progress; mutation testing reports through diagnostics instead.
const logger: Logger = { isTraceEnabled: no, isDebugEnabled: no, isInfoEnabled: no, isWarnEnabled: no, isErrorEnabled: no, isFatalEnabled: no, trace: silent, debug: silent, info: silent, warn: silent, error: silent, fatal: silent };

/** Offsets of the start of each line (0-based), to turn Stryker's line/column into offsets. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * Lists the mutants of `source`, in source order, each with its identity (mutator, original code,
 * replacement, occurrence) and its mutated source. Deterministic: the same text gives the same list.
 */
export async function generateMutants(options: GenerateOptions): Promise<GenerateResult> {
  const { source, language, file } = options;
  // The file name's extension picks babel's parser (TypeScript or JavaScript).
  const name = file.endsWith(`.${language}`) ? file : `${file}.${language}`;
  const instrumented = await new Instrumenter(logger).instrument([{ name, content: source, mutate: true }], { plugins: null, excludedMutations: [], ignorers: [] });
  const starts = lineStarts(source);
  const offset = (p: { line: number; column: number }) => (starts[p.line] ?? source.length) + p.column;
  const seen = new Map<string, number>();
  const mutants: GeneratedMutant[] = [];
  let unparsable = 0;
  const located = [...instrumented.mutants].sort((a, b) => offset(a.location.start) - offset(b.location.start) || offset(a.location.end) - offset(b.location.end));
  for (const m of located) {
    const start = offset(m.location.start);
    const end = offset(m.location.end);
    const mutated = spliced(source, start, end, m.replacement, language, file, options.module === true);
    if (mutated === undefined) {
      unparsable += 1;
      continue;
    }
    const base = mutantIdentity({ mutator: m.mutatorName, original: source.slice(start, end), replacement: m.replacement });
    const triple = `${base.mutator}\0${base.original}\0${base.replacement}`;
    const occurrence = (seen.get(triple) ?? 0) + 1;
    seen.set(triple, occurrence);
    mutants.push({ ...base, occurrence, line: m.location.start.line + 1, column: m.location.start.column + 1, source: mutated });
  }
  return { mutants, unparsable };
}

/**
 * The source with [start, end) replaced. Stryker prints a replacement expression without the
 * parentheses its new place may need (`a ?? b` becoming `a && b` next to another `??`), so a
 * replacement that does not parse is tried again in parentheses.
 */
function spliced(source: string, start: number, end: number, replacement: string, language: 'js' | 'ts', file: string, module: boolean): string | undefined {
  for (const text of [replacement, `(${replacement})`]) {
    const candidate = source.slice(0, start) + text + source.slice(end);
    if (parseLearnerSource({ file, source: candidate, language, module }).program) return candidate;
  }
  return undefined;
}
