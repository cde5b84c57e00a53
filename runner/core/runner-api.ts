/**
 * What a UI or CLI asks of a runner, whatever the host underneath (browser sandbox, Node).
 * Implemented by `createRunner` in this folder over any {@link SandboxHost}.
 */
import type { CodeExercise, ExampleComparison, ExerciseLimits, Fingerprints, Mutant } from '../content/index.ts';
import type { LearnerCode } from '../content/index.ts';
import type { ConsoleEntry } from './protocol.ts';
import type { RunResult, SourcePlace } from './result.ts';

/** `run` executes only the visible "examples" group; `submit` runs every test. */
export type GradeMode = 'run' | 'submit';

/** What grading a code exercise needs of it; `kind` may be left out. */
export type CodeJob = Pick<CodeExercise, 'id' | 'language' | 'functions' | 'limits' | 'tests' | 'testsFile'> & {
  kind?: 'code';
  /** The reference solution: the oracle of generated checks. Absent in assessed builds, which run none. */
  solution?: LearnerCode;
  /** Known-wrong solutions, for naming a failing submission's mistake (`diagnose`); absent in assessed builds. */
  mutants?: Pick<Mutant, 'name' | 'learner' | 'hint' | 'source'>[];
  /** The tests each mutant fails: only those can it explain. */
  fingerprints?: Pick<Fingerprints, 'mutants'>;
};

/** A submission of a code exercise: the tests of the exercise judge the learner's functions. */
export interface GradeRequest extends Submission {
  exercise: CodeJob;
}

/** What a submission is, whatever the kind of its exercise. */
export interface Submission {
  /** Exactly the learner's editor text, or their files in an exercise of several. */
  source: LearnerCode;
  /**
   * The name of the learner's code in messages and stack traces (a syntax error "of alice.js");
   * defaults to `learnerFilename(language)`, the name the course's editor uses.
   */
  filename?: string;
  /** Examples exercises make no difference: every run checks validity and catches. */
  mode: GradeMode;
  /** Aborting ends the run at once with status `error`, cause `cancelled`. */
  signal?: AbortSignal;
  /**
   * Each test's result lists every call it made into learner code, with the arguments as sent
   * (`course check` matches them with the examples the task text shows).
   */
  recordCalls?: boolean;
  /**
   * After a failing run, name the known mistakes the code behaves like (`RunResult.mistakes`),
   * running the exercise's mutants on the failing inputs (runner/core/mistakes). The page and
   * `course grade` ask for it; `course check` does not (it runs the mutants themselves).
   */
  diagnose?: boolean;
  /**
   * Shrink a failed generated check's input to the smallest that still fails (default true).
   * `course check` turns it off for mutants and starters, whose verdicts are all it needs.
   */
  minimize?: boolean;
  /**
   * Grade as a derived variant (`course check`): every answer of the code, to every check, goes
   * through the `vary` of the task's freedom of this name (check/derived-variant.ts). The result
   * then says how many answers it changed (`RunResult.varied`).
   */
  vary?: string;
  /**
   * `course check` of the reference: prove that every generated case answers the same whatever
   * ran before it in the realm (run-check.ts, RunCheckOptions.independence).
   */
  independentCases?: boolean;
}

/**
 * The code exercise an examples exercise borrows (`of`): its reference solution and mutants run
 * on the learner's examples, each in a sandbox of its own, as learner code does.
 */
export interface ExamplesTarget {
  /** Id of the code exercise. */
  id: string;
  language: 'js' | 'ts';
  /** Its `functions`: every name its solution and mutants define. */
  functions: string[];
  /** The one each example calls. */
  function: string;
  limits: ExerciseLimits;
  /** The reference solution: an example it disagrees with is invalid. */
  solution: LearnerCode;
  /** The known-wrong solutions: a valid example that one disagrees with catches it. */
  mutants: Array<{ name: string; catches: string; source: LearnerCode }>;
}

/** What grading an examples exercise needs of it: plain data, so it can go to another process. */
export interface ExamplesJob {
  kind: 'examples';
  id: string;
  /** Language of the learner's examples file. */
  language: 'js' | 'ts';
  /** Limits of reading the learner's examples (the target's apply to its own runs). */
  limits: ExerciseLimits;
  /** Key of each example that holds the argument, e.g. `message` in `{ message, reply }`. */
  input: string;
  compare: ExampleComparison;
  /** How many mutants must be caught to pass; every one when absent. */
  threshold?: number;
  target: ExamplesTarget;
}

/**
 * A submission of an examples exercise: the learner's examples (a top-level `examples` list, or
 * a function returning one), read from their code in a sandbox, then run against the target's
 * reference solution and mutants.
 */
export interface ExamplesGradeRequest extends Submission {
  exercise: ExamplesJob;
}

/** A submission of either kind; `exercise.kind` tells them apart. */
export interface AnyGradeRequest extends Submission {
  exercise: CodeJob | ExamplesJob;
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
  /** Grades a submission of an exercise of either kind. Never throws for anything learner code does. */
  grade(request: AnyGradeRequest): Promise<RunResult>;
  runSnippet(request: SnippetRequest): Promise<SnippetResult>;
}
