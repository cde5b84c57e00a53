/**
 * The single way the app reaches a {@link CourseRunner}: the browser sandbox host from
 * runner/browser, loaded on first use (it is a separate chunk: nothing runs on page load).
 */
import type { CourseRunner } from '../../runner/core/runner-api.ts';

let runner: Promise<CourseRunner> | undefined;

// A glob import, so the app still builds while runner/browser is being written (TODO: plain import).
const hosts = import.meta.glob<{ createBrowserRunner(): CourseRunner }>('../../runner/browser/index.ts');

async function loadBrowserRunner(): Promise<CourseRunner> {
  const load = hosts['../../runner/browser/index.ts'];
  if (!load) throw new Error('the browser runner is not part of this build');
  return (await load()).createBrowserRunner();
}

/** Resolves the shared browser runner, creating it on the first call. */
export function getRunner(): Promise<CourseRunner> {
  runner ??= loadBrowserRunner();
  // A failed load (network hiccup while fetching the chunk) must not stick for the whole session.
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
