/**
 * The one interface each environment implements to run learner code (compare vitest's
 * `VitestRunner`): the grading core drives it, hosts decide how isolation is achieved.
 * A sandbox is one fresh realm; after a timeout or crash it is dead and the core asks for a new one.
 */
import type { GuestReply, GuestRequest, LiveIn } from './protocol.ts';

export interface SandboxLimits {
  /** Heap cap for learner code, in megabytes. */
  memoryMb: number;
}

/** What can end a request without a reply from the guest. */
export type SandboxFailure =
  | { type: 'timeout'; afterMs: number }
  | { type: 'memory' }
  | { type: 'crashed'; message: string }
  | { type: 'cancelled' };

/** Whether a `send` ended without a reply from the guest (the realm is then dead). */
export function isSandboxFailure(result: GuestReply | SandboxFailure): result is SandboxFailure {
  return result.type === 'timeout' || result.type === 'memory' || result.type === 'crashed' || result.type === 'cancelled';
}

/**
 * A call's link to a client outside the realm (a `call` request with `live`, `course serve`): the
 * router's messages go out as it sends them, the client's answers and cancellation go in while the
 * call runs. While a request of the router's is open (sent, neither answered nor expired), the
 * call's time limit stops counting: waiting for the client is not the router's time.
 */
export interface LiveLink {
  /** Takes each message the call sends its client, as JSON text, in order, as it is sent. */
  out(text: string): void;
  /** Called once as the call starts, with the function that hands the call what its client did. */
  opened(deliver: (input: LiveIn) => void): void;
}

export interface Sandbox {
  /**
   * Sends one request to the guest and resolves with its reply, or with a failure when the
   * guest did not answer within `timeoutMs` (the host must then stop the realm: a loop, a
   * microtask loop or a promise that never settles all end here), ran out of memory or died.
   * Never rejects for anything learner code does.
   */
  send(request: GuestRequest, options: { timeoutMs: number; signal?: AbortSignal; live?: LiveLink }): Promise<GuestReply | SandboxFailure>;
  /** Frees the realm; safe to call twice. */
  dispose(): void;
}

export interface SandboxHost {
  /** Creates a fresh realm with the guest agent loaded and no learner code yet. */
  create(limits: SandboxLimits): Promise<Sandbox>;
}
