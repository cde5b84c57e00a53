import { createRunner, type CourseRunner, type GradeEnvironment } from '../core/index.ts';
import { createIsolateHost, type IsolateHostOptions } from './isolate-host.ts';
import { nodeJudgeModules } from './judge-modules.ts';

/** The Node runner: isolated-vm sandboxes and the Node judge modules. */
export function createNodeRunner(options: IsolateHostOptions = {}, env: Pick<GradeEnvironment, 'work'> = {}): CourseRunner {
  return createRunner({ host: createIsolateHost(options), modules: nodeJudgeModules, ...env });
}
