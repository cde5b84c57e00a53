/**
 * The proof behind `course check --mutate`: every mutant that Stryker's mutators make of a
 * reference solution is graded like a learner's submission (same grader, same verdict), and must
 * be killed by a test or recorded as equivalent, with a reason, in the exercise's
 * equivalent-mutants.yml. A survivor that is neither is an error at its line of the solution; an
 * entry that no longer matches a surviving mutant is an error at its line of the file.
 */
import { type Diagnostic, describeMutant, EQUIVALENT_MUTANTS_FILE, identityKey, judgeEquivalents, type EquivalentMutant, type CodeExercise, type Course } from '../../content/index.ts';
import { filesOf, type LearnerCode, type RunResult } from '../../core/index.ts';
import { generateMutants, type GeneratedMutant } from '../../node/generate-mutants.ts';
import { mapLimit } from '../shared/concurrency.ts';
import type { GradeService } from '../../node/grade-service.ts';

/** One generated mutant and what became of it. */
export interface MutationResult extends Omit<GeneratedMutant, 'source'> {
  status: 'killed' | 'equivalent' | 'survived';
  /** The first test that fails against it, or why the run ended (`timeout`...), when killed. */
  killedBy?: string;
  /** The recorded reason, when equivalent. */
  reason?: string;
}

export interface MutationReport {
  id: string;
  generated: number;
  killed: number;
  equivalent: number;
  survived: number;
  mutants: MutationResult[];
}

export interface MutateOptions {
  /** Exercises to leave out (their solution fails, so every mutant would look killed). */
  skip?: ReadonlySet<string>;
}

interface Graded {
  exercise: CodeExercise;
  /**
   * The mutant, its source the whole solution with one file changed, `path` that file's (for
   * diagnostics); in an exercise of several files its identity's `file` names it in solution/.
   */
  mutant: Omit<GeneratedMutant, 'source'> & { source: LearnerCode; path: string };
  result: RunResult;
}

function killedBy(result: RunResult): string | undefined {
  if (result.status === 'pass') return undefined;
  return result.tests.find((t) => t.status !== 'pass')?.name ?? `(run ended: ${result.cause ?? 'error'})`;
}

/** The entry to paste into equivalent-mutants.yml, as one line of YAML flow mapping. */
export function entryFor(m: Omit<GeneratedMutant, 'source'>): string {
  const occurrence = m.occurrence > 1 ? `, occurrence: ${m.occurrence}` : '';
  const file = m.file === undefined ? '' : `, file: ${m.file}`;
  return `{ mutator: ${m.mutator}, original: ${JSON.stringify(m.original)}, replacement: ${JSON.stringify(m.replacement)}${occurrence}${file}, reason: "..." }`;
}

/**
 * Generates and grades the mutants of every exercise's solution through `service`, all in one
 * queue, and returns the diagnostics and one report per exercise, in course order.
 */
