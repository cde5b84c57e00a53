/**
 * What a grader needs to grade an exercise of either kind, built from the loaded course: a code
 * exercise as it is; an examples exercise with the reference solution and mutants of its `of`.
 */
import type { CodeExercise, ExamplesExercise, Exercise } from '../../content/index.ts';
import type { CodeJob, ExamplesJob } from '../runner-api.ts';

/** The examples exercise `exercise`, ready to grade against `of`, the code exercise it names. */
export function examplesJob(exercise: ExamplesExercise, of: CodeExercise): ExamplesJob {
  if (of.id !== exercise.of) throw new Error(`examplesJob: ${exercise.id} runs against "${exercise.of}", but was given "${of.id}"; pass the exercise its \`of\` names.`);
  const fn = exercise.function ?? (of.functions.length === 1 ? of.functions[0] : undefined);
  if (fn === undefined || !of.functions.includes(fn)) {
    throw new Error(`examplesJob: ${exercise.id} does not say which function of ${of.id} to call (${of.functions.join(', ')}); run \`course check\`, which reports it.`);
  }
  return {
    kind: 'examples',
    id: exercise.id,
    language: exercise.language,
    limits: exercise.limits,
    input: exercise.input,
    compare: exercise.compare,
    ...(exercise.threshold !== undefined ? { threshold: exercise.threshold } : {}),
    target: {
      id: of.id,
      language: of.language,
      functions: of.functions,
      function: fn,
      limits: of.limits,
      solution: of.solution,
      // A mutant without `catches` is a content error (course check); its id stands in meanwhile.
      mutants: of.mutants.map((m) => ({ name: m.name, catches: m.catches ?? m.name, source: m.source })),
    },
  };
}

/**
 * `exercise` as a grader takes it; `find` looks up another exercise of the course by id (an
 * examples exercise needs its `of`). Throws when that exercise is missing: content `course check`
 * reports.
 */
export function gradingJob(exercise: Exercise, find: (id: string) => Exercise | undefined): CodeJob | ExamplesJob {
  if (exercise.kind === 'code') return exercise;
  const of = find(exercise.of);
  if (of?.kind !== 'code') throw new Error(`gradingJob: ${exercise.id} names \`of: ${exercise.of}\`, which is not a code exercise of this course; run \`course check\`, which reports it.`);
  return examplesJob(exercise, of);
}
