/**
 * When a run says nothing about a learner's mistake: it ended in an error (a syntax error, a
 * throw while loading), or one of its tests was stopped by a limit (memory, a value too large,
 * the call or run time limit, a crash). Which tests such a run fails is the limit's doing, not
 * the learner's misunderstanding, so it is labelled by its cause and no known mistake is named:
 * on the page and in every report of `course grade` and `course report` alike.
 */
import type { ErrorCause, RunResult } from '../result.ts';

/** Causes that stop a run whatever the learner meant. */
export const STOPPING_CAUSES: readonly ErrorCause[] = ['memory', 'too-large', 'run-timeout', 'timeout', 'crashed'];

/**
 * The cause that makes `result` a run error (`error` when it names none), or undefined when it
 * is not one: the cause of the first test, in file order, that a limit stopped. That is where the
 * code first went wrong (a loop's first call); the tests after it may only have been stopped by
 * the run's time, which the first one used up.
 */
export function stoppedBy(result: Pick<RunResult, 'status' | 'cause' | 'tests'>): ErrorCause | 'error' | undefined {
  if (result.status === 'error') return result.cause ?? 'error';
  if (result.status === 'pass') return undefined;
  return result.tests.find((t) => t.status === 'error' && t.cause !== undefined && STOPPING_CAUSES.includes(t.cause))?.cause;
}
