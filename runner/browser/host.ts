/**
 * The browser host: every sandbox is a fresh dedicated worker inside one opaque-origin,
 * CSP-locked iframe that the host creates on first use and reuses across runs (only the worker
 * must be fresh). The judge stays in the page; see frame-document.ts for the isolation and
 * worker-sandbox.ts for the limits.
 */
import { DEFAULT_GUEST_OPTIONS, guestSource, type Sandbox, type SandboxHost, type SandboxLimits } from '../core/index.ts';
import { openFrame, type SandboxFrame, type SpawnedWorker } from './frame.ts';
import { makeWarmUp } from './warm-up.ts';
import { workerGlueSource } from './worker-glue.ts';
import { WorkerSandbox } from './worker-sandbox.ts';

export interface BrowserHostOptions {
  /** Setup script of each worker; defaults to the guest agent with the worker glue. */
  guest?: string;
  /** How long the frame, then each worker, may take to start (default 10 s). */
  startTimeoutMs?: number;
  /** How long the frame may take to confirm a worker was terminated before the frame is replaced (default 1 s). */
  killAckMs?: number;
  /** Time a worker may spend answering requests in one run (default 4 s); see {@link WorkerSandboxOptions}. */
  busyBudgetMs?: number;
  /** Warm-up rounds each worker runs at start, before it is used (default 20; 0 turns it off); see warm-up.ts. */
  warmUpRounds?: number;
  /**
   * Prune each worker's realm to what learner code finds in Node too (default true; see
   * runner/core/guest/realm.ts). Tests turn it off to show that the frame's origin and CSP alone
   * keep learner code off the network and storage.
   */
  pruneRealm?: boolean;
  /** Element the hidden iframe is appended to; `document.body` by default. */
  container?: HTMLElement;
}

/** A {@link SandboxHost} for the page, plus a way to start the frame ahead of the first run. */
export interface BrowserHost extends SandboxHost {
  /** Starts the frame and its first worker now, so the first run does not wait for them. */
  warm(): Promise<void>;
  /** Removes the frame and every worker in it; later `create` calls start a new frame. */
  close(): void;
}

/** Creates the host. Cheap: nothing happens until the first `create` or `warm`. */
export function createBrowserHost(options: BrowserHostOptions = {}): BrowserHost {
  const startTimeoutMs = options.startTimeoutMs ?? 10_000;
  const killAckMs = options.killAckMs ?? 1000;
  const busyBudgetMs = options.busyBudgetMs ?? 4000;
  let guest = options.guest;
  const warmUp = options.guest ? undefined : makeWarmUp(options.warmUpRounds ?? 20);
  let frame: Promise<SandboxFrame> | undefined;
  // The next run's worker, asked for when a sandbox ends: a run then starts without waiting for
  // the frame to hand over a worker (two hops between processes when the frame is isolated).
  let next: { frame: SandboxFrame; worker: Promise<SpawnedWorker | undefined> } | undefined;

  const sandbox = (owner: SandboxFrame, worker: SpawnedWorker): Sandbox =>
    new WorkerSandbox(owner, worker, {
      busyBudgetMs,
      onEnd: () => {
        if (!next && owner.alive) next = { frame: owner, worker: owner.spawn() };
      },
    });

  const takeNext = async (): Promise<Sandbox | undefined> => {
    const taken = next;
    next = undefined;
    if (!taken?.frame.alive) return undefined;
    const worker = await taken.worker;
    return worker && taken.frame.alive ? sandbox(taken.frame, worker) : undefined;
  };

  const currentFrame = async (): Promise<SandboxFrame> => {
    const existing = frame && (await frame.catch(() => undefined));
    if (existing?.alive) return existing;
    guest ??= guestSource(DEFAULT_GUEST_OPTIONS, workerGlueSource(warmUp ? { warmUp } : {}), options.pruneRealm === false ? null : undefined);
    frame = openFrame({ guest, startTimeoutMs, killAckMs, ...(options.container ? { container: options.container } : {}) });
    return frame;
  };

  return {
    async create(_limits: SandboxLimits): Promise<Sandbox> {
      // Browsers offer no heap cap per worker: `memoryMb` cannot be applied here (see busyBudgetMs).
      const ready = await takeNext();
      if (ready) return ready;
      // A frame that fails to start or to give a worker is replaced once before giving up.
      let why = 'it gave no worker';
      for (let attempt = 0; attempt < 2; attempt++) {
        let current: SandboxFrame;
        try {
          current = await currentFrame();
        } catch (error) {
          why = (error as Error).message;
          continue;
        }
        const worker = await current.spawn();
        if (worker) return sandbox(current, worker);
      }
      throw new Error(`The code sandbox could not start (${why}). Reload the page and try again.`);
    },
    async warm(): Promise<void> {
      const current = await currentFrame();
      if (!next && current.alive) next = { frame: current, worker: current.spawn() };
      await next?.worker;
    },
    close(): void {
      const closing = frame;
      frame = undefined;
      next = undefined;
      void closing?.then((f) => f.destroy(), () => undefined);
    },
  };
}
