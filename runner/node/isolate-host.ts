/**
 * The Node host: each sandbox is a fresh V8 isolate (isolated-vm) with a memory cap and nothing
 * of Node in it: no `process`, `require`, module loader, timers, file or network access. Only
 * strings cross: requests go in as JSON text, replies come out as JSON text.
 *
 * Node 20 must run with `--no-node-snapshot` for isolated-vm (the CLI and vitest config do).
 */
import ivm from 'isolated-vm';
import { guestSource, GUEST_GLOBAL, type GuestReply, type GuestRequest, isSandboxFailure, type Sandbox, type SandboxFailure, type SandboxHost, type SandboxLimits } from '../core/index.ts';

/** Grace on top of the in-isolate timeout before the host gives up on a call that never settles. */
const SETTLE_GRACE_MS = 25;

function classify(error: unknown, isolate: ivm.Isolate, timeoutMs: number): SandboxFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (/memory limit/i.test(message)) return { type: 'memory' };
  if (/timed out/i.test(message)) return { type: 'timeout', afterMs: timeoutMs };
  if (isolate.isDisposed) return { type: 'crashed', message: 'the sandbox was stopped' };
  return { type: 'crashed', message };
}

/** isolated-vm copies a thrown value out as an Error with name and message, or a primitive. */
function describeRejection(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function parseReply(text: unknown, rejections: string[]): GuestReply | SandboxFailure {
  if (typeof text !== 'string') return { type: 'crashed', message: 'the sandbox answered with something other than text' };
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    return { type: 'crashed', message: 'the sandbox sent an unreadable reply' };
  }
  if (!isReply(reply)) return { type: 'crashed', message: 'the sandbox sent an unreadable reply' };
  for (const line of rejections) reply.console.push({ level: 'error', text: line });
  return reply;
}

function isReply(value: unknown): value is GuestReply {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && Array.isArray((value as { console?: unknown }).console);
}

class IsolateSandbox implements Sandbox {
  private disposed = false;
  constructor(
    private readonly isolate: ivm.Isolate,
    private readonly context: ivm.Context,
    /** The guest's `handleJsonSync`, called directly: no script to compile per request. */
    private readonly handleJson: ivm.Reference<(json: string) => string>,
    /** The guest's `resume`: the last reply again (see {@link IsolateSandbox.evaluate}). */
    private readonly resume: ivm.Reference<() => Promise<string>>,
  ) {}

  /**
   * Runs one guest request. isolated-vm throws a learner's unhandled promise rejection out of
   * the running call, losing its value; a browser only logs it. To give the same verdict, the
   * rejection is logged as the browser would and the reply taken again with `resume` (bounded:
   * each resume can surface another rejection).
   */
  private async evaluate(json: string, timeoutMs: number, interruptible: boolean): Promise<GuestReply | SandboxFailure> {
    const rejections: string[] = [];
    const options = { timeout: timeoutMs, result: { promise: true, copy: true } } as const;
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        // Without an AbortSignal, first synchronously: most learner functions answer at once, and
        // a synchronous call costs a tenth of a trip through isolated-vm's thread pool. The
        // isolate's own timeout bounds it (loops and microtask loops alike), but nothing can
        // abort it early, so with a signal the call goes through the pool. A promise is awaited.
        let text: unknown = '';
        if (attempt === 0) {
          text = interruptible
            ? await this.handleJson.apply(undefined, [json], { timeout: timeoutMs, result: { copy: true } })
            : this.handleJson.applySync(undefined, [json], { timeout: timeoutMs, result: { copy: true } });
        }
        if (text === '') text = await this.resume.apply(undefined, [], options);
        return parseReply(text, rejections);
      } catch (error) {
        const failure = classify(error, this.isolate, timeoutMs);
        if (failure.type !== 'crashed' || this.isolate.isDisposed) return failure;
        rejections.push(`Uncaught (in promise) ${describeRejection(error)}`);
      }
    }
    return { type: 'crashed', message: 'too many unhandled promise rejections' };
  }

  async send(request: GuestRequest, options: { timeoutMs: number; signal?: AbortSignal }): Promise<GuestReply | SandboxFailure> {
    if (this.disposed) return { type: 'crashed', message: 'the sandbox was already stopped' };
    if (options.signal?.aborted) return { type: 'cancelled' };
    const { timeoutMs, signal } = options;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    // The isolate's own timeout stops loops and microtask loops; this race also catches promises
    // that never settle (the isolate is idle, so nothing inside can time out).
    const giveUp = new Promise<SandboxFailure>((resolve) => {
      timer = setTimeout(() => resolve({ type: 'timeout', afterMs: timeoutMs }), timeoutMs + SETTLE_GRACE_MS);
      onAbort = () => resolve({ type: 'cancelled' });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const answer = this.evaluate(JSON.stringify(request), timeoutMs, signal !== undefined);
    try {
      const result = await Promise.race([answer, giveUp]);
      if (isSandboxFailure(result)) this.dispose();
      return result;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.handleJson.release();
    this.resume.release();
    this.context.release();
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }
}

export interface IsolateHostOptions {
  /** Guest setup script; defaults to {@link guestSource} with default options. */
  guest?: string;
}

/**
 * A {@link SandboxHost} whose sandboxes are isolated-vm isolates. Every sandbox is a new isolate,
 * started from a V8 snapshot taken once per host with the guest agent already set up: the guest
 * is not parsed, compiled and run again for each submission (bench/README.md has the figures).
 */
export function createIsolateHost(options: IsolateHostOptions = {}): SandboxHost {
  const guest = options.guest ?? guestSource();
  let snapshot: ivm.ExternalCopy<ArrayBuffer> | undefined;
  return {
    async create(limits: SandboxLimits): Promise<Sandbox> {
      snapshot ??= ivm.Isolate.createSnapshot([{ code: guest, filename: 'guest-agent.js' }]);
      const isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb, snapshot });
      try {
        const context = isolate.createContextSync();
        const handleJson = context.evalSync(`${GUEST_GLOBAL}.handleJsonSync`, { reference: true, timeout: 2000 }) as ivm.Reference<(json: string) => string>;
        const resume = context.evalSync(`${GUEST_GLOBAL}.resume`, { reference: true, timeout: 2000 }) as ivm.Reference<() => Promise<string>>;
        return new IsolateSandbox(isolate, context, handleJson, resume);
      } catch (error) {
        isolate.dispose();
        throw error;
      }
    },
  };
}
