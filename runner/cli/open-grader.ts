/** Picks how the CLI grades in parallel (see the measurements in bench/README.md). */
import { availableParallelism } from 'node:os';
import type { GradeService } from './grade-service.ts';
import { createLocalGrader } from './local-grader.ts';

export interface OpenGraderOptions {
  /** Parallel lanes; defaults to the number of cores. */
  jobs?: number;
}

export function openGrader(options: OpenGraderOptions = {}): GradeService {
  const jobs = options.jobs ?? availableParallelism();
  return createLocalGrader({ concurrency: jobs * 4 });
}
