/**
 * One test, run and turned into its TestResult: how it ended (passed, failed an assertion, or
 * learner code threw, looped or crashed), the failed check's values printed within bounds, a
 * headline in the course's words, and the transcript of its calls into learner code.
 */
import type { ExpectStatic } from '@vitest/expect';
import { processError } from '@vitest/utils/error';
import type { DecodeFn } from './codec/index.ts';
import { oneLine } from './codec/describe.ts';
import { TestsFileError, type CollectedTest } from './collect.ts';
import { CheckFailure } from './check/failure.ts';
import { clientOf } from './check/client-peer.ts';
import { exchangeLines, isConversation, replyText } from './conversation-text.ts';
import { callText as jsCall, jsLiteral } from './check/js-literal.ts';
import { checkFailureResult } from './check/report.ts';
import { lastSubject } from './expect.ts';
import { headline } from './headline.ts';
import { LearnerFault } from './learner-fault.ts';
import { callArguments, returnedValue, type CallRecord, type TestCapture } from './learner-session.ts';
import { PRINT_LIMITS, printable } from './printable.ts';
import type { FailedCheck, TestResult, Transcript, TranscriptEntry } from './result.ts';
import type { TextBudget } from './text-cap.ts';

export type Outcome = { kind: 'pass' } | { kind: 'error'; error: unknown } | { kind: 'run-timeout' };

/**
 * Runs a test's hooks and body while the run has time `left` (milliseconds, asked again whenever
 * a timer fires: the run's clock may run slower than the wall's); never throws.
 */
