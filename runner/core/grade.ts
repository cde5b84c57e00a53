/**
 * The grading core: runs an exercise's tests (judge realm) against learner code (sandbox realm)
 * and returns an Exercism v3 result. Pure: no DOM, no `node:*`; the host comes in as a parameter.
 */
import { processError } from '@vitest/utils/error';
import type { ExpectStatic } from '@vitest/expect';
import { expandedSize } from './codec/expanded-size.ts';
import { LearnerFunction, makeDecoder, makeEncoder, TooDeep, Unreadable } from './codec/index.ts';
import { DEFAULT_CODEC_LIMITS, type Encoded } from './codec/types.ts';
import { describeValue } from './codec/describe.ts';
import { collectTests, TestsFileError, type CollectedTest, type ModuleLoaders } from './collect.ts';
import { createExpect, lastSubject } from './expect.ts';
import { LearnerFault } from './learner-fault.ts';
import { formatOutput } from './output.ts';
import { learnerFilename, prepareSource } from './prepare.ts';
import { headline } from './headline.ts';
import { PRINT_LIMITS, printable } from './printable.ts';
import type { ConsoleEntry, GuestReply, ThrownValue } from './protocol.ts';
import type { ErrorCause, FailedCheck, RunResult, SourcePlace, TestResult } from './result.ts';
import type { GradeRequest } from './runner-api.ts';
import { isSandboxFailure, type Sandbox, type SandboxFailure, type SandboxHost } from './sandbox.ts';
import { TextBudget } from './text-cap.ts';

export interface GradeEnvironment {
  host: SandboxHost;
  /** Modules tests may import besides 'vitest' and '@course/learner' (e.g. the MCP SDK client). */
  modules?: ModuleLoaders;
  /** Clock in milliseconds; `performance.now` by default. */
  now?: () => number;
}

const LEARNER_MODULE = '@course/learner';
/**
 * Containers a value from learner code may have when written out in full (see expandedSize):
 * every tree that fits the codec's size limit has fewer; beyond it, comparing or printing the
 * value would stall the judge (in the browser, the page).
 */
