/**
 * The learner's side of one run, as the tests reach it: the sandbox (created and loaded, replaced
 * after a timeout or a crash), the learner's functions as the tests import them (each call goes
 * through the codec and the sandbox), and what each test's calls left behind: console output and
 * the calls themselves, for the failed check's headline and transcript. grade.ts drives it.
 */
import { expandedSize } from './codec/expanded-size.ts';
import type { DecodeFn, EncodeFn } from './codec/index.ts';
import { DEFAULT_CODEC_LIMITS, type Encoded } from './codec/types.ts';
import { TestsFileError } from './collect.ts';
import { LearnerFault } from './learner-fault.ts';
import { formatOutput } from './output.ts';
import type { PreparedCode } from './prepare-modules.ts';
import { peerArguments } from './check/client-peer.ts';
import { jsonArguments } from './check/judge-codec.ts';
import { returnedValue as replyValue } from './reply.ts';
import type { RunClock } from './run-clock.ts';
import type { Answers, EncodedCase, Outcome } from './check/types.ts';
import type { CallAnswer, CaseCall, ConsoleEntry, GuestReply, GuestRequest, PeerCall } from './protocol.ts';
import type { ErrorCause, RunResult } from './result.ts';
import type { GradeRequest } from './runner-api.ts';
import { errorResult, failureMessage, placeText, thrownText, toPlace } from './run-text.ts';
import { isSandboxFailure, type Sandbox, type SandboxFailure, type SandboxHost } from './sandbox.ts';

/**
 * Containers a value from learner code may have when written out in full (see expandedSize):
 * every tree that fits the codec's size limit has fewer; beyond it, comparing or printing the
 * value would stall the judge (in the browser, the page).
 */
export const MAX_EXPANDED = 20_000;

/** One call into learner code during a test: what was sent and how it ended. */
export interface CallRecord {
  name: string;
  /** The arguments as sent (a copy the learner received). */
  sent: Encoded;
  /** What it returned, or why it did not (the message and its cause). */
  outcome?: { returned: unknown } | { failed: string; cause: LearnerFault['fault'] };
  /** The client a test played for it (its argument is `null` in `sent`): it answered with a conversation. */
  peer?: PeerCall;
}

/** Whether `call` returned exactly `value` (the same object, not an equal one). */
export function returnedValue(call: CallRecord, value: unknown): boolean {
  return call.outcome !== undefined && 'returned' in call.outcome && Object.is(call.outcome.returned, value);
}

/**
 * A call's arguments as the learner's function received them: the copy sent, decoded (not the
 * test's objects, which the test may change later); none when they cannot be read.
 */
export function callArguments(sent: Encoded, decode: DecodeFn): unknown[] {
  try {
    const args = decode(sent);
    return Array.isArray(args) ? args : [args];
  } catch {
    return [];
  }
}

/** What a test's calls left behind. */
export interface TestCapture {
  console: ConsoleEntry[];
  dropped: number;
  calls: CallRecord[];
  /**
   * The run's calls up to now, this test's included (the last {@link HISTORY} of them): a test
   * may look at an exchange an earlier test started, such as the SDK client's handshake.
   */
  history: readonly CallRecord[];
}

/** Characters of answers after which a crossing of generated cases starts no further case (see the `cases` request). */
const CASES_BUDGET = 2_000_000;
/** Characters of answers one case may have: the codec's limit for one value. */
const CASE_BUDGET = DEFAULT_CODEC_LIMITS.maxChars;
/**
 * A crossing of generated cases starts no case after this share of the call limit: slow cases
 * (a few milliseconds each, times 200) then go in several crossings, not into a timeout and a
 * rerun one case at a time.
 */
const CASES_TIME_SHARE = 4;

