/**
 * The verdict of one run, in the shape of Exercism's test-runner interface v3
 * (https://exercism.org/docs/building/tooling/test-runners/interface), plus the details a
 * learner needs to fix a failure: the input of the failing call, expected, received and a diff.
 */

import type { Encoded } from './codec/types.ts';

/** Outcome of a whole run: `error` means the tests could not run (syntax error, missing function...). */
export type RunStatus = 'pass' | 'fail' | 'error';

/** Outcome of one test: `error` means it could not finish (timeout, crash, learner code threw). */
export type TestStatus = 'pass' | 'fail' | 'error';

/** Why a run or test ended in `error`; lets UIs and fixtures branch without parsing prose. */
export type ErrorCause =
  | 'syntax'
  | 'missing-function'
  | 'load-threw'
  | 'threw'
  | 'timeout'
  | 'run-timeout'
  | 'memory'
  | 'too-large'
  | 'crashed'
  | 'cancelled'
  | 'tests-broken'
  /** An examples exercise: the learner's code defines no `examples` list, or not one of examples. */
  | 'no-examples';

/** A place in the learner's own text (1-based line and column). */
export interface SourcePlace {
  line: number;
  column: number;
  /** The file, in an exercise of several files. */
  file?: string;
}

/** One failed assertion, as data the UI can show side by side. */
export interface FailedCheck {
  /** The matcher's own message, e.g. `expected null to deeply equal { ... }`. */
  message: string;
  /** Arguments of the last call into learner code before the check, pretty-printed. */
  input?: string;
  /** Expected value, pretty-printed (absent for matchers without one). */
  expected?: string;
  /** Received value, pretty-printed. */
  received?: string;
  /** A line diff of expected against received, without colours. */
  diff?: string;
}

/** One call into learner code during a failed test, as the learner's function saw it. */
export interface TranscriptEntry {
  /** The function called, e.g. `route`. */
  fn: string;
  /** Its arguments as JavaScript, comma-separated (cut like other output): the call is `fn(input)`. */
  input: string;
  /** What it returned, printed on one line; or what went wrong ("threw TypeError: ..."). */
  output: string;
  /** For a generated check: what a correct implementation answered to the same call. */
  expected?: string;
  /** True for what the failed check looked at: the first wrong answer, when the judge can tell. */
  marked?: true;
  /** For a call with a peer: every message of the conversation, in order (`output` is then the reply). */
  exchange?: ExchangeLine[];
  /** For a generated check of a call with a peer: a correct implementation's conversation. */
  expectedExchange?: ExchangeLine[];
}

/** One message of a conversation between the learner's router and the client a test plays. */
export interface ExchangeLine {
  from: 'router' | 'client';
  /** The message on one line, cut like other output. */
  message: string;
  /** A reply after the client cancelled: the client never gets it. */
  dropped?: true;
}

/** The messages that went into the learner's function during a failed test, and what came back. */
export interface Transcript {
  /** `test`: the calls this test made; `run`: it made none, so the calls of the run so far. */
  scope: 'test' | 'run';
  entries: TranscriptEntry[];
  /** Calls left out of `entries` to keep it short (the first ones are kept, and the marked one). */
  omitted: number;
}

export interface TestResult {
  /** Full test name: the describe blocks and the test, joined by " > ". */
  name: string;
  status: TestStatus;
  /** A sentence for the learner when the test failed or errored. */
  message?: string;
  /** Console output of learner code during this test, capped at {@link OUTPUT_CAP} characters. */
  output?: string;
  /** Source of the test body; empty for hidden tests when results are shown to learners. */
  test_code: string;
  /** Exercism's optional task link; set when the tests file names one with `{ task: n }`. */
  task_id?: number;
  /** True for tests outside the visible "examples" group. */
  hidden: boolean;
  /** Details of the failed check, when an assertion failed. */
  check?: FailedCheck;
  /** Why the test errored, when status is `error`. */
  cause?: ErrorCause;
  /** Where in the learner's text an error was thrown, when known. */
  place?: SourcePlace;
  /** For a test that did not pass: its calls into learner code and what came back, in order. */
  transcript?: Transcript;
  /** A generated check that failed: how its input was found (see runner/core/check). */
  generated?: GeneratedProvenance;
  /** With `recordCalls`: every call the test made, the arguments as sent. */
  calls?: { fn: string; args: Encoded }[];
  /** Wall time of the test in milliseconds. */
  duration: number;
}

