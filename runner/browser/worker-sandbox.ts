/**
 * One learner worker as the grading core sees it: a {@link Sandbox} whose requests go over the
 * worker's private MessagePort. Requests may overlap (a tests file driving an SDK client calls the
 * learner's function again before the first call answered), so replies are matched by `seq`.
 *
 * Limits are enforced from the page: when a request runs past its time, or its signal aborts, the
 * page stops listening at once and has the frame terminate the worker; other requests still in
 * flight end as crashed, as they do in Node when an isolate is disposed. The guest never speaks
 * unasked, so a message that answers nothing pending ends the sandbox: a flood costs the page one
 * message, not a frozen tab.
 */
import { type GuestReply, type GuestRequest, isSandboxFailure, type Sandbox, type SandboxFailure, checkReply, parseReply, replyKey, requestKey, type ReplyKey } from '../core/index.ts';
import type { SandboxFrame, SpawnedWorker } from './frame.ts';

export interface WorkerSandboxOptions {
  /**
   * Total time a worker may spend with requests in flight before it is stopped. A worker that runs
   * out of memory takes the whole tab down with it (browsers offer no heap cap per worker), and a
   * heap that grows a little in each call fills over many calls: this budget keeps a run that
   * allocates a little in each call from getting there.
   */
  busyBudgetMs: number;
  /** Called once when the sandbox ends (the host starts the next worker then, between runs). */
  onEnd?: () => void;
}

interface Pending {
  request: GuestRequest;
  resolve: (result: GuestReply | SandboxFailure) => void;
  timer: ReturnType<typeof setTimeout>;
  signal?: AbortSignal;
  onAbort: () => void;
}

const STOPPED: SandboxFailure = { type: 'crashed', message: 'the sandbox was stopped' };

export class WorkerSandbox implements Sandbox {
  private readonly pending = new Map<ReplyKey, Pending>();
  private disposed = false;
  private busyMs = 0;
  private busySince = 0;
  private readonly unlisten: () => void;
  private readonly unlistenStopped: () => void;
  private readonly port: MessagePort;

  constructor(
    private readonly frame: SandboxFrame,
    private readonly worker: SpawnedWorker,
    private readonly options: WorkerSandboxOptions,
  ) {
    this.port = worker.port;
    this.port.onmessage = (event) => this.receive(event.data);
    this.unlisten = frame.onLost(() => this.stop({ type: 'crashed', message: 'the sandbox frame stopped answering' }));
    this.unlistenStopped = frame.onStopped(worker.id, (message) => this.stop({ type: 'crashed', message }));
  }

  send(request: GuestRequest, options: { timeoutMs: number; signal?: AbortSignal }): Promise<GuestReply | SandboxFailure> {
    const key = requestKey(request);
    if (this.pending.has(key)) throw new Error(`Sandbox.send: a request with the same ${key === 'load' ? 'type (load)' : `seq (${key})`} is still in flight; use a new seq per call.`);
    if (this.disposed) return Promise.resolve({ type: 'crashed', message: 'the sandbox was already stopped' });
    if (options.signal?.aborted) return Promise.resolve({ type: 'cancelled' });
    if (this.busyMs + this.busyNow() > this.options.busyBudgetMs) {
      const seconds = Math.round(this.options.busyBudgetMs / 1000);
      this.stop(STOPPED);
      return Promise.resolve({ type: 'crashed', message: `the code kept it busy for more than ${seconds} seconds in one run, so it was stopped before it could use up the page's memory` });
    }
    const { timeoutMs, signal } = options;
    return new Promise((resolve) => {
      const pending: Pending = {
        request,
        resolve,
        timer: setTimeout(() => this.stop({ type: 'timeout', afterMs: timeoutMs }, key), timeoutMs),
        ...(signal ? { signal } : {}),
        onAbort: () => this.stop({ type: 'cancelled' }, key),
      };
      if (this.pending.size === 0) this.busySince = performance.now();
      this.pending.set(key, pending);
      signal?.addEventListener('abort', pending.onAbort, { once: true });
      this.port.postMessage(JSON.stringify(request));
    });
  }

  dispose(): void {
    this.stop(STOPPED);
  }

  private busyNow(): number {
    return this.pending.size ? performance.now() - this.busySince : 0;
  }

  private receive(data: unknown): void {
    if (this.disposed) return;
    const parsed = parseReply(data);
    if ('failure' in parsed) return this.stop(parsed.failure);
    const key = replyKey(parsed.reply);
    const pending = key === undefined ? undefined : this.pending.get(key);
    if (key === undefined || !pending) return this.stop({ type: 'crashed', message: 'the sandbox sent a message nobody asked for' });
    const result = checkReply(parsed.reply, pending.request);
    if (isSandboxFailure(result)) return this.stop(result, key);
    this.settle(key, result);
  }

  /** Resolves one pending request; the worker stays. */
  private settle(key: ReplyKey, result: GuestReply | SandboxFailure): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    this.pending.delete(key);
    clearTimeout(pending.timer);
    pending.signal?.removeEventListener('abort', pending.onAbort);
    if (this.pending.size === 0) this.busyMs += performance.now() - this.busySince;
    pending.resolve(result);
  }

  /**
   * Ends the sandbox: stops listening, has the frame terminate the worker, and resolves the request
   * `key` with `result` and every other pending request as stopped.
   */
  private stop(result: SandboxFailure, key?: ReplyKey): void {
    if (!this.disposed) {
      this.disposed = true;
      this.port.onmessage = null;
      this.port.close();
      this.unlisten();
      this.unlistenStopped();
      this.frame.kill(this.worker.id);
      this.options.onEnd?.();
    }
    for (const other of [...this.pending.keys()]) this.settle(other, key === undefined || other === key ? result : STOPPED);
  }
}
