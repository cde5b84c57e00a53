/**
 * Picks how the CLI grades in parallel: always in child processes (process-grader.ts), never in
 * the command's own process, so that a submission that crashes V8 (a memory bomb, see
 * process-grader.ts) ends as that submission's error and the command goes on. One process keeps
 * several isolates busy, but the judge's share of each grade runs on its main thread, so a
 * large class gets one child process per core (measurements in bench/README.md); a small batch
 * gets no more children than it has runs.
 */
import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createProcessGrader, type ProcessGrader } from './process-grader.ts';

export interface OpenGraderOptions {
  /** Grading processes at most; defaults to the number of cores. */
  jobs?: number;
  /** Roughly how many runs are coming: no more processes than runs are started. */
  workload?: number;
  /** A grading process already started, to be the pool's first (see ProcessGraderOptions.adopt). */
  adopt?: ChildProcess;
}

/**
 * Runs one grading process keeps in flight. One: its calls into learner code can then be
 * synchronous (IsolateHostOptions.synchronous), a tenth of the cost of a trip through
 * isolated-vm's thread pool, and that saves more than overlapping a second run's isolate
 * start-up with judging would (1,000 submissions on 2 cores: 5.2 s with one lane, 6.0 s with two,
 * 6.8 s with four). It also keeps each verdict independent of what else is graded: a run's time
 * limit is never shared with another run on the same thread.
 */
const LANES_PER_PROCESS = 1;

/** The grading service: its processes start at once, so they boot while the caller reads the course. */
export function openGrader(options: OpenGraderOptions = {}): Grader {
  const jobs = Math.max(1, options.jobs ?? availableParallelism());
  const size = (workload: number | undefined) => (workload === undefined ? jobs : Math.max(1, Math.min(jobs, workload)));
  const pool = createProcessGrader({ processes: size(options.workload), perProcess: LANES_PER_PROCESS, ...(options.adopt ? { adopt: options.adopt } : {}) });
  return Object.assign(pool, { expect: (workload: number) => pool.grow(size(workload)) });
}

/** A grading service that can be opened before the work is known, then told how much is coming. */
export interface Grader extends ProcessGrader {
  /** Grows the pool for `workload` runs (up to the process limit); it never shrinks. */
  expect(workload: number): void;
}