export async function mutateCourse(course: Course, service: GradeService, options: MutateOptions = {}): Promise<{ diagnostics: Diagnostic[]; exercises: MutationReport[] }> {
  // An examples exercise's solution is data: there is nothing in it to mutate.
  const exercises = course.exercises.filter((e): e is CodeExercise => e.kind === 'code' && !options.skip?.has(e.id));
  const generated = await Promise.all(
    exercises.map(async (exercise) => {
      // An exercise of several files: each file's mutants, each changing that file only. A
      // read-only file is the exercise's in every submission, so no learner can write its mutants.
      const several = typeof exercise.solution !== 'string';
      const readonly = new Set(exercise.files?.filter((f) => f.readonly).map((f) => f.name));
      const parts = filesOf(exercise.solution, `solution.${exercise.language}`).map((f, i, all) => ({
        path: several ? `${exercise.dir}/solution/${f.name}` : `${exercise.dir}/solution.${exercise.language}`,
        name: f.name,
        identity: several ? { file: f.name } : {},
        source: f.source,
        whole: (changed: string): LearnerCode => (several ? all.map((g, j) => (j === i ? { ...g, source: changed } : g)) : changed),
      }));
      const mutants = (
        await Promise.all(parts.filter((part) => !readonly.has(part.name)).map(async (part) => (await generateMutants({ source: part.source, language: exercise.language, file: part.path, module: several })).mutants.map((m) => ({ ...m, ...part.identity, path: part.path, source: part.whole(m.source) }))))
      ).flat();
      return { exercise, mutants };
    }),
  );
  const jobs = generated.flatMap(({ exercise, mutants }) => mutants.map((mutant) => ({ exercise, mutant })));
  const graded: Graded[] = await mapLimit(jobs, service.concurrency, async ({ exercise, mutant }) => ({
    exercise,
    mutant,
    result: await service.grade({ exercise, source: mutant.source, mode: 'submit' }),
  }));

  const diagnostics: Diagnostic[] = [];
  const reports: MutationReport[] = [];
  for (const { exercise } of generated) {
    const own = graded.filter((g) => g.exercise === exercise).map((g) => ({ ...g.mutant, killed: g.result.status !== 'pass', by: killedBy(g.result) }));
    const entries = exercise.equivalentMutants?.entries ?? [];
    const verdicts = judgeEquivalents(own, entries);
    const reasons = new Map(entries.map((e) => [identityKey(e), e.reason]));
    const mutants: MutationResult[] = own.map(({ source: _source, path: _path, killed, by, ...rest }) => {
      if (killed) return { ...rest, status: 'killed', ...(by ? { killedBy: by } : {}) };
      const reason = reasons.get(identityKey(rest));
      return reason === undefined ? { ...rest, status: 'survived' } : { ...rest, status: 'equivalent', reason };
    });
    for (const m of verdicts.survived) {
      const message =
        `No test kills the generated mutant ${describeMutant(m)}: it passes every test. ` +
        `If a rule of the task tells it apart from the solution, add a hidden test that states the rule; ` +
        `if no input the task allows does, record it in ${EQUIVALENT_MUTANTS_FILE} with the reason: ${entryFor(m)}`;
      diagnostics.push({ file: m.path, line: m.line, column: m.column, rule: 'mutation/survives', severity: 'error', message });
    }
    const equivalentsFile = exercise.equivalentMutants?.file ?? `${exercise.dir}/${EQUIVALENT_MUTANTS_FILE}`;
    const stale = (entry: EquivalentMutant, rule: string, message: string): Diagnostic => ({ file: equivalentsFile, line: entry.line, column: entry.column, rule, severity: 'error', message });
    for (const entry of verdicts.notGenerated) {
      const message = `No generated mutant of the solution is ${describeMutant(entry)} any more (the solution changed); remove the entry, or correct its ${typeof exercise.solution === 'string' ? '' : 'file, '}original, replacement or occurrence.`;
      diagnostics.push(stale(entry, 'equivalents/stale', message));
    }
    for (const entry of verdicts.nowKilled) {
      const by = own.find((m) => identityKey(m) === identityKey(entry))?.by ?? 'a test';
      const message = `The mutant ${describeMutant(entry)} is killed by "${by}", so it is not equivalent; remove the entry.`;
      diagnostics.push(stale(entry, 'equivalents/killed', message));
    }
    reports.push({
      id: exercise.id,
      generated: mutants.length,
      killed: verdicts.killed.length,
      equivalent: verdicts.equivalent.length,
      survived: verdicts.survived.length,
      mutants,
    });
  }
  diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return { diagnostics, exercises: reports };
}

/** The text table of `course check --mutate`: one row per exercise. */
export function mutationTable(reports: readonly MutationReport[]): string[] {
  const rows = [['EXERCISE', 'MUTANTS', 'KILLED', 'EQUIVALENT', 'SURVIVED'], ...reports.map((r) => [r.id, String(r.generated), String(r.killed), String(r.equivalent), String(r.survived)])];
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  '));
}
