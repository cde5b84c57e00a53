/**
 * The single way the app reaches a {@link CourseRunner}: the browser sandbox host from
 * runner/browser, loaded on first use (a separate chunk: nothing runs, and no sandbox starts, on
 * page load).
 */
import type { CourseRunner } from '../../runner/core/index.ts';

let runner: Promise<CourseRunner> | undefined;

/** Resolves the shared browser runner, creating it on the first call. */
export function getRunner(): Promise<CourseRunner> {
  runner ??= import('../../runner/browser/index.ts').then((m) => m.createBrowserRunner());
  // A failed load (a network hiccup while fetching the chunk) must not stick for the whole visit.
  runner.catch(() => {
    runner = undefined;
  });
  return runner;
}

/** A sentence for the learner when the runner could not be reached. */
export function runnerFailureMessage(error: unknown): string {
  const detail = error instanceof Error ? ` (${error.message})` : '';
  return `The code runner could not start${detail}. Reload the page and try again.`;
}