const MAX_EXPANDED = 20_000;
const ANSI = /\u001b\[[0-9;]*m/g;

function placeText(place?: SourcePlace): string {
  return place ? ` (line ${place.line}, column ${place.column})` : '';
}

function thrownText(name: string, error: ThrownValue): string {
  if (error.kind === 'error') return `${name} threw ${error.name}: ${error.message}`;
  const what = error.name === 'null' || error.name === 'undefined' ? error.name : `${/^[aeiou]/.test(error.name) ? 'an' : 'a'} ${error.name}`;
  return `${name} threw ${what} (${error.message}) instead of an Error`;
}

function failureMessage(what: string, failure: SandboxFailure, limitMs: number): { message: string; cause: ErrorCause } {
  switch (failure.type) {
    case 'timeout':
      return {
        // Browsers cap no worker's memory, so there code that keeps allocating ends here too.
        message: `${what} did not finish within ${limitMs} ms and was stopped. Look for a loop that never ends, endless recursion through promises, a promise that never settles, or a value that keeps growing.`,
        cause: 'timeout',
      };
    case 'memory':
      return { message: `${what} used more memory than allowed and was stopped. Look for a loop that keeps adding to an array or string.`, cause: 'memory' };
    case 'cancelled':
      return { message: 'The run was cancelled.', cause: 'cancelled' };
    default:
      return { message: `${what} crashed the sandbox (${failure.message}).`, cause: 'crashed' };
  }
}

function errorResult(message: string, cause: ErrorCause, place?: SourcePlace, output?: string): RunResult {
  return { version: 3, status: 'error', message, cause, ...(place ? { place } : {}), ...(output ? { output } : {}), tests: [] };
}

function toPlace(error: ThrownValue): SourcePlace | undefined {
  return error.line ? { line: error.line, column: error.column ?? 1 } : undefined;
}

/** Grades one submission. Never throws for anything learner code does. */
export async function grade(request: GradeRequest, env: GradeEnvironment): Promise<RunResult> {
  const now = env.now ?? (() => performance.now());
  const { exercise, mode, signal } = request;
  const limits = exercise.limits;
  const started = now();
  const deadline = started + limits.runMs;
  // Whole milliseconds: hosts and messages deal in them ("did not finish within 734 ms").
  const callLimit = () => Math.max(1, Math.floor(Math.min(limits.callMs, deadline - now())));
  const encode = makeEncoder();
  const decode = makeDecoder({ markers: { Unreadable, TooDeep }, describeFunction: (fn, isClass, isAsync) => new LearnerFunction(fn, isClass, isAsync) });

  const prepared = await prepareSource(request.source, exercise.language, request.filename ?? learnerFilename(exercise.language));
  if (!prepared.ok) return errorResult(prepared.message, 'syntax', prepared.place);

  // Per-test capture, switched as tests start.
  // `lastCall` describes the last call into learner code, only when a test fails (pretty-printing
  // every call cost more than the call itself).
  // `lastName` and `lastReturned` let a failed check's headline say "route answered with ...".
  let current: { console: ConsoleEntry[]; dropped: number; lastCall?: () => string; lastName?: string; lastReturned?: { value: unknown } } = { console: [], dropped: 0 };
  let sandbox: Sandbox | undefined;
  let seq = 0;
  let loadOutput: string | undefined;

  const collectConsole = (reply: GuestReply) => {
    current.console.push(...reply.console);
    current.dropped += reply.consoleDropped;
  };

  /** Creates a realm and loads the learner's code; the first time, problems end the run. */
  const open = async (onSent?: () => void): Promise<{ sandbox: Sandbox } | { result: RunResult }> => {
    const box = await env.host.create({ memoryMb: limits.memoryMb });
    const loadLimit = callLimit();
    const sending = box.send({ type: 'load', source: prepared.script, filename: prepared.filename, names: exercise.functions }, { timeoutMs: loadLimit, ...(signal ? { signal } : {}) });
    onSent?.();
    const reply = await sending;
    if (isSandboxFailure(reply)) {
      box.dispose();
      const { message, cause } = failureMessage('Your top-level code', reply, loadLimit);
      return { result: errorResult(message, cause) };
    }
    const output = formatOutput(reply.console, reply.consoleDropped);
    if (reply.type === 'load-threw') {
      box.dispose();
      const place = toPlace(reply.error);
      const text = thrownText('Your top-level code', reply.error);
      return { result: errorResult(`${text}${placeText(place)} while loading, before any test ran. Fix it and run again.`, 'load-threw', place, output) };
    }
    if (reply.type !== 'loaded') {
      box.dispose();
      return { result: errorResult('The sandbox answered the load request with an unexpected message.', 'crashed') };
    }
    const problems = exercise.functions.filter((n) => reply.names[n] !== 'function');
    if (problems.length) {
      box.dispose();
      const what = problems.map((n) => (reply.names[n] === 'missing' ? `a function named \`${n}\`` : `\`${n}\` as a function (it is defined, but not as a function)`));
      return { result: errorResult(`The tests need ${what.join(' and ')} at the top level of your code. Define it and run again.`, 'missing-function', undefined, output) };
    }
    loadOutput = output;
    return { sandbox: box };
  };

  // The load goes out now and the tests are collected while it is in flight: in the browser the
  // load is a round trip to another process, and collecting (compiling the tests file) takes
  // about as long (bench/README.md, section 2).
  let loadSent = () => {};
  const sent = new Promise<void>((resolve) => (loadSent = resolve));
  const firstOpen = open(() => loadSent()).then((opened) => {
    if ('sandbox' in opened) sandbox = opened.sandbox;
    return opened;
  });

  const ensureSandbox = async (): Promise<Sandbox> => {
    const first = await firstOpen;
    if ('result' in first) throw new LearnerFault(first.result.message ?? 'The sandbox could not start.', 'crashed');
    if (sandbox) return sandbox;
    const again = await open();
    if ('result' in again) throw new LearnerFault(again.result.message ?? 'The sandbox could not be restarted.', 'crashed');
    sandbox = again.sandbox;
    return sandbox;
  };

  const learner: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of exercise.functions) {
    learner[name] = async (...args: unknown[]) => {
      if (signal?.aborted) throw new LearnerFault('The run was cancelled.', 'cancelled');
      const box = await ensureSandbox();
      let encoded: Encoded;
      try {
        encoded = encode(args, DEFAULT_CODEC_LIMITS);
      } catch (error) {
        throw new TestsFileError(`The tests passed ${name} an argument the codec cannot carry: ${(error as Error).message}`);
      }
      const sent = encoded;
      current.lastName = name;
      current.lastReturned = undefined;
      current.lastCall = () => {
        // What the learner received: the copy, not the test's objects (which the test may change later).
        let received: unknown[] = args;
        try {
          received = decode(sent) as unknown[];
        } catch {
          // Describe the originals instead.
        }
        return `${name}(${received.map((a) => describeValue(a, { singleLine: true, insertionOrder: true })).join(', ')})`;
      };
      const timeoutMs = callLimit();
      const reply = await box.send({ type: 'call', seq: ++seq, name, args: encoded }, { timeoutMs, ...(signal ? { signal } : {}) });
      if (isSandboxFailure(reply)) {
        box.dispose();
        if (sandbox === box) sandbox = undefined;
        const { message, cause } = failureMessage(`${name}(…)`, reply, timeoutMs);
        throw new LearnerFault(message, cause as LearnerFault['fault']);
      }
      collectConsole(reply);
      switch (reply.type) {
        case 'returned':
          if (expandedSize(reply.value, MAX_EXPANDED) > MAX_EXPANDED) {
            throw new LearnerFault(`${name} returned a value that repeats the same objects so often that, written out in full, it has more than ${MAX_EXPANDED.toLocaleString('en')} objects: too large to compare. Return only the reply itself.`, 'too-large');
          }
          const value = decode(reply.value);
          current.lastReturned = { value };
          return value;
        case 'threw': {
          const place = toPlace(reply.error);
          let thrown: unknown;
          try {
            thrown = expandedSize(reply.error.value, MAX_EXPANDED) > MAX_EXPANDED ? undefined : decode(reply.error.value);
          } catch {
            thrown = undefined;
          }
          throw new LearnerFault(`${thrownText(name, reply.error)}${placeText(place)}.`, 'threw', place, thrown);
        }
        case 'too-large':
          throw new LearnerFault(`${name} returned a value too large to compare (its encoding is over ${reply.limit.toLocaleString('en')} characters). Return only the reply itself.`, 'too-large');
        default:
          throw new LearnerFault(`The sandbox answered ${name} with an unexpected message.`, 'crashed');
      }
    };
  }

  const expect: ExpectStatic = createExpect('');
  await Promise.race([sent, firstOpen]);
  const collected = collectTests(exercise.tests, { [LEARNER_MODULE]: learner }, { expect }, env.modules).then(
    (tests) => ({ tests }),
    (error: unknown) => ({ error }),
  );
  // The learner's own load problems are reported first, as when nothing ran in parallel.
  const first = await firstOpen;
  if ('result' in first) return first.result;
  const outcome = await collected;
  if ('error' in outcome) {
    sandbox?.dispose();
    const error = outcome.error;
    const line = error instanceof TestsFileError && error.line ? ` (line ${error.line})` : '';
    return errorResult(`The exercise's tests are broken${line}: ${(error as Error).message} This is not your fault; please tell the course authors.`, 'tests-broken');
  }
  const tests: CollectedTest[] = outcome.tests;
  const selected = mode === 'run' ? tests.filter((t) => t.path[0] === 'examples') : tests;

  const results: TestResult[] = [];
  const budget = new TextBudget();
  let stopped: { message: string; cause: ErrorCause } | undefined;
  for (const test of selected) {
    const name = test.path.join(' > ');
    const hidden = test.path[0] !== 'examples';
    const base = { name, test_code: test.code, hidden, ...(test.taskId !== undefined ? { task_id: test.taskId } : {}) };
    if (stopped) {
      results.push(exercismOrder({ ...base, status: 'error', message: stopped.message, cause: stopped.cause, duration: 0 }));
      continue;
    }
    current = { console: [], dropped: 0 };
    expect.setState({ assertionCalls: 0, currentTestName: name });
    const t0 = now();
    const outcome = await runOne(test, deadline - now(), signal);
    const output = formatOutput(current.console, current.dropped);
    const common = { ...base, duration: Math.round(now() - t0), ...(output ? { output } : {}) };
    const last = outcome.kind === 'pass' ? undefined : { input: current.lastCall?.(), name: current.lastName, returned: current.lastReturned, subject: lastSubject(expect) };
    results.push(exercismOrder(toResult(outcome, common, budget, last)));
    if (outcome.kind === 'run-timeout') stopped = { message: `Not run: the whole run took longer than ${limits.runMs} ms.`, cause: 'run-timeout' };
    if (signal?.aborted) stopped = { message: 'Not run: the run was cancelled.', cause: 'cancelled' };
  }
  sandbox?.dispose();
  if (signal?.aborted) return { ...errorResult('The run was cancelled.', 'cancelled'), tests: results };
  const status = results.every((r) => r.status === 'pass') ? 'pass' : 'fail';
  return { version: 3, status, ...(loadOutput ? { output: loadOutput } : {}), tests: results };
}

