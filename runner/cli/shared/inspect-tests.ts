/**
 * Collects an exercise's tests without running them, against stand-in learner functions and the
 * judge's real `expect` (a tests file may build matchers such as `expect.any(Number)` at its top
 * level): how many tests there are, or why the file cannot be collected, at its line.
 * `course list` counts with it; `course check` reports the cause with it before running anything.
 */
import type { CodeExercise } from '../../content/index.ts';
import { collectTests, createExpect, inspectionModules, TestsFileError } from '../../core/index.ts';
import { nodeJudgeModules } from '../../node/judge-modules.ts';

export type Inspection = { ok: true; tests: number } | { ok: false; message: string; line?: number };

export async function inspectTests(exercise: Pick<CodeExercise, 'tests' | 'functions'>): Promise<Inspection> {
  try {
    const tests = await collectTests(exercise.tests, inspectionModules(exercise.functions), { expect: createExpect('') }, nodeJudgeModules);
    return { ok: true, tests: tests.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message, ...(error instanceof TestsFileError && error.line !== undefined ? { line: error.line } : {}) };
  }
}