export async function runOne(test: CollectedTest, left: () => number, signal?: AbortSignal): Promise<Outcome> {
  if (left() <= 0) return { kind: 'run-timeout' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overtime = new Promise<Outcome>((resolve) => {
    const arm = (): void => {
      const ms = left();
      if (ms <= 0) resolve({ kind: 'run-timeout' });
      else timer = setTimeout(arm, ms);
    };
    arm();
  });
  const aborted = new Promise<Outcome>((resolve) => {
    signal?.addEventListener('abort', () => resolve({ kind: 'error', error: new LearnerFault('The run was cancelled.', 'cancelled') }), { once: true });
  });
  const body = (async (): Promise<Outcome> => {
    try {
      for (const hook of test.beforeEach) await hook();
      await test.fn();
      for (const hook of test.afterEach) await hook();
      return { kind: 'pass' };
    } catch (error) {
      return { kind: 'error', error };
    }
  })();
  try {
    return await Promise.race([body, overtime, aborted]);
  } finally {
    clearTimeout(timer);
  }
}

/** Exercism's members first, in the order of its interface, then ours: easier to read as JSON. */
export function exercismOrder(t: TestResult): TestResult {
  const { name, status, message, output, test_code, task_id, ...extra } = t;
  return {
    name,
    status,
    ...(message !== undefined ? { message } : {}),
    ...(output !== undefined ? { output } : {}),
    test_code,
    ...(task_id !== undefined ? { task_id } : {}),
    ...extra,
  };
}

const ANSI = /\u001b\[[0-9;]*m/g;

/** A printable string without terminal colours, or undefined for anything else. */
function plain(value: unknown): string | undefined {
  return typeof value === 'string' ? value.replace(ANSI, '') : undefined;
}

/** Calls kept in a transcript; the rest are counted. */
const TRANSCRIPT_CALLS = 12;

/** What a test left behind, for its result (see {@link testResult}). */
export interface TestContext {
  capture: TestCapture;
  expect: ExpectStatic;
  decode: DecodeFn;
  budget: TextBudget;
}

/** The result of a test that ran, from how it ended and what it left behind. */
export function testResult(outcome: Outcome, common: Omit<TestResult, 'status'>, context: TestContext): TestResult {
  if (outcome.kind === 'pass') return { ...common, status: 'pass' };
  const { capture, budget } = context;
  const subject = lastSubject(context.expect);
  const last = focusCall(capture.calls, subject);
  const transcript = capture.calls.length ? transcriptOf(capture.calls, 'test', subject, context) : transcriptOf(capture.history, 'run', subject, context);
  const withTranscript = transcript ? { transcript } : {};
  if (outcome.kind === 'run-timeout') {
    return { ...common, status: 'error', cause: 'run-timeout', message: 'This test did not finish before the run\'s time limit and was stopped.', ...withTranscript };
  }
  const error = outcome.error;
  const input = last ? budget.cap(callText(last, context.decode), 'input') : undefined;
  if (error instanceof LearnerFault) {
    const message = budget.cap(error.message, 'message');
    return {
      ...common,
      status: 'error',
      cause: error.fault,
      message,
      ...(error.place ? { place: error.place } : {}),
      ...(input !== undefined ? { check: { message, input } } : {}),
      ...withTranscript,
    };
  }
  if (error instanceof CheckFailure) return checkFailureResult(error, common, { decode: context.decode, budget });
  if (error instanceof TestsFileError) {
    return { ...common, status: 'error', cause: 'tests-broken', message: error.message };
  }
  // The headline reads the real values; printing then goes through bounded copies (the values
  // may be learner data of any shape, see printable.ts).
  let lead: string | undefined;
  if (error !== null && typeof error === 'object') {
    const e = error as { actual?: unknown; expected?: unknown; message?: unknown };
    if (typeof e.message === 'string' && ('actual' in e || /expects to receive a string/.test(e.message))) {
      // The subject itself when there is one (toMatchObject's `actual` is a trimmed copy of it).
      const actual = subject ? subject.value : e.actual;
      // The call that returned the value under test, this test's or an earlier one's.
      const answered = [...capture.history, ...capture.calls].findLast((c) => returnedValue(c, actual));
      const method = answered ? methodOf(answered, context.decode) : undefined;
      const functionName = answered?.name ?? last?.name;
      lead = headline({ message: plain(e.message) ?? '', actual, expected: e.expected, actualIsReturned: answered !== undefined, ...(functionName ? { functionName } : {}), ...(method ? { method } : {}) });
    }
    if ('actual' in e) e.actual = printable(e.actual);
    if ('expected' in e) e.expected = printable(e.expected);
  }
  const processed = processError(error, { maxDepth: PRINT_LIMITS.maxDepth }) as { message?: unknown; expected?: unknown; actual?: unknown; diff?: unknown };
  // toBeTypeOf reports the received value's typeof, which calls null "object".
  if (subject && subject.value === null && typeof processed.message === 'string' && / to be type of /.test(processed.message)) {
    processed.actual = 'null';
    processed.diff = undefined;
  }
  const message = budget.cap(plain(processed.message) ?? String(error), 'message');
  // processError leaves expected/actual as they were when a matcher gave no printable pair.
  const expected = plain(processed.expected);
  const received = plain(processed.actual);
  const diff = plain(processed.diff);
  const check: FailedCheck = {
    message,
    ...(input !== undefined ? { input } : {}),
    ...(expected !== undefined ? { expected: budget.cap(expected, 'expected') } : {}),
    ...(received !== undefined ? { received: budget.cap(received, 'received') } : {}),
    ...(diff ? { diff: budget.cap(diff, 'diff') } : {}),
  };
  // The learner reads the headline first, the matcher's own text and the diff below it.
  return { ...common, status: 'fail', message: lead ? budget.cap(lead, 'message') : message, check, ...withTranscript };
}

/**
 * The call a failed check is about, for its Input line: the last one that returned the value
 * under test, else the first that failed, else the last that answered, else the last made. (An SDK
 * client may have sent later messages, still unanswered, by the time a check of an earlier
 * answer fails.)
 */
function focusCall(calls: readonly CallRecord[], subject: { value: unknown } | undefined): CallRecord | undefined {
  return (
    (subject ? calls.findLast((c) => returnedValue(c, subject.value)) : undefined) ??
    calls.find((c) => c.outcome !== undefined && 'failed' in c.outcome) ??
    calls.findLast((c) => c.outcome !== undefined) ??
    calls.at(-1)
  );
}

/** The JSON-RPC method of a call's message, when its first argument is one. */
function methodOf(call: CallRecord, decode: DecodeFn): string | undefined {
  const first = callArguments(call.sent, decode)[0] as { method?: unknown } | null | undefined;
  return first && typeof first === 'object' && typeof first.method === 'string' && first.method.length <= 60 ? first.method : undefined;
}


/** `route({ jsonrpc: "2.0", ... })`, as the failed check's input line shows it: JavaScript a learner can paste. */
function callText(call: CallRecord, decode: DecodeFn): string {
  return jsCall(call.name, argumentsOf(call, decode), 2_000);
}

/** A call's arguments as the learner can paste them: a scripted client as the `client(...)` that makes it. */
function argumentsOf(call: CallRecord, decode: DecodeFn): unknown[] {
  const args = callArguments(call.sent, decode);
  if (call.peer) args[call.peer.at] = clientOf(call.peer.script);
  return args;
}

/**
 * The test's calls in order, what went in and what came back, the one the failed check looked at
 * marked (the call that returned the value under test, or the call that failed); the first calls
 * are kept, and the marked one, the rest counted. Absent when nothing was called yet.
 */
function transcriptOf(calls: readonly CallRecord[], scope: Transcript['scope'], subject: { value: unknown } | undefined, context: TestContext): Transcript | undefined {
  if (calls.length === 0) return undefined;
  const { budget, decode } = context;
  // The last call that returned the value: a primitive such as null may have come back from an
  // earlier call too, and a check looks at the answer just received.
  let marked = subject ? calls.findLastIndex((c) => returnedValue(c, subject.value)) : -1;
  if (marked < 0) marked = calls.findIndex((c) => c.outcome !== undefined && 'failed' in c.outcome);
  const keep = new Set<number>();
  for (let i = 0; i < calls.length && keep.size < TRANSCRIPT_CALLS - (marked >= TRANSCRIPT_CALLS ? 1 : 0); i++) keep.add(i);
  if (marked >= 0) keep.add(marked);
  const entries: TranscriptEntry[] = [...keep].sort((a, b) => a - b).map((i) => {
    const call = calls[i] as CallRecord;
    const input = argumentsOf(call, decode).map((a) => jsLiteral(a, 1_000)).join(', ');
    const returned = call.outcome !== undefined && 'returned' in call.outcome ? call.outcome.returned : undefined;
    const conversation = call.peer && isConversation(returned) ? returned : undefined;
    const output = call.outcome === undefined ? '(no answer yet when the check failed)' : conversation ? replyText(conversation) : 'returned' in call.outcome ? oneLine(call.outcome.returned, 1_000) : call.outcome.failed;
    return {
      fn: call.name,
      input: budget.cap(input, 'transcript'),
      output: budget.cap(output, 'transcript'),
      ...(conversation ? { exchange: exchangeLines(conversation, budget) } : {}),
      ...(i === marked ? { marked: true as const } : {}),
    };
  });
  return { scope, entries, omitted: calls.length - entries.length };
}