type Outcome = { kind: 'pass' } | { kind: 'error'; error: unknown } | { kind: 'run-timeout' };

async function runOne(test: CollectedTest, budgetMs: number, signal?: AbortSignal): Promise<Outcome> {
  if (budgetMs <= 0) return { kind: 'run-timeout' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overtime = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'run-timeout' }), budgetMs);
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
function exercismOrder(t: TestResult): TestResult {
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

/** A printable string without terminal colours, or undefined for anything else. */
function plain(value: unknown): string | undefined {
  return typeof value === 'string' ? value.replace(ANSI, '') : undefined;
}

/** The last call into learner code of a failed test: its arguments as text, its name and what it returned. */
interface LastCall {
  input?: string | undefined;
  name?: string | undefined;
  returned?: { value: unknown } | undefined;
  /** The value the failing `expect(...)` was given (the test's last). */
  subject?: { value: unknown } | undefined;
}

function toResult(outcome: Outcome, common: Omit<TestResult, 'status'>, budget: TextBudget, last?: LastCall): TestResult {
  const lastCall = last?.input;
  if (outcome.kind === 'pass') return { ...common, status: 'pass' };
  if (outcome.kind === 'run-timeout') {
    return { ...common, status: 'error', cause: 'run-timeout', message: 'This test did not finish before the run\'s time limit and was stopped.' };
  }
  const error = outcome.error;
  const input = lastCall === undefined ? undefined : budget.cap(lastCall, 'input');
  if (error instanceof LearnerFault) {
    const message = budget.cap(error.message, 'message');
    return {
      ...common,
      status: 'error',
      cause: error.fault,
      message,
      ...(error.place ? { place: error.place } : {}),
      ...(input !== undefined ? { check: { message, input } } : {}),
    };
  }
  if (error instanceof TestsFileError) {
    return { ...common, status: 'error', cause: 'tests-broken', message: error.message };
  }
  // The headline reads the real values; printing then goes through bounded copies (the values
  // may be learner data of any shape, see printable.ts).
  let lead: string | undefined;
  if (error !== null && typeof error === 'object') {
    const e = error as { actual?: unknown; expected?: unknown; message?: unknown };
    if (typeof e.message === 'string' && 'actual' in e) {
      // The subject itself when there is one (toMatchObject's `actual` is a trimmed copy of it).
      const actual = last?.subject ? last.subject.value : e.actual;
      const actualIsReturned = last?.returned !== undefined && Object.is(last.returned.value, actual);
      lead = headline({ message: plain(e.message) ?? '', actual, expected: e.expected, actualIsReturned, ...(last?.name ? { functionName: last.name } : {}) });
    }
    if ('actual' in e) e.actual = printable(e.actual);
    if ('expected' in e) e.expected = printable(e.expected);
  }
  const processed = processError(error, { maxDepth: PRINT_LIMITS.maxDepth }) as { message?: unknown; expected?: unknown; actual?: unknown; diff?: unknown };
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
  return { ...common, status: 'fail', message: lead ? budget.cap(lead, 'message') : message, check };
}
