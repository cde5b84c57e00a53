/**
 * An exercise as a lesson page receives it. Never the mutants' code: in a practice build it comes
 * in a chunk of its own on the first failing Submit (`mutantSuspects`, served by the course plugin
 * as `virtual:course-mutants/<id>`), to name the learner's mistake by running the mutants on the
 * failing inputs. In an assessed build, also never the hidden checks, the reference solution or
 * the mutants: the page gets the visible examples and how many more checks run when the work is
 * graded.
 *
 * An examples exercise runs the reference solution and the mutants of the exercise it names in
 * `of`: their code is the point of the exercise. A practice build ships that code, for examples
 * exercises only, in a chunk of its own that loads on the first Check (`examplesJobOf`, served by
 * the course plugin as `virtual:course-examples/<id>`); the lesson's chunk never holds it. An
 * assessed build ships neither: the page says the examples are checked when the work is graded.
 */
import { type CodeExercise, type ExamplesExercise, type Exercise, type LearnerCode, visibleTestsSource } from '../../../runner/content/index.ts';
import { examplesJob, type CodeJob, type ExamplesJob } from '../../../runner/core/index.ts';

export interface PageCodeExercise extends Omit<CodeExercise, 'mutants' | 'variants' | 'fingerprints' | 'equivalentMutants' | 'solution'> {
  /** The reference solution; absent in assessed builds. */
  solution?: LearnerCode;
  /** Assessed builds: the checks left out of the page, which run when the work is graded. */
  hiddenChecks?: number;
}

export interface PageExamplesExercise extends Omit<ExamplesExercise, 'solution'> {
  /** The reference examples; absent in assessed builds. */
  solution?: string;
  /** The code exercise the examples are for: what the page says of it. */
  target: { title: string; function: string; mutants: number };
  /**
   * False in assessed builds: checking examples runs the reference solution and the mutants,
   * which such a build does not hold, so the examples are checked when the work is graded.
   */
  checkable: boolean;
}

export type PageExercise = PageCodeExercise | PageExamplesExercise;

/** What a build gives learners: `practice` everything but mutants, `assessed` no hidden check either. */
export type BuildMode = 'practice' | 'assessed';

/** Finds another exercise of the course by id: an examples exercise needs its `of`. */
export type FindExercise = (id: string) => Exercise | undefined;

/** Full names of an exercise's tests in the visible group, as the fingerprints name them. */
const isVisible = (name: string) => name.startsWith('examples > ');

/** The code exercise an examples exercise names in `of`; the loader has reported it otherwise. */
function targetOf(exercise: ExamplesExercise, find: FindExercise): CodeExercise {
  const of = find(exercise.of);
  if (of?.kind !== 'code') throw new Error(`${exercise.dir}: \`of: ${exercise.of}\` names no code exercise of this course; run \`npx course check\`, which reports it.`);
  return of;
}

/** The page's copy of `exercise` for a build of `mode`. */
export function pageExercise(exercise: Exercise, mode: BuildMode = 'practice', find: FindExercise = () => undefined): PageExercise {
  if (exercise.kind === 'examples') {
    const of = targetOf(exercise, find);
    const { solution, ...rest } = exercise;
    const { target } = examplesJob(exercise, of);
    const page = { ...rest, target: { title: of.title, function: target.function, mutants: target.mutants.length } };
    return mode === 'practice' ? { ...page, solution, checkable: true } : { ...page, checkable: false };
  }
  const { mutants: _mutants, variants: _variants, fingerprints, equivalentMutants: _equivalents, solution, ...rest } = exercise;
  if (mode === 'practice') return { ...rest, solution };
  const names = fingerprints?.tests;
  if (!names) {
    throw new Error(`An assessed build counts the hidden checks of ${exercise.dir} from its fingerprints.json, which is missing: run \`npx course check --write-fingerprints\`.`);
  }
  const visible = new Set(names.filter(isVisible));
  return {
    ...rest,
    tests: visibleTestsSource(exercise.testsFile, exercise.tests),
    hiddenChecks: names.length - visible.size,
  };
}

/** What naming a failing Submit's mistake runs: the mutants' code, sentences and fingerprints. */
export type MutantSuspects = Required<Pick<CodeJob, 'mutants' | 'fingerprints'>>;

/** The mutants of `exercise` as a grading job carries them (practice builds only; see the module comment). */
export function mutantSuspects(exercise: CodeExercise): MutantSuspects {
  return {
    mutants: exercise.mutants.map((m) => ({ name: m.name, learner: m.learner, ...(m.hint !== undefined ? { hint: m.hint } : {}), source: m.source })),
    fingerprints: { mutants: exercise.fingerprints?.mutants ?? {} },
  };
}

/**
 * What the page runs to check an examples exercise: the reference solution and the mutants of
 * its `of`, with each mutant's "caught" sentence. Practice builds only (see the module comment).
 */
export function examplesJobOf(exercise: ExamplesExercise, find: FindExercise): ExamplesJob {
  return examplesJob(exercise, targetOf(exercise, find));
}
