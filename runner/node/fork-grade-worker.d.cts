import type { ChildProcess } from 'node:child_process';

/** Environment variable telling a grading process how many runs its parent keeps in flight there. */
export declare const LANES_ENV: 'COURSE_GRADE_LANES';

/** How a grading child is started: the module `fork` runs, its arguments and Node's flags. */
export interface WorkerStart {
  module: string;
  args: string[];
  execArgv: string[];
}

/** Forks a grading child keeping `lanes` runs in flight (see fork-grade-worker.cjs). */
export declare function forkGradeWorker(start: WorkerStart, lanes: number): ChildProcess;

/** How the prebuilt command in the build folder `dir` starts its grading children. */
export declare function bundledWorker(dir: string): WorkerStart;
