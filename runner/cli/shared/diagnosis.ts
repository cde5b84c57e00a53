/**
 * What every output of `course grade` and `course report` says about one submission, decided in
 * one place: a run that ended in an error is labelled by its cause (a loop, memory, a throw at
 * load, a value too large), never by a known mistake, since which tests such a run fails says
 * nothing about what the learner misunderstood; a failing run is labelled by the known mistakes
 * it looks like; one that looks like none by its first failed check. The sentence is the one the
 * learner reads, and never shows a hidden check's code, input or expected value.
 *
 * "Which known mistake is this" is asked in {@link mistakesOf} only: a diagnosis the grader put
 * on the result (`RunResult.mistakes`) wins; results files written before it existed carry
 * `course grade`'s own (`misconceptions`, by fingerprint).
 */
import { stoppedBy, type ErrorCause, type Misconception, type RunResult, type TestResult } from '../../core/index.ts';

/** A known mistake a submission looks like; `score` and `exact` come with a fingerprint diagnosis only. */
export interface Mistake {
  mutant: string;
  sentence: string;
  hint?: number;
  score?: number;
  exact?: boolean;
}

/** Why a run counts as a run error: its own cause, or `not-a-submission` for a file that is none. */
export type RunCause = ErrorCause | 'error' | 'not-a-submission';

export type Diagnosis =
  | { kind: 'pass'; sentence: '' }
  /** The run ended in an error: labelled by its cause. */
  | { kind: 'error'; cause: RunCause; sentence: string }
  /** It failed and looks like known mistakes: the sentence is the first one's. */
  | { kind: 'mistakes'; mistakes: readonly Mistake[]; sentence: string }
  /** It failed and looks like no known mistake: its first failed check. */
  | { kind: 'check'; test: string; sentence: string }
  /** It failed with no failed test (an examples exercise whose examples catch too few mistakes). */
  | { kind: 'other'; sentence: string };

/** What a diagnosis is made from: a graded submission as `course grade` writes it. */
export interface Diagnosed {
  result: RunResult;
  misconceptions?: readonly Misconception[];
  /** False for a file that is not a submission. */
  graded?: boolean;
}

/** The cause that makes `entry` a run error, or undefined when it is not one (runner/core/mistakes/run-error.ts). */
export function runCause(entry: Diagnosed): RunCause | undefined {
  if (entry.graded === false) return 'not-a-submission';
  return stoppedBy(entry.result);
}

/**
 * Pass, fail or error as every count of `course grade` and `course report` says it: a run that a
 * limit stopped (a loop in one check, memory) or a file that is no submission is an error, as its
 * diagnosis says, though the result of a run whose other checks ran says fail.
 */
export function countedStatus(entry: Diagnosed): RunResult['status'] {
  return runCause(entry) ? 'error' : entry.result.status;
}

/** How many of `entries` are pass, fail and error, each as {@link countedStatus} says. */
export function countStatuses(entries: readonly Diagnosed[]): { total: number } & Record<RunResult['status'], number> {
  const counts = { total: entries.length, pass: 0, fail: 0, error: 0 };
  for (const entry of entries) counts[countedStatus(entry)] += 1;
  return counts;
}

/**
 * The known mistakes `entry` looks like: the grader's own diagnosis when the result has one,
 * else the one its results file recorded; none for a pass or a run error.
 */
export function mistakesOf(entry: Diagnosed): readonly Mistake[] {
  if (entry.result.status === 'pass' || runCause(entry)) return [];
  const named = entry.result.mistakes;
  if (!named) return entry.misconceptions ?? [];
  // The grader names a mistake by answers; whether the submission also fails exactly the
  // mistake's checks (`exact`) is the fingerprint's word, kept beside it.
  return named.map((m) => {
    const exact = entry.misconceptions?.find((f) => f.mutant === m.mutant)?.exact;
    return exact === undefined ? m : { ...m, exact };
  });
}

/** Words for a test a hidden check stopped, by cause: nothing of its input or its expected value. */
const HIDDEN_STOPPED: Partial<Record<ErrorCause, string>> = {
  memory: 'used more memory than allowed and was stopped. Look for a loop that keeps adding to an array or string.',
  'too-large': 'returned a value too large to compare. Return only the reply itself.',
  timeout: 'did not finish in time and was stopped. Look for a loop that never ends or a promise that never settles.',
  'run-timeout': 'did not finish before the run ran out of time.',
  crashed: 'crashed the sandbox.',
  threw: 'threw an error. Check how your code handles unusual input.',
};

/**
 * What a learner may read about a test that did not pass. A visible check (an example) shows
 * its message, as the course does; a hidden one only its name and what kind of failure it was,
 * since its message can hold its input and its expected value.
 */
export function testFeedback(test: TestResult): string {
  if (!test.hidden) return `"${test.name}": ${test.message ?? (test.status === 'fail' ? 'this check failed.' : 'this check did not finish.')}`;
  const how = test.status === 'fail' ? 'failed. It runs when your work is graded; its details stay with your teacher.' : (HIDDEN_STOPPED[test.cause ?? 'crashed'] ?? 'did not finish.');
  return `The hidden check "${test.name}" ${how}`;
}

/** The one diagnosis of `entry` every output reports (see the module comment). */
export function diagnosisOf(entry: Diagnosed): Diagnosis {
  const { result } = entry;
  if (result.status === 'pass' && entry.graded !== false) return { kind: 'pass', sentence: '' };
  const cause = runCause(entry);
  if (cause) {
    if (result.status === 'error' || entry.graded === false) return { kind: 'error', cause, sentence: result.message ?? 'The run ended in an error.' };
    const stopped = result.tests.find((t) => t.status === 'error' && t.cause === cause) as TestResult;
    return { kind: 'error', cause, sentence: testFeedback(stopped) };
  }
  const mistakes = mistakesOf(entry);
  if (mistakes.length) return { kind: 'mistakes', mistakes, sentence: (mistakes[0] as Mistake).sentence };
  const failed = result.tests.find((t) => t.status !== 'pass');
  if (failed) return { kind: 'check', test: failed.name, sentence: testFeedback(failed) };
  return { kind: 'other', sentence: result.message ?? (result.examples ? 'Your examples are valid but catch too few of the known mistakes: add examples of the cases they miss.' : 'The submission did not pass.') };
}

/** A diagnosis as a short label for tables: the cause, the mistakes' ids, or nothing. */
export function diagnosisLabel(diagnosis: Diagnosis): string {
  if (diagnosis.kind === 'error') return diagnosis.cause;
  if (diagnosis.kind === 'mistakes') return diagnosis.mistakes.map((m) => m.mutant).join('; ');
  return '';
}
