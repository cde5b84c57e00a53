/**
 * What the CLI grades through: one object that grades submissions and runs snippets with a
 * bounded number of runs in flight, whatever runs them underneath (see local-grader.ts).
 */
import type { AnyGradeRequest, SnippetRequest, SnippetResult, RunResult } from '../core/index.ts';

/** A grade request without the AbortSignal, so it can also be sent to another thread. */
export type GradeJob = Omit<AnyGradeRequest, 'signal'>;

export interface GradeService {
  /** How many runs the service keeps in flight; callers use it to size their own queues. */
  readonly concurrency: number;
  grade(job: GradeJob): Promise<RunResult>;
  runSnippet(request: Omit<SnippetRequest, 'signal'>): Promise<SnippetResult>;
  /** Frees threads and sandboxes; the service must not be used afterwards. */
  close(): Promise<void>;
}
