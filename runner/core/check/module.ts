/**
 * The `@course/check` module a tests file imports: `agrees(spec)`, which runs a generated check
 * against the reference solution, and the course's arbitraries and freedoms. One module object per
 * run, built by the judge over that run's learner session and the reference (the browser and
 * `course grade`), or by the exercises project over plain function calls (direct.ts): the same
 * cases, comparisons and shrinking either way.
 */
import { TestsFileError } from '../collect.ts';
import * as arbitraries from './arbitraries/index.ts';
import { client } from './client-peer.ts';
import { declaredFreedoms, type DeclaredFreedom } from './derived-variant.ts';
import * as freedoms from './freedoms.ts';
import { freedomList } from './freedoms.ts';
import { planFor, type PlanKey } from './plan-cache.ts';
import { runCheck, type RunCheckOptions } from './run-check.ts';
import type { CheckSpec, Freedom } from './types.ts';
import { namesWord } from './words.ts';

export interface CheckModuleContext extends Omit<RunCheckOptions, 'reference'> {
  exerciseId: string;
  testsDigest: number;
  /** Full name of the test running now (the check's seed is drawn from it). */
  currentTestName(): string;
  /** The reference solution, or why there is none (an assessed build ships no reference). */
  reference: RunCheckOptions['reference'] | { missing: string };
  /** Told of every check as it starts (the run collects the task's freedoms). */
  onCheck?(spec: CheckSpec<unknown>): void;
  /** Told of the freedoms the tests file declares with `taskFreedoms`, when its top level runs. */
  onTaskFreedoms?(declared: readonly DeclaredFreedom[]): void;
  /** The exercise's functions: a call to any other name is a mistake in the tests file. */
  functions?: readonly string[];
}

/** A call in a check's cases to a function the exercise does not have: a typo in the tests file. */
function unknownCall(calls: readonly (readonly (readonly unknown[])[])[], functions: readonly string[]): string | undefined {
  for (const one of calls) for (const [name] of one) if (typeof name !== 'string' || !functions.includes(name)) return String(name);
  return undefined;
}

function checkSpec(spec: unknown): asserts spec is CheckSpec<unknown> {
  const s = spec as Partial<CheckSpec<unknown>> | null;
  if (!s || typeof s !== 'object') throw new TypeError('agrees(spec): spec must be an object { input, calls, same?, runs? }.');
  if (!s.input || typeof (s.input as { generate?: unknown }).generate !== 'function') throw new TypeError('agrees(spec): `input` must be a fast-check arbitrary (fc.record(...), ids(), ...).');
  if (typeof s.calls !== 'function') throw new TypeError("agrees(spec): `calls` must be a function from an input to the calls of a case, e.g. (msg) => [['route', msg]].");
  if (s.runs !== undefined && (!Number.isInteger(s.runs) || s.runs < 1 || s.runs > 5_000)) throw new TypeError('agrees(spec): `runs` must be a whole number from 1 to 5,000.');
}

/** The module's members, for the module table of a run. */
export function checkModule(context: CheckModuleContext): Record<string, unknown> {
  let declared: readonly DeclaredFreedom[] | undefined;
  /** The task's freedoms, each with the words of task.md that grant it; returns the freedoms, for `same`. */
  const taskFreedoms = (list: unknown): Freedom[] => {
    const these = declaredFreedoms(list);
    // The same declaration again (a file whose tests are repeated, as the bench's copies are) is
    // the same freedoms; another one is a second list for one task.
    const key = (ds: readonly DeclaredFreedom[]) => JSON.stringify(ds.map((d) => [d.freedom.name, d.grants]));
    if (declared && key(declared) !== key(these)) throw new TestsFileError('taskFreedoms is called twice with other freedoms: declare every freedom of the task in one call, at the top of the tests file.');
    if (!declared) {
      declared = these;
      context.onTaskFreedoms?.(declared);
    }
    return these.map((d) => d.freedom);
  };
  const agrees = async (spec: unknown): Promise<void> => {
    checkSpec(spec);
    // A freedom no declaration names is one no derived variant proves, and one no task sentence grants.
    const undeclared = freedomList(spec.same).find((f) => !declared?.some((d) => d.freedom.name === f.name));
    if (undeclared) {
      throw new TestsFileError(`This check's \`same\` holds the freedom "${undeclared.name}", which the tests file does not declare: list it, with the words of task.md that grant it, in taskFreedoms([[freedom, 'task words'], ...]) at the top of the file, and use what that returns.`);
    }
    if ('missing' in context.reference) throw new TestsFileError(context.reference.missing);
    context.onCheck?.(spec);
    const key: PlanKey = { exerciseId: context.exerciseId, testsDigest: context.testsDigest, testName: context.currentTestName() };
    const plan = planFor(spec, key, context.encodeCase);
    const stray = context.functions ? unknownCall(plan.calls, context.functions) : undefined;
    if (stray !== undefined) {
      throw new TestsFileError(`This check's \`calls\` name \`${stray}\`, which is not a function of the exercise (${context.functions?.join(', ')}). Each call is [functionName, ...args]: fix the name in the check's \`calls\`.`);
    }
    await runCheck(spec, plan, { ...context, reference: context.reference });
  };
  return { ...arbitraries, ...freedoms, agrees, client, namesWord, taskFreedoms };
}
