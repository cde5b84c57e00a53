/**
 * Collects an exercise's tests without running them, against stand-in learner functions and the
 * judge's real `expect` (a tests file may build matchers such as `expect.any(Number)` at its top
 * level): how many tests there are, or why the file cannot be collected, at its line.
 * `course list` counts with it; `course check` reports the cause with it before running anything.
 */
import type { CodeExercise } from '../../content/index.ts';
import { collectTests, createExpect, inspectionModules, TestsFileError } from '../../core/index.ts';
import { nodeJudgeModules } from '../../node/judge-modules.ts';

/** A freedom the tests file declares (`taskFreedoms`), as `course check` proves it. */
export interface InspectedFreedom {
  name: string;
  /** The words of task.md that grant it. */
  grants: readonly string[];
  /** Whether it has a `vary`, so a derived variant can prove the checks accept it. */
  varies: boolean;
}

export type Inspection = { ok: true; tests: number; freedoms: InspectedFreedom[] } | { ok: false; message: string; line?: number };

export async function inspectTests(exercise: Pick<CodeExercise, 'tests' | 'functions'>): Promise<Inspection> {
  let freedoms: InspectedFreedom[] = [];
  try {
    const modules = inspectionModules(exercise.functions, (declared) => {
      freedoms = declared.map((d) => ({ name: d.freedom.name, grants: d.grants, varies: typeof d.freedom.vary === 'function' }));
    });
    const tests = await collectTests(exercise.tests, modules, { expect: createExpect('') }, nodeJudgeModules);
    return { ok: true, tests: tests.length, freedoms };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message, ...(error instanceof TestsFileError && error.line !== undefined ? { line: error.line } : {}) };
  }
}