/** Why a call's answer is too large to compare, in the sentence both a test's call and a generated case give. */
export function tooLargeText(name: string, outcome: Extract<Outcome, { kind: 'too-large' }>): string {
  return outcome.expanded
    ? `${name} returned a value that repeats the same objects so often that, written out in full, it has more than ${MAX_EXPANDED.toLocaleString('en')} objects: too large to compare. Return only the reply itself.`
    : `${name} returned a value too large to compare (its encoding is over ${outcome.limit.toLocaleString('en')} characters). Return only the reply itself.`;
}

/** A guest's answer to one call of a case, as the judge reads it. */
function outcomeOf(answer: CallAnswer): Outcome {
  if ('returned' in answer) {
    // Shared references make an encoding small and its value, written out, huge (see MAX_EXPANDED).
    if (answer.returned.includes('"$":"ref"') && expandedSize(JSON.parse(answer.returned) as Encoded, MAX_EXPANDED) > MAX_EXPANDED) return { kind: 'too-large', limit: MAX_EXPANDED, expanded: true };
    return { kind: 'returned', text: answer.returned };
  }
  if ('plain' in answer) return { kind: 'returned', text: answer.plain, plain: true };
  if ('threw' in answer) return { kind: 'threw', error: answer.threw };
  return { kind: 'too-large', limit: answer.tooLarge };
}

/** Calls of a run kept for transcripts of tests that made none themselves. */
const HISTORY = 200;

export interface LearnerSessionOptions {
  host: SandboxHost;
  exercise: GradeRequest['exercise'];
  prepared: Extract<PreparedCode, { ok: true }>;
  signal?: AbortSignal | undefined;
  /** Milliseconds the next call may take: the call limit, or what is left of the run. */
  callLimit: () => number;
  /** The run's clock, which counts this realm's calls (run-clock.ts); none for a realm whose time is not the learner's. */
  clock?: RunClock | undefined;
  encode: EncodeFn;
  decode: DecodeFn;
}

type Opened = { sandbox: Sandbox } | { result: RunResult };

