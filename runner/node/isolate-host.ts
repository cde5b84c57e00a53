/**
 * The Node host: each sandbox is a fresh V8 isolate (isolated-vm) with a memory cap and nothing
 * of Node in it: no `process`, `require`, module loader, timers, file or network access. Only
 * strings cross: requests go in as JSON text, replies come out as JSON text.
 *
 * Node 20 must run with `--no-node-snapshot` for isolated-vm (the CLI and vitest config do).
 */
import ivm from 'isolated-vm';
import { guestSource, GUEST_GLOBAL } from '../core/guest/source.ts';
import type { GuestReply, GuestRequest } from '../core/protocol.ts';
import type { Sandbox, SandboxFailure, SandboxHost, SandboxLimits } from '../core/sandbox.ts';

/** Grace on top of the in-isolate timeout before the host gives up on a call that never settles. */
const SETTLE_GRACE_MS = 25;

function classify(error: unknown, isolate: ivm.Isolate, timeoutMs: number): SandboxFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (/memory limit/i.test(message)) return { type: 'memory' };
  if (/timed out/i.test(message)) return { type: 'timeout', afterMs: timeoutMs };
  if (isolate.isDisposed) return { type: 'crashed', message: 'the sandbox was stopped' };
  return { type: 'crashed', message };
}

function isReply(value: unknown): value is GuestReply {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && Array.isArray((value as { console?: unknown }).console);
}

class IsolateSandbox implements Sandbox {
  private disposed = false;
  constructor(
    private readonly isolate: ivm.Isolate,
    private readonly context: ivm.Context,
  ) {}

  async send(request: GuestRequest, options: { timeoutMs: number; signal?: AbortSignal }): Promise<GuestReply | SandboxFailure> {
    if (this.disposed) return { type: 'crashed', message: 'the sandbox was already stopped' };
    if (options.signal?.aborted) return { type: 'cancelled' };
    const { timeoutMs, signal } = options;
    const code = `${GUEST_GLOBAL}.handleJson(${JSON.stringify(JSON.stringify(request))})`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    // The isolate's own timeout stops loops and microtask loops; this race also catches promises
    // that never settle (the isolate is idle, so nothing inside can time out).
    const giveUp = new Promise<SandboxFailure>((resolve) => {
      timer = setTimeout(() => resolve({ type: 'timeout', afterMs: timeoutMs }), timeoutMs + SETTLE_GRACE_MS);
      onAbort = () => resolve({ type: 'cancelled' });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const answer = this.context
      .eval(code, { timeout: timeoutMs, promise: true, copy: true })
      .then((text: unknown): GuestReply | SandboxFailure => {
        if (typeof text !== 'string') return { type: 'crashed', message: 'the sandbox answered with something other than text' };
        try {
          const reply = JSON.parse(text) as unknown;
          return isReply(reply) ? reply : { type: 'crashed', message: 'the sandbox sent an unreadable reply' };
        } catch {
          return { type: 'crashed', message: 'the sandbox sent an unreadable reply' };
        }
      })
      .catch((error: unknown) => classify(error, this.isolate, timeoutMs));
    try {
      const result = await Promise.race([answer, giveUp]);
      if (result.type === 'timeout' || result.type === 'cancelled' || result.type === 'memory' || result.type === 'crashed') this.dispose();
      return result;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.context.release();
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }
}

export interface IsolateHostOptions {
  /** Guest setup script; defaults to {@link guestSource} with default options. */
  guest?: string;
}

/** A {@link SandboxHost} whose sandboxes are isolated-vm isolates. */
export function createIsolateHost(options: IsolateHostOptions = {}): SandboxHost {
  const guest = options.guest ?? guestSource();
  return {
    async create(limits: SandboxLimits): Promise<Sandbox> {
      const isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb });
      const context = await isolate.createContext();
      // A fresh context's global has no console; the guest installs its own.
      const script = await isolate.compileScript(guest, { filename: 'guest-agent.js' });
      await script.run(context, { timeout: 2000 });
      script.release();
      return new IsolateSandbox(isolate, context);
    },
  };
}
