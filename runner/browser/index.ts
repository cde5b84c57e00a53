/**
 * The browser runner, as the web app uses it: learner code in sandboxed workers, judged in the
 * page by the same core as the CLI. Importing this module starts nothing.
 */
import { createRunner, type CourseRunner } from '../core/index.ts';
import { createBrowserHost, type BrowserHostOptions } from './host.ts';
import { browserJudgeModules } from './judge-modules.ts';

export { createBrowserHost, type BrowserHost, type BrowserHostOptions } from './host.ts';
export { browserJudgeModules } from './judge-modules.ts';

export interface BrowserRunnerOptions extends BrowserHostOptions {
  /**
   * Start the sandbox frame and its first worker now, in the background, instead of on the first
   * run (which then takes about 100 ms less). Use it when a run is likely soon, e.g. when an
   * exercise comes into view.
   */
  prewarm?: boolean;
}

/** The runner the web app uses; the sandbox frame starts on the first run unless `prewarm` is set. */
export function createBrowserRunner(options: BrowserRunnerOptions = {}): CourseRunner {
  const { prewarm, ...hostOptions } = options;
  const host = createBrowserHost(hostOptions);
  // A failed warm-up is retried by the first run, which reports any error itself.
  if (prewarm) host.warm().catch(() => undefined);
  return createRunner({ host, modules: browserJudgeModules });
}
