/**
 * A {@link GradeService} in this process. Each grade still gets fresh isolates (isolated-vm), and
 * isolated-vm runs them on its own thread pool, so several grades in flight keep more than one
 * core busy while the judge (tests, matchers, codec) runs on the main thread.
 */
import { createNodeRunner } from './runner.ts';
import type { GradeService } from './grade-service.ts';

export interface LocalGraderOptions {
  /** Runs kept in flight. */
  concurrency: number;
}

export function createLocalGrader(options: LocalGraderOptions): GradeService {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    throw new Error(`createLocalGrader: concurrency must be a positive integer, got ${options.concurrency}.`);
  }
  // Several runs share this thread: learner code must not block it (see IsolateHostOptions.synchronous).
  const runner = createNodeRunner({ synchronous: options.concurrency === 1 });
  return {
    concurrency: options.concurrency,
    grade: (job) => runner.grade(job),
    runSnippet: (request) => runner.runSnippet(request),
    close: async () => {},
  };
}
