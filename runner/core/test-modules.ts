/**
 * The modules every tests file may import besides 'vitest', as the judge provides them: the
 * learner's functions, `@course/check` and fast-check. One table for grading (grade.ts) and for
 * collecting without running (`course check`, `course list`), so both accept the same files.
 */
import fc from 'fast-check';
import { checkModule, type CheckModuleContext } from './check/module.ts';
import type { ModuleTable } from './collect.ts';

export const LEARNER_MODULE = '@course/learner';
export const CHECK_MODULE = '@course/check';
/** fast-check itself, for tests files that build their own arbitraries (`import fc from 'fast-check'`). */
const FAST_CHECK = { ...fc, default: fc };

/** The table for a run: the learner's functions and the run's `@course/check`. */
export function testModules(functions: Record<string, unknown>, checks: Record<string, unknown>): ModuleTable {
  return { [LEARNER_MODULE]: functions, [CHECK_MODULE]: checks, 'fast-check': FAST_CHECK };
}

/**
 * The table for collecting tests without running them: stand-ins that answer nothing. The
 * freedoms the file declares (`taskFreedoms`) reach `onTaskFreedoms` as its top level runs.
 */
export function inspectionModules(functionNames: readonly string[], onTaskFreedoms?: CheckModuleContext['onTaskFreedoms']): ModuleTable {
  const nothing = async () => undefined;
  const checks = checkModule({
    exerciseId: '',
    testsDigest: 0,
    currentTestName: () => '',
    learner: { run: async () => ({ answers: [] }) },
    reference: { missing: 'Tests are being collected, not run.' },
    decode: (v) => v,
    encodeCase: () => [],
    ...(onTaskFreedoms ? { onTaskFreedoms } : {}),
  });
  return testModules(Object.fromEntries(functionNames.map((name) => [name, nothing])), checks);
}
