/**
 * The Node host: each sandbox is a fresh V8 isolate (isolated-vm) with a memory cap and nothing
 * of Node in it: no `process`, `require`, module loader, timers, file or network access. Only
 * strings cross: requests go in as JSON text, replies come out as JSON text.
 *
 * Node 20 must run with `--no-node-snapshot` for isolated-vm (the CLI and vitest config do).
 */
import type IsolatedVM from 'isolated-vm';
import { ivm } from './isolated-vm.ts';
import { processCpuMs } from './process-cpu.ts';
import { stoppedForMemory } from './stopped-for-memory.ts';
import { guestSource, GUEST_GLOBAL, isSandboxFailure, LIVE_OUTLET_GLOBAL, readReply, requestKey, type GuestReply, type GuestRequest, type LiveIn, type LiveLink, type ReplyKey, type Sandbox, type SandboxFailure, type SandboxHost, type SandboxLimits } from '../core/index.ts';

/** Grace on top of the in-isolate timeout before the host gives up on a call that never settles. */
const SETTLE_GRACE_MS = 25;

/** Heap in use by an idle isolate, V8 heap and external memory, with its limit; undefined once disposed. */
function heapOf(isolate: IsolatedVM.Isolate): { used: number; limit: number } | undefined {
  if (isolate.isDisposed) return undefined;
  try {
    const heap = isolate.getHeapStatisticsSync();
    return { used: heap.used_heap_size + heap.externally_allocated_size, limit: heap.heap_size_limit };
  } catch {
    return undefined;
  }
}

/**
 * CPU time this process has had so far (process-cpu.ts). Not isolated-vm's `cpuTime`: that is
 * the time the isolate held its lock, preempted time included, so on a loaded machine a memory
 * bomb seemed to grow its heap slowly and 3 of 20 class runs at a load of 8 recorded `timeout`
 * (stopped-for-memory.ts needs the CPU the call really got). One system call per call.
 */
const cpuNow = processCpuMs;

/** What a stopped call knows of itself, to tell a timeout from memory (stopped-for-memory.ts). */
interface CallStart {
  baselineBytes: number;
  cpuMs: number;
}

function classify(error: unknown, isolate: IsolatedVM.Isolate, timeoutMs: number, start: CallStart): SandboxFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (/memory limit/i.test(message)) return { type: 'memory' };
  if (/timed out/i.test(message)) {
    // Read now, while the isolate is idle (isolated-vm's own timeout has stopped it).
    const heap = heapOf(isolate);
    const memory = heap !== undefined && stoppedForMemory({ heapBytes: heap.used, baselineBytes: start.baselineBytes, limitBytes: heap.limit, cpuMs: cpuNow() - start.cpuMs, timeLimitMs: timeoutMs });
    return memory ? { type: 'memory' } : { type: 'timeout', afterMs: timeoutMs };
  }
  if (isolate.isDisposed) return { type: 'crashed', message: 'the sandbox was stopped' };
  return { type: 'crashed', message };
}