export class LearnerSession {
  /** The learner's functions as the tests import them from '@course/learner'. */
  readonly functions: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  /** Console output of the learner's top-level code while loading. */
  loadOutput: string | undefined;
  /** The first load: its problems end the run before any test. */
  readonly firstOpen: Promise<Opened>;
  /** Resolves once the first load request is on its way (see grade.ts). */
  readonly loadSent: Promise<void>;
  private readonly history: CallRecord[] = [];
  private capture: TestCapture = { console: [], dropped: 0, calls: [], history: this.history };
  private sandbox: Sandbox | undefined;
  private seq = 0;
  private calls = 0;
  /** Calls made and not yet answered (an SDK client does not wait for the answer to a notification). */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: LearnerSessionOptions) {
    let sent = () => {};
    this.loadSent = new Promise<void>((resolve) => (sent = resolve));
    this.firstOpen = this.open(sent).then((opened) => {
      if ('sandbox' in opened) this.sandbox = opened.sandbox;
      return opened;
    });
    for (const name of options.exercise.functions) {
      this.functions[name] = (...args: unknown[]) => {
        const made = this.call(name, args);
        this.inFlight.add(made);
        const done = () => this.inFlight.delete(made);
        made.then(done, done);
        return made;
      };
    }
  }

  /** Starts a test's capture (the previous test's stays with its result). */
  beginTest(): void {
    this.capture = { console: [], dropped: 0, calls: [], history: this.history };
  }

  /** What the current test's calls left behind so far. */
  get current(): TestCapture {
    return this.capture;
  }

  /**
   * Resolves once every call made so far has its answer (each is bounded by the call limit), or
   * after `withinMs`: a test's result then shows how each of its calls ended, the same in every
   * host, not what happened to have arrived when its body returned.
   */
  async settled(withinMs: number): Promise<void> {
    if (this.inFlight.size === 0 || withinMs <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]).then(() => undefined), late]);
    clearTimeout(timer);
  }

  /** Whether the history still holds every call of the run (it keeps the last {@link HISTORY}). */
  get historyComplete(): boolean {
    return this.calls <= HISTORY;
  }

  dispose(): void {
    this.sandbox?.dispose();
    this.sandbox = undefined;
  }

  /** One request to the guest, counted on the run's clock, a timeout charged its whole limit. */
  private async send(box: Sandbox, request: GuestRequest, timeoutMs: number): Promise<GuestReply | SandboxFailure> {
    const { signal, clock } = this.options;
    const sending = () => box.send(request, { timeoutMs, ...(signal ? { signal } : {}) });
    if (!clock) return sending();
    const startedAt = clock.now();
    const reply = await clock.learnerCall(sending);
    if (reply.type === 'timeout') clock.timedOut(startedAt, timeoutMs);
    return reply;
  }

  /**
   * Why a request got no answer. A timeout at a limit below the call limit is the run's: what was
   * left of its time set that limit, so the message names the run, not "within 3 ms".
   */
  private failure(what: string, failure: SandboxFailure, limitMs: number): { message: string; cause: ErrorCause } {
    const { callMs, runMs } = this.options.exercise.limits;
    if (failure.type === 'timeout' && limitMs < callMs) return { message: `${what} was stopped when the whole run reached its time limit (${runMs} ms).`, cause: 'run-timeout' };
    return failureMessage(what, failure, limitMs);
  }

  /** Creates a realm and loads the learner's code; the first time, problems end the run. */
  private async open(onSent?: () => void): Promise<Opened> {
    const { host, exercise, prepared, signal, callLimit } = this.options;
    const box = await host.create({ memoryMb: exercise.limits.memoryMb });
    const loadLimit = callLimit();
    const sending = this.send(box, { type: 'load', ...prepared.load, names: exercise.functions }, loadLimit);
    onSent?.();
    const reply = await sending;
    if (isSandboxFailure(reply)) {
      box.dispose();
      const { message, cause } = this.failure('Your top-level code', reply, loadLimit);
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
    this.loadOutput = output;
    return { sandbox: box };
  }

  /** The live sandbox, or a fresh one after a timeout or a crash ended the last. */
  private async ensureSandbox(): Promise<Sandbox> {
    const first = await this.firstOpen;
    if ('result' in first) throw new LearnerFault(first.result.message ?? 'The sandbox could not start.', 'crashed');
    if (this.sandbox) return this.sandbox;
    const again = await this.open();
    if ('result' in again) {
      // The same cause as the message: a realm opened again after a timeout can itself run out of the run's time.
      const cause = again.result.cause;
      throw new LearnerFault(again.result.message ?? 'The sandbox could not be restarted.', cause === 'timeout' || cause === 'run-timeout' || cause === 'memory' || cause === 'cancelled' ? cause : 'crashed');
    }
    this.sandbox = again.sandbox;
    return this.sandbox;
  }

  private collectConsole(reply: GuestReply): void {
    this.capture.console.push(...reply.console);
    this.capture.dropped += reply.consoleDropped;
  }

  /**
   * Many cases in one crossing (a generated check): the answers as the guest gave them, or why
   * there were none (the sandbox is then replaced, as after a call). Each crossing gets one call's
   * time limit and starts no case after a share of it; the check runs the cases one by one when a
   * crossing ran out of time even so (one case was that slow).
   */
  async runCases(cases: readonly EncodedCase[]): Promise<Answers> {
    const { signal, callLimit } = this.options;
    if (signal?.aborted) return { failed: { message: 'The run was cancelled.', cause: 'cancelled' } };
    let box: Sandbox;
    try {
      box = await this.ensureSandbox();
    } catch (error) {
      const fault = error as LearnerFault;
      return { failed: { message: fault.message, cause: fault.fault } };
    }
    const answers: Outcome[][] = [];
    // A reply holds as many cases as fit its budget; the rest go again, in order, in the same realm.
    while (answers.length < cases.length) {
      const rest = cases.slice(answers.length) as CaseCall[][];
      const timeoutMs = callLimit();
      const reply = await this.send(box, { type: 'cases', seq: ++this.seq, cases: rest, budget: CASES_BUDGET, caseBudget: CASE_BUDGET, timeMs: Math.ceil(timeoutMs / CASES_TIME_SHARE) }, timeoutMs);
      if (isSandboxFailure(reply)) {
        box.dispose();
        if (this.sandbox === box) this.sandbox = undefined;
        const names = [...new Set(cases.flatMap((c) => c.map((call) => call.name)))];
        const { message, cause } = this.failure(names.length === 1 ? `${names[0]}(…)` : 'Your code', reply, timeoutMs);
        return { failed: { message, cause } };
      }
      this.collectConsole(reply);
      if (reply.type !== 'answered') return { failed: { message: 'The sandbox answered the generated inputs with an unexpected message.', cause: 'crashed' } };
      for (const got of reply.answers) answers.push(got.map(outcomeOf));
    }
    return { answers };
  }

  /** One call of the learner's function `name`, as a test makes it. */
  private async call(name: string, given: unknown[]): Promise<unknown> {
    const { signal, encode, decode, callLimit, exercise } = this.options;
    if (signal?.aborted) throw new LearnerFault('The run was cancelled.', 'cancelled');
    // A client among the arguments becomes the call's peer (check/client-peer.ts).
    const { args, peer } = peerArguments(given, exercise.limits.callMs);
    const box = await this.ensureSandbox();
    let sent: Encoded;
    try {
      sent = encode(args, DEFAULT_CODEC_LIMITS);
    } catch (error) {
      throw new TestsFileError(`The tests passed ${name} an argument the codec cannot carry: ${(error as Error).message}`);
    }
    const record: CallRecord = { name, sent, ...(peer ? { peer } : {}) };
    this.capture.calls.push(record);
    this.history.push(record);
    this.calls++;
    if (this.history.length > HISTORY) this.history.splice(0, this.history.length - HISTORY);
    const fail = (fault: LearnerFault): never => {
      record.outcome = { failed: fault.message, cause: fault.fault };
      throw fault;
    };
    const timeoutMs = callLimit();
    // Plain JSON arguments go as JSON text, and a plain answer comes back as JSON text: in a
    // fresh realm, the codec's walks cost more than the call (runner/core/codec/plain-json.ts).
    const json = jsonArguments(args);
    const request = { ...(json ? { type: 'call' as const, seq: ++this.seq, name, ...json } : { type: 'call' as const, seq: ++this.seq, name, args: sent }), ...(peer ? { peer } : {}) };
    const reply = await this.send(box, request, timeoutMs);
    if (isSandboxFailure(reply)) {
      box.dispose();
      if (this.sandbox === box) this.sandbox = undefined;
      const { message, cause } = this.failure(`${name}(…)`, reply, timeoutMs);
      return fail(new LearnerFault(message, cause as LearnerFault['fault']));
    }
    this.collectConsole(reply);
    switch (reply.type) {
      case 'returned': {
        // Plain JSON is a tree, its size bounded by the text: only an encoding can expand.
        if (!('plain' in reply) && expandedSize(reply.value, MAX_EXPANDED) > MAX_EXPANDED) {
          return fail(new LearnerFault(tooLargeText(name, { kind: 'too-large', limit: MAX_EXPANDED, expanded: true }), 'too-large'));
        }
        const value = replyValue(reply, decode);
        record.outcome = { returned: value };
        return value;
      }
      case 'threw': {
        const place = toPlace(reply.error);
        let thrown: unknown;
        try {
          thrown = expandedSize(reply.error.value, MAX_EXPANDED) > MAX_EXPANDED ? undefined : decode(reply.error.value);
        } catch {
          thrown = undefined;
        }
        return fail(new LearnerFault(`${thrownText(name, reply.error)}${placeText(place)}.`, 'threw', place, thrown));
      }
      case 'too-large':
        return fail(new LearnerFault(tooLargeText(name, { kind: 'too-large', limit: reply.limit }), 'too-large'));
      default:
        return fail(new LearnerFault(`The sandbox answered ${name} with an unexpected message.`, 'crashed'));
    }
  }
}
