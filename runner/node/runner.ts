import { createRunner } from '../core/runner.ts';
import type { CourseRunner } from '../core/runner-api.ts';
import { createIsolateHost, type IsolateHostOptions } from './isolate-host.ts';
import { nodeJudgeModules } from './judge-modules.ts';

/** The Node runner: isolated-vm sandboxes and the Node judge modules. */
export function createNodeRunner(options: IsolateHostOptions = {}): CourseRunner {
  return createRunner({ host: createIsolateHost(options), modules: nodeJudgeModules });
}
