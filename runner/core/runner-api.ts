/**
 * What a UI or CLI asks of a runner, whatever the host underneath (browser sandbox, Node).
 * Implemented by `createRunner` in this folder over any {@link SandboxHost}.
 */
import type { Exercise } from '../content/index.ts';
import type { ConsoleEntry } from './protocol.ts';
import type { RunResult, SourcePlace } from './result.ts';

/** `run` executes only the visible "examples" group; `submit` runs every test. */
export type GradeMode = 'run' | 'submit';

export interface GradeRequest {
  exercise: Pick<Exercise, 'id' | 'language' | 'functions' | 'limits' | 'tests' | 'testsFile'>;
  /** Exactly the learner's editor text. */
  source: string;
  /**
   * The name of the learner's code in messages and stack traces (a syntax error "of alice.js");
   * defaults to `learnerFilename(language)`, the name the course's editor uses.
   */
  filename?: string;
  mode: GradeMode;
  /** Aborting ends the run at once with status `error`, cause `cancelled`. */
  signal?: AbortSignal;
  /**
   * Each test's result lists every call it made into learner code, with the arguments as sent
   * (`course check` matches them with the examples the task text shows).
   */
  recordCalls?: boolean;
}

/** Result of running a lesson snippet (runnable example or prediction) for its console output. */
export interface SnippetResult {
  /** Console calls in order; the total text is capped. */
  output: ConsoleEntry[];
  /** True when output past the cap was dropped. */
  outputTruncated: boolean;
  /** Set when the snippet threw, failed to parse, or ran past its time limit. */
  error?: { message: string; place?: SourcePlace; cause: 'syntax' | 'threw' | 'timeout' | 'memory' | 'crashed' | 'cancelled' };
}

export interface SnippetRequest {
  code: string;
  language: 'js' | 'ts';
  signal?: AbortSignal;
  /** Defaults to 2000 ms. */
  timeoutMs?: number;
}

export interface CourseRunner {
  grade(request: GradeRequest): Promise<RunResult>;
  runSnippet(request: SnippetRequest): Promise<SnippetResult>;
}
