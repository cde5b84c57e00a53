/** Messages between the CLI and its grading child processes (see process-grader.ts). */
import type { RunResult, SnippetRequest, SnippetResult } from '../core/index.ts';
import type { GradeJob } from './grade-service.ts';

/** Parent -> child. An exercise is sent once per child, then referred to by id. */
export type WorkerRequest =
  | { type: 'exercise'; exercise: GradeJob['exercise'] }
  | { type: 'grade'; id: number; exerciseId: string; source: GradeJob['source']; mode: GradeJob['mode']; filename?: string; recordCalls?: boolean; diagnose?: boolean; minimize?: boolean; vary?: string; independentCases?: boolean }
  | { type: 'snippet'; id: number; request: Omit<SnippetRequest, 'signal'> };

/** Child -> parent. */
export type WorkerReply =
  | { type: 'graded'; id: number; result: RunResult }
  | { type: 'snippet-ran'; id: number; result: SnippetResult }
  /** `died`: set by the parent, not sent: the child's process ended before it answered. */
  | { type: 'failed'; id: number; message: string; died?: boolean };

export { LANES_ENV } from './fork-grade-worker.cjs';

/**
 * Environment variable that, set to `1`, lets a grading process reuse isolates (IsolateHostOptions.reuse):
 * `course check` sets it, for the course's own solutions, starters, mutants and variants, whose
 * statuses and failing tests are what it reads. Never for learners' submissions: in a reused
 * isolate, garbage collection comes at other moments, and isolated-vm holds a learner's unhandled
 * promise rejections weakly, so one collected before its call ends goes unreported, and a test's
 * output would change between runs (seen: mcp-server's async-tool-not-awaited, 1 run in 3). Set
 * to `0` before `course check` starts, it keeps a fresh isolate per sandbox there too.
 */
export const REUSE_ISOLATES_ENV = 'COURSE_REUSE_ISOLATES';

/** Environment variable that, set to `off`, keeps the reference's answers in each grading process only (answers-store.ts; `course check --no-cache`). */
export const ANSWERS_ENV = 'COURSE_ANSWERS_CACHE';
