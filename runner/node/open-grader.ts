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

/**
 * Runs one grading process keeps in flight. One: its calls into learner code can then be
 * synchronous (IsolateHostOptions.synchronous), a tenth of the cost of a trip through
 * isolated-vm's thread pool, and that saves more than overlapping a second run's isolate
 * start-up with judging would (1,000 submissions on 2 cores: 5.2 s with one lane, 6.0 s with two,
 * 6.8 s with four).
 */
const LANES_PER_PROCESS = 1;
/** Runs this process keeps in flight when it grades alone: isolate start-up overlaps judging. */
const LOCAL_LANES = 4;
/** Below this many runs, starting child processes costs more than it saves. */
const POOL_THRESHOLD = 48;

export function openGrader(options: OpenGraderOptions = {}): GradeService {
  const jobs = options.jobs ?? availableParallelism();
  if (jobs > 1 && (options.workload ?? Infinity) >= POOL_THRESHOLD) {
    return createProcessGrader({ processes: jobs, perProcess: LANES_PER_PROCESS });
  }
  // A single run (one file, or one check) keeps its calls synchronous, as a lane of its own.
  const lanes = options.workload === undefined ? LOCAL_LANES : Math.max(1, Math.min(LOCAL_LANES, options.workload));
  return createLocalGrader({ concurrency: lanes });
}
