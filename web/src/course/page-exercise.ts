/**
 * An exercise as a lesson page receives it. Never the mutants' code: only what names a learner's
 * mistake (each mutant's learner sentence, hint and fingerprint). In an assessed build, also
 * never the hidden checks or the reference solution: the page gets the visible examples and how
 * many more checks run when the work is graded.
 */
import { type Exercise, visibleTestsSource } from '../../../runner/content/index.ts';
import { knownMistakes, visibleMistakes, type KnownMistake } from '../../../runner/core/index.ts';

export interface PageExercise extends Omit<Exercise, 'mutants' | 'fingerprints' | 'equivalentMutants' | 'solution'> {
  /** The reference solution; absent in assessed builds. */
  solution?: string;
  /** What names a learner's mistake after Submit (see runner/core/misconceptions.ts). */
  knownMistakes: KnownMistake[];
  /** Assessed builds: the checks left out of the page, which run when the work is graded. */
  hiddenChecks?: number;
}

/** What a build gives learners: `practice` everything but mutants, `assessed` no hidden check either. */
export type BuildMode = 'practice' | 'assessed';

/** Full names of an exercise's tests in the visible group, as the fingerprints name them. */
const isVisible = (name: string) => name.startsWith('examples > ');

/** The page's copy of `exercise` for a build of `mode`. */
export function pageExercise(exercise: Exercise, mode: BuildMode = 'practice'): PageExercise {
  const { mutants: _mutants, fingerprints, equivalentMutants: _equivalents, solution, ...rest } = exercise;
  const known = knownMistakes(exercise);
  if (mode === 'practice') return { ...rest, solution, knownMistakes: known };
  const names = fingerprints?.tests;
  if (!names) {
    throw new Error(`An assessed build counts the hidden checks of ${exercise.dir} from its fingerprints.json, which is missing: run \`npx course check --write-fingerprints\`.`);
  }
  const visible = new Set(names.filter(isVisible));
  return {
    ...rest,
    tests: visibleTestsSource(exercise.testsFile, exercise.tests),
    knownMistakes: visibleMistakes(known, visible),
    hiddenChecks: names.length - visible.size,
  };
}
