/**
 * What the content model knows of examples exercises (`kind: examples`) beyond their schema: the
 * name the learner's examples are read from, and the checks that need the whole course, because
 * an examples exercise borrows the reference solution and the mutants of the code exercise `of`.
 */
import type { Diagnostic } from './diagnostic.ts';
import type { Locate } from './front-matter.ts';
import { diagnostic } from './position.ts';
import type { CodeExercise, ExamplesExercise, Exercise } from './types.ts';

/** The top-level name that holds the learner's examples (an array, or a function returning one). */
export const EXAMPLES_NAME = 'examples';

/** Whether task.md says `kind: examples`, read from its text when the front matter is not valid. */
export function examplesKindHint(taskText: string): boolean {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(taskText.replace(/^\uFEFF/, ''))?.[1] ?? '';
  return /^kind:\s*['"]?examples['"]?\s*(#.*)?$/m.test(front);
}

/** The function of `of` each example calls: `function`, else the one function `of` has. */
export function examplesFunction(exercise: Pick<ExamplesExercise, 'function'>, of: Pick<CodeExercise, 'functions'>): string | undefined {
  return exercise.function ?? (of.functions.length === 1 ? of.functions[0] : undefined);
}

export interface LoadedExercise {
  exercise: Exercise;
  locate?: Locate | undefined;
}

/**
 * Checks each examples exercise against the exercise it names in `of`: that it is a code
 * exercise with mutants, that the function to call is known, that the threshold can be met, and
 * that each borrowed mutant says what learners read when their examples catch it (`// catches:`).
 * `folders` holds every exercise folder, loaded or not: one that failed to load has its own report.
 */
export function checkExamplesExercises(loaded: readonly LoadedExercise[], folders: ReadonlySet<string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const byId = new Map(loaded.map(({ exercise }) => [exercise.id, exercise]));
  const reported = new Set<string>();
  for (const { exercise, locate } of loaded) {
    if (exercise.kind !== 'examples') continue;
    const taskFile = `${exercise.dir}/task.md`;
    const at = (key: string) => locate?.([key]);
    const report = (rule: string, message: string, key = 'of') => diagnostics.push(diagnostic(taskFile, rule, 'error', message, at(key)));
    const of = byId.get(exercise.of);
    if (!of) {
      if (!folders.has(exercise.of)) report('examples/unknown-of', `There is no exercise \`${exercise.of}\` (no folder exercises/${exercise.of}/); \`of\` must name the code exercise whose solution and mutants the examples run against.`);
      continue;
    }
    if (of.kind !== 'code') {
      report('examples/of-not-code', `\`${exercise.of}\` is an examples exercise itself; \`of\` must name a code exercise, whose reference solution and mutants the examples run against.`);
      continue;
    }
    if (exercise.function !== undefined && !of.functions.includes(exercise.function)) {
      report('examples/unknown-function', `\`${exercise.of}\` has no function \`${exercise.function}\` (its \`functions\` are ${of.functions.join(', ')}); name one of them.`, 'function');
    } else if (examplesFunction(exercise, of) === undefined) {
      report('examples/function-needed', `\`${exercise.of}\` has several functions (${of.functions.join(', ')}); add \`function:\` with the one each example calls.`);
    }
    if (of.mutants.length === 0) {
      report('examples/no-mutants', `\`${exercise.of}\` has no mutants, so there is no mistake for the examples to catch; add mutants to it or pick another exercise.`);
    } else if (exercise.threshold !== undefined && exercise.threshold > of.mutants.length) {
      report('examples/threshold', `\`threshold: ${exercise.threshold}\` asks for more than the ${of.mutants.length} mutants of \`${exercise.of}\`; use a number from 1 to ${of.mutants.length}, or leave it out to require every one.`, 'threshold');
    }
    for (const mutant of of.mutants) {
      // A mutant whose header has errors is reported by its own exercise already.
      if (mutant.catches !== undefined || !mutant.learner || reported.has(mutant.file)) continue;
      reported.add(mutant.file);
      const message = `The examples exercise \`${exercise.id}\` runs this mutant, and its learners read "caught: ..." when their examples catch it; add \`// catches: <what the wrong implementation does, in the third person>\` to the header, e.g. "a router that treats id 0 as a notification".`;
      diagnostics.push(diagnostic(mutant.file, 'examples/mutant-no-catches', 'error', message));
    }
  }
  return diagnostics;
}
