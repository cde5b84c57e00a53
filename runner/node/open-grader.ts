/**
 * Picks how the CLI grades in parallel. One process keeps several isolates busy, but the judge's
 * share of each grade runs on its main thread, so past a few dozen submissions one child process
 * per core pays for its start-up (measurements in bench/README.md).
 */
import { availableParallelism } from 'node:os';
import type { GradeService } from './grade-service.ts';
import { createLocalGrader } from './local-grader.ts';
import { createProcessGrader } from './process-grader.ts';

export interface OpenGraderOptions {
  /** Grading processes; defaults to the number of cores. 1 grades in this process. */
  jobs?: number;
  /** Roughly how many runs are coming; small batches are graded in this process. */
  workload?: number;
}

/** Runs one process keeps in flight: enough to overlap isolate start-up with judging. */
const LANES_PER_PROCESS = 4;
/** Below this many runs, starting child processes costs more than it saves. */
const POOL_THRESHOLD = 48;

export function openGrader(options: OpenGraderOptions = {}): GradeService {
  const jobs = options.jobs ?? availableParallelism();
  if (jobs > 1 && (options.workload ?? Infinity) >= POOL_THRESHOLD) {
    return createProcessGrader({ processes: jobs, perProcess: LANES_PER_PROCESS });
  }
  return createLocalGrader({ concurrency: LANES_PER_PROCESS });
}
