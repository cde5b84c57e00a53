/**
 * The browser runner, as the web app uses it: learner code in sandboxed workers, judged in the
 * page by the same core as the CLI. Importing this module starts nothing.
 */
import { createRunner } from '../core/runner.ts';
import type { CourseRunner } from '../core/runner-api.ts';
import { createBrowserHost, type BrowserHostOptions } from './host.ts';
import { browserJudgeModules } from './judge-modules.ts';

export { createBrowserHost, type BrowserHost, type BrowserHostOptions } from './host.ts';
export { browserJudgeModules } from './judge-modules.ts';

/** The runner the web app uses; the sandbox frame starts on the first run. */
export function createBrowserRunner(options: BrowserHostOptions = {}): CourseRunner {
  return createRunner({ host: createBrowserHost(options), modules: browserJudgeModules });
}