/** Where a generated check's failing input came from: replay it with fast-check and this seed. */
export interface GeneratedProvenance {
  /** Inputs generated. */
  runs: number;
  seed: number;
  /** 0-based index of the first generated input that failed. */
  firstIndex: number;
  /** Shrinking steps from that input to the one shown. */
  steps: number;
  /** What the task leaves free in answers, in sentences (the comparison ignores these differences). */
  freedoms?: string[];
}

/**
 * A known mistake (a mutant) the learner's code behaves like: on the failing inputs of `checks`,
 * the mutant answers exactly what the learner's code answered (runner/core/mistakes).
 */
export interface NamedMistake {
  /** The mutant's id (its file name without extension). */
  mutant: string;
  /** What the learner reads: second person, names the misunderstanding. */
  sentence: string;
  /** 1-based number of the exercise hint that addresses it. */
  hint?: number;
  /** Full names of the failed checks it explains. */
  checks: string[];
}

export interface RunResult {
  version: 3;
  status: RunStatus;
  /** Set when status is `error`: a sentence with a next step. */
  message?: string;
  /** Why the run errored, when status is `error`. */
  cause?: ErrorCause;
  /** Where in the learner's text the run-level error sits (syntax error, throw while loading). */
  place?: SourcePlace;
  /** Console output of the learner's top-level code while loading, capped. */
  output?: string;
  tests: TestResult[];
  /**
   * After a failing run graded with the exercise's mutants at hand (`course grade`, a practice
   * build's page): the known mistakes the code behaves like, most checks first; empty when it
   * behaves like none, or a limit stopped the run (labelled by its cause instead); absent when it
   * was not diagnosed. Reports take it before any diagnosis of their own (runner/cli/shared/diagnosis.ts).
   */
  mistakes?: NamedMistake[];
  /**
   * Examples exercises only: how valid and how thorough the learner's examples are. `tests`
   * then holds one entry per example (passed when a correct implementation agrees with it).
   */
  examples?: ExamplesReport;
  /** A derived variant's run (`GradeRequest.vary`): how many answers the freedom changed. */
  varied?: number;
}

/** Why an example is not valid. */
export type InvalidReason =
  /** The reference solution answers the example's input with something else. */
  | 'disagrees'
  /** The reference solution throws (or does not finish) on the example's input: the task does not cover it. */
  | 'outside'
  /** The example is not written as one: not an object with the input and `reply`, or not plain data. */
  | 'malformed';

/** An example the reference solution does not agree with. Never holds the correct reply. */
export interface InvalidExample {
  /** 1-based position of the example in the learner's list. */
  example: number;
  reason: InvalidReason;
  /** A sentence for the learner: which example, and why, without the correct reply. */
  message: string;
}

/** A known mistake (a mutant) some valid example tells apart from the reference solution. */
export interface CaughtMistake {
  /** The mutant's id (its file name without extension). */
  mutant: string;
  /** What learners read after "caught: ", from the mutant's `// catches:` line. */
  catches: string;
  /** 1-based position of the first example that catches it. */
  by: number;
}

/**
 * The verdict of an examples exercise beyond each example's validity. Mistakes not caught are
 * only counted: naming them would tell the learner which example to write.
 */
export interface ExamplesReport {
  /** Examples the learner wrote. */
  total: number;
  /** Examples the reference solution agrees with. */
  valid: number;
  invalid: InvalidExample[];
  /** Known mistakes the examples were run against. */
  mutants: number;
  caught: CaughtMistake[];
  /** Known mistakes no valid example catches. */
  missed: number;
  /** How many must be caught to pass. */
  threshold: number;
}

/** Exercism caps `output` at 500 characters; we keep the same contract. */
export const OUTPUT_CAP = 500;
