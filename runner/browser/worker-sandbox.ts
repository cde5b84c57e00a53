/**
 * One learner worker as the grading core sees it: a {@link Sandbox} whose requests go over the
 * worker's private MessagePort. Limits are enforced from the page: when a call runs past its
 * time, or the signal aborts, the page stops listening at once and has the frame terminate the
 * worker. The guest never speaks unasked, so any message without a pending request ends the
 * sandbox: a flood costs the page one message, not a frozen tab.
 */
import type { GuestReply, GuestRequest } from '../core/protocol.ts';
import type { Sandbox, SandboxFailure } from '../core/sandbox.ts';
import type { SandboxFrame, SpawnedWorker } from './frame.ts';
import { readReply, withThrowPlace } from './reply.ts';

export interface WorkerSandboxOptions {
  /**
   * Total time a worker may spend answering requests before it is stopped. A worker that runs
   * out of memory takes the whole tab down with it (browsers offer no heap cap per worker), and
   * a heap fills in no less than about six seconds of allocating: this budget keeps a run that
   * allocates a little in each call from getting there.
   */
  busyBudgetMs: number;
}

interface Pending {
  request: GuestRequest;
  started: number;
  resolve: (result: GuestReply | SandboxFailure) => void;
  timer: ReturnType<typeof setTimeout>;
  signal?: AbortSignal;
  onAbort: () => void;
}

function isFailure(result: GuestReply | SandboxFailure): result is SandboxFailure {
  return result.type === 'timeout' || result.type === 'memory' || result.type === 'crashed' || result.type === 'cancelled';
}

export class WorkerSandbox implements Sandbox {
  private pending: Pending | undefined;
  private disposed = false;
  private busyMs = 0;
  /** Learner file name of the last load, for error places (see withThrowPlace). */
  private filename = '';
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
    if (this.pending) throw new Error('Sandbox.send: wait for the previous reply before sending another request.');
    if (this.disposed) return Promise.resolve({ type: 'crashed', message: 'the sandbox was already stopped' });
    if (options.signal?.aborted) return Promise.resolve({ type: 'cancelled' });
    if (this.busyMs > this.options.busyBudgetMs) {
      const seconds = Math.round(this.options.busyBudgetMs / 1000);
      this.dispose();
      return Promise.resolve({ type: 'crashed', message: `the code kept it busy for more than ${seconds} seconds in one run, so it was stopped before it could use up the page's memory` });
    }
    const { timeoutMs, signal } = options;
    return new Promise((resolve) => {
      const pending: Pending = {
        request,
        started: performance.now(),
        resolve,
        timer: setTimeout(() => this.stop({ type: 'timeout', afterMs: timeoutMs }), timeoutMs),
        ...(signal ? { signal } : {}),
        onAbort: () => this.stop({ type: 'cancelled' }),
      };
      this.pending = pending;
      if (request.type === 'load') this.filename = request.filename;
      signal?.addEventListener('abort', pending.onAbort, { once: true });
      this.port.postMessage(JSON.stringify(request));
    });
  }

  dispose(): void {
    this.stop({ type: 'crashed', message: 'the sandbox was stopped' });
  }

  private receive(data: unknown): void {
    if (this.disposed) return;
    if (!this.pending) {
      this.dispose();
      return;
    }
    const result = readReply(data, this.pending.request);
    if (isFailure(result)) this.stop(result);
    else this.settle(withThrowPlace(result, this.filename));
  }

  /** Resolves the pending request (if any) and keeps the worker. */
  private settle(result: GuestReply | SandboxFailure): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.signal?.removeEventListener('abort', pending.onAbort);
    this.busyMs += performance.now() - pending.started;
    pending.resolve(result);
  }

  /** Ends the sandbox: stops listening, terminates the worker, resolves a pending request with `result`. */
  private stop(result: SandboxFailure): void {
    if (!this.disposed) {
      this.disposed = true;
      this.port.onmessage = null;
      this.port.close();
      this.unlisten();
      this.unlistenStopped();
      this.frame.kill(this.worker.id);
    }
    this.settle(result);
  }
}