/** isolated-vm copies a thrown value out as an Error with name and message, or a primitive. */
function describeRejection(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The guest's reply for `request`, checked as every host checks it, with the rejections logged. */
function readChecked(text: unknown, request: GuestRequest, rejections: readonly string[]): GuestReply | SandboxFailure {
  const reply = readReply(text, request);
  if (!isSandboxFailure(reply)) for (const line of rejections) reply.console.push({ level: 'error', text: line });
  return reply;
}

/**
 * isolated-vm takes whole milliseconds only (a fraction is refused as a TypeError, which would
 * read like the learner's unhandled rejection): round up, and never below 1.
 */
export function wholeMs(ms: number): number {
  return Number.isFinite(ms) ? Math.max(1, Math.ceil(ms)) : 1;
}

/**
 * What a sandbox does with its isolate once it is done: a healthy one may be kept for another
 * sandbox (IsolateHostOptions.reuse), one that failed is disposed.
 */
type ReleaseIsolate = (healthy: boolean) => void;

class IsolateSandbox implements Sandbox {
  private disposed = false;
  /** A request ended without a reply (timeout, memory, crash): the isolate is not kept. */
  private failed = false;
  constructor(
    private readonly isolate: IsolatedVM.Isolate,
    private readonly context: IsolatedVM.Context,
    /** The guest's `handleJsonSync`, called directly: no script to compile per request. */
    private readonly handleJson: IsolatedVM.Reference<(json: string, delivered: string) => string>,
    /** The guest's `resume`: a request's reply again, by key (see {@link IsolateSandbox.evaluate}). */
    private readonly resume: IsolatedVM.Reference<(key: ReplyKey) => Promise<string>>,
    /** Call learner code on this thread (see {@link IsolateHostOptions.synchronous}). */
    private readonly synchronous: boolean,
    /** Heap in use once the guest was set up, before learner code ran (see stopped-for-memory.ts). */
    private readonly baselineBytes: number,
    /** The guest's `peerIn` and where its outlet leads, in a host made with `live` (else undefined). */
    private readonly live: { peerIn: IsolatedVM.Reference<(text: string) => void>; outlet: { to?: (text: string) => void } } | undefined,
    private readonly releaseIsolate: ReleaseIsolate,
  ) {}

  /** Keys of replies received since the last request, for the guest to forget (see `handleJsonSync`). */
  private delivered: ReplyKey[] = [];

  /**
   * Runs one guest request. isolated-vm throws a learner's unhandled promise rejection out of
   * the running call, losing its value; a browser only logs it. To give the same verdict, the
   * rejection is logged as the browser would and the reply taken again with `resume` (bounded:
   * each resume can surface another rejection).
   */
  private async evaluate(request: GuestRequest, timeoutMs: number, interruptible: boolean): Promise<GuestReply | SandboxFailure> {
    const rejections: string[] = [];
    const key = requestKey(request);
    const json = JSON.stringify(request);
    const delivered = this.delivered.length ? JSON.stringify(this.delivered.splice(0)) : '';
    const options = { timeout: timeoutMs, result: { promise: true, copy: true } } as const;
    const start: CallStart = { baselineBytes: this.baselineBytes, cpuMs: cpuNow() };
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        // Synchronously when allowed: most learner functions answer at once, and a synchronous
        // call costs a tenth of a trip through isolated-vm's thread pool. The isolate's own
        // timeout bounds it (loops and microtask loops alike), but nothing can abort it early,
        // so with a signal the call goes through the pool. A promise is awaited.
        let text: unknown = '';
        if (attempt === 0) {
          text = interruptible || !this.synchronous
            ? await this.handleJson.apply(undefined, [json, delivered], { timeout: timeoutMs, result: { copy: true } })
            : this.handleJson.applySync(undefined, [json, delivered], { timeout: timeoutMs, result: { copy: true } });
        }
        if (text === '') text = await this.resume.apply(undefined, [key], options);
        const reply = readChecked(text, request, rejections);
        if (!isSandboxFailure(reply)) this.delivered.push(key);
        return reply;
      } catch (error) {
        const failure = classify(error, this.isolate, timeoutMs, start);
        if (failure.type !== 'crashed' || this.isolate.isDisposed) return failure;
        rejections.push(`Uncaught (in promise) ${describeRejection(error)}`);
      }
    }
    return { type: 'crashed', message: 'too many unhandled promise rejections' };
  }

  /**
   * A call whose client is outside (LiveLink). Its messages leave through the outlet as the guest
   * sends them (a synchronous callback: each is out before the router goes on); the client's
   * answers go in with `peerIn`, whose run is bounded by the call limit like the call's own (the
   * router's code after an answer runs inside it). The wall clock that catches a promise that
   * never settles stops while a request of the router's is open.
   */
  private async sendLive(request: GuestRequest, timeoutMs: number, link: LiveLink): Promise<GuestReply | SandboxFailure> {
    const live = this.live;
    if (!live) throw new Error('isolate-host: a live call needs a host made with createIsolateHost({ live: true }).');
    const open = new Set<number>();
    let stop: (failure: SandboxFailure) => void = () => {};
    const stopped = new Promise<SandboxFailure>((resolve) => (stop = resolve));
    let left = timeoutMs + SETTLE_GRACE_MS;
    let since = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const clock = () => {
      if (open.size === 0 && timer === undefined) {
        since = Date.now();
        timer = setTimeout(() => stop({ type: 'timeout', afterMs: timeoutMs }), Math.max(0, left));
      } else if (open.size > 0 && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
        left -= Date.now() - since;
      }
    };
    live.outlet.to = (text) => {
      const message = JSON.parse(text) as { id?: unknown; method?: unknown };
      if (typeof message.method === 'string' && typeof message.id === 'number') open.add(message.id);
      clock();
      link.out(text);
    };
    let finished = false;
    link.opened((input: LiveIn) => {
      if (finished || this.disposed) return;
      if ('answer' in input) open.delete(input.answer.id);
      else if ('expired' in input) open.delete(input.expired.id);
      clock();
      const start: CallStart = { baselineBytes: this.baselineBytes, cpuMs: cpuNow() };
      live.peerIn.apply(undefined, [JSON.stringify(input)], { timeout: timeoutMs }).catch((error: unknown) => {
        const failure = classify(error, this.isolate, timeoutMs, start);
        // Anything else is a learner's unhandled rejection surfacing here: the call goes on.
        if (failure.type !== 'crashed' || this.isolate.isDisposed) stop(failure);
      });
    });
    clock();
    try {
      const result = await Promise.race([this.evaluate(request, timeoutMs, true), stopped]);
      if (isSandboxFailure(result)) this.fail();
      return result;
    } finally {
      finished = true;
      clearTimeout(timer);
      live.outlet.to = undefined;
    }
  }

  async send(request: GuestRequest, options: { timeoutMs: number; signal?: AbortSignal; live?: LiveLink }): Promise<GuestReply | SandboxFailure> {
    if (this.disposed) return { type: 'crashed', message: 'the sandbox was already stopped' };
    if (options.signal?.aborted) return { type: 'cancelled' };
    const timeoutMs = wholeMs(options.timeoutMs);
    if (options.live) return this.sendLive(request, timeoutMs, options.live);
    const { signal } = options;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    // The isolate's own timeout stops loops and microtask loops; this race also catches promises
    // that never settle (the isolate is idle, so nothing inside can time out).
    const giveUp = new Promise<SandboxFailure>((resolve) => {
      timer = setTimeout(() => resolve({ type: 'timeout', afterMs: timeoutMs }), timeoutMs + SETTLE_GRACE_MS);
      onAbort = () => resolve({ type: 'cancelled' });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const answer = this.evaluate(request, timeoutMs, signal !== undefined);
    try {
      const result = await Promise.race([answer, giveUp]);
      if (isSandboxFailure(result)) this.fail();
      return result;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  /** The realm is dead after a failed request: so is its isolate. */
  private fail(): void {
    this.failed = true;
    this.dispose();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.handleJson.release();
    this.resume.release();
    this.live?.peerIn.release();
    this.context.release();
    this.releaseIsolate(!this.failed && !this.isolate.isDisposed);
  }
}

export interface IsolateHostOptions {
  /** Guest setup script; defaults to {@link guestSource} with default options. */
  guest?: string;
  /**
   * Call learner code on the judge's thread, blocking it until the call returns (default true:
   * fastest). Turn it off when one thread judges several runs at once: a loop in one run would
   * hold the thread for its whole time limit, and the others' clocks would run on meanwhile, so
   * their verdicts would depend on what they were graded beside.
   */
  synchronous?: boolean;
  /**
   * Give each realm an outlet for live calls (LiveLink: `course serve`, whose router talks to a
   * real client). Off for grading: a graded realm has nothing of the host in it.
   */
  live?: boolean;
  /**
   * Sandboxes one isolate may hold, one after another, each in a fresh context (default 1: a
   * new isolate per sandbox). See {@link createIsolateHost} for what is shared and what is not.
   */
  reuse?: number;
}

/** A {@link SandboxHost} of isolates, which says whether a reused isolate ever failed. */
export interface IsolateHost extends SandboxHost {
  /**
   * Sandboxes that ended in a failure (timeout, memory, crash) in an isolate an earlier sandbox
   * had used: a grading process grades such a run again in fresh isolates, so a reused isolate
   * never decides a fault (its heap may still hold an earlier context's garbage, which the
   * memory verdict reads).
   */
  faultsInReusedIsolates(): number;
}

/** What compileScriptSync returns with cached-data options (isolated-vm's types leave it out). */
type CompiledGuest = IsolatedVM.Script & IsolatedVM.CachedDataResult & { cachedDataRejected?: boolean };

/** An isolate between two sandboxes: its compiled guest, and how many sandboxes it has held. */
interface SpareIsolate {
  isolate: IsolatedVM.Isolate;
  memoryMb: number;
  guest: IsolatedVM.Script;
  uses: number;
}

/** Idle isolates a host keeps for its next sandboxes (a grading process opens one or two at once). */
const SPARES = 2;

/**
 * A {@link SandboxHost} whose sandboxes are isolated-vm isolates. Each sandbox is a fresh V8
 * context that runs the guest agent itself, compiled from V8's code cache of the host's first
 * compile (4.3 ms an isolate without the cache, 3.5 with it). By default every sandbox has an
 * isolate of its own. With `reuse`, a sandbox that ended without a failure hands its isolate to
 * the host's next sandbox, which gets a new context in it: the isolate's start-up, the guest's
 * compile and V8's compiled code are shared, nothing else. Learner code reaches only its own
 * context's objects (its globals and prototypes are its own, and no reference to another
 * context is ever handed in); every microtask a call queues runs before the call returns;
 * isolated-vm runs no FinalizationRegistry callbacks. An isolate is never shared by two live
 * sandboxes, is disposed after `reuse` sandboxes or after a failure, and a failure in a reused
 * one is counted (IsolateHost.faultsInReusedIsolates). What does differ is when V8 collects
 * garbage, and isolated-vm holds unhandled promise rejections weakly: one collected before its
 * call ends is not reported. So a run's console output can change with what ran before it in a
 * reused isolate, and only `course check` reuses isolates (REUSE_ISOLATES_ENV).
 *
 * Starting isolates from a V8 snapshot of a set-up guest saved most of the start-up, and was
 * taken out: in a restored isolate (isolated-vm 5.0.4 on Node 20) a guest function the setup had
 * not called lost the variables it closes over (the encoder threw "O is not defined" for a
 * learner's object with an unusual prototype, in every isolate but a process's first: a verdict
 * that hung on what was graded before it), and compiling the guest eagerly for the snapshot
 * (`--no-lazy`) broke its one-character string constants instead (the loader's `')'` read as
 * `'E'`: "Unexpected token ']'"). isolate-host.test.ts checks that a host's later sandboxes answer
 * as its first, with and without reuse.
 */
export function createIsolateHost(options: IsolateHostOptions = {}): IsolateHost {
  const guest = options.guest ?? guestSource();
  const reuse = Math.max(1, Math.floor(options.reuse ?? 1));
  let codeCache: IsolatedVM.ExternalCopy<ArrayBuffer> | undefined;
  let faultsInReused = 0;
  const spares: SpareIsolate[] = [];

  const compileGuest = (isolate: IsolatedVM.Isolate): IsolatedVM.Script => {
    const script = isolate.compileScriptSync(guest, { filename: 'guest-agent.js', ...(codeCache ? { cachedData: codeCache } : { produceCachedData: true }) }) as CompiledGuest;
    if (!codeCache || script.cachedDataRejected === true) codeCache = script.cachedData;
    return script;
  };
  const takeSpare = (memoryMb: number): SpareIsolate | undefined => {
    const at = spares.findIndex((s) => s.memoryMb === memoryMb && !s.isolate.isDisposed);
    return at < 0 ? undefined : spares.splice(at, 1)[0];
  };
  const disposeIsolate = (isolate: IsolatedVM.Isolate, script: IsolatedVM.Script) => {
    if (isolate.isDisposed) return;
    script.release();
    isolate.dispose();
  };

  return {
    faultsInReusedIsolates: () => faultsInReused,
    async create(limits: SandboxLimits): Promise<Sandbox> {
      const spare = takeSpare(limits.memoryMb);
      const isolate = spare?.isolate ?? new ivm.Isolate({ memoryLimit: limits.memoryMb });
      let script: IsolatedVM.Script | undefined = spare?.guest;
      const uses = (spare?.uses ?? 0) + 1;
      try {
        script ??= compileGuest(isolate);
        const context = isolate.createContextSync();
        const outlet: { to?: (text: string) => void } = {};
        // Taken and deleted by the guest's setup (source.ts) before any learner code runs.
        if (options.live) context.global.setSync(LIVE_OUTLET_GLOBAL, new ivm.Callback((text: string) => outlet.to?.(text)));
        script.runSync(context, { timeout: 2000 });
        const handleJson = context.evalSync(`${GUEST_GLOBAL}.handleJsonSync`, { reference: true, timeout: 2000 }) as IsolatedVM.Reference<(json: string, delivered: string) => string>;
        const resume = context.evalSync(`${GUEST_GLOBAL}.resume`, { reference: true, timeout: 2000 }) as IsolatedVM.Reference<(key: ReplyKey) => Promise<string>>;
        const peerIn = options.live ? (context.evalSync(`${GUEST_GLOBAL}.peerIn`, { reference: true, timeout: 2000 }) as IsolatedVM.Reference<(text: string) => void>) : undefined;
        const compiled = script;
        const release: ReleaseIsolate = (healthy) => {
          if (!healthy && uses > 1) faultsInReused += 1;
          if (healthy && uses < reuse && spares.length < SPARES) spares.push({ isolate, memoryMb: limits.memoryMb, guest: compiled, uses });
          else disposeIsolate(isolate, compiled);
        };
        return new IsolateSandbox(isolate, context, handleJson, resume, options.synchronous ?? true, heapOf(isolate)?.used ?? 0, peerIn ? { peerIn, outlet } : undefined, release);
      } catch (error) {
        if (uses > 1) faultsInReused += 1;
        if (script) disposeIsolate(isolate, script);
        else isolate.dispose();
        throw error;
      }
    },
  };
}
