/**
 * Requests waiting their turn behind the one being handled, so that the client's cancellation of
 * one of them takes effect before it starts: the protocol asks a receiver to stop processing a
 * cancelled request and send no response, and one that has not started has nothing to stop. Both
 * queues of `course serve` (the command's, in front of the serve child, and the child's own) keep
 * one: whichever holds the request when the cancellation comes marks it, and the request is
 * skipped when its turn comes, with a line on the log instead of a reply.
 */
import { expectsReply } from './reply-check.ts';
import { describeMessage, logLine, type Delivery, type JsonRpcMessage } from './types.ts';

/** One queued request; `cancelled` is set when its client cancelled it before it started. */
export interface Waiting {
  readonly id: string | number;
  cancelled: boolean;
}

export interface WaitingTurn {
  /** Marks `message` as waiting, when it is a request with a usable id (else undefined). */
  enter(message: JsonRpcMessage): Waiting | undefined;
  /** Its turn came: it waits no longer. True when it was cancelled meanwhile (skip it). */
  leave(waiting: Waiting | undefined): boolean;
  /**
   * When `message` is `notifications/cancelled` for a request still waiting here, marks it (the
   * oldest, should a client reuse an id) and returns true: the cancellation is taken care of.
   */
  cancel(message: JsonRpcMessage): boolean;
}

export function waitingTurn(): WaitingTurn {
  const queued: Waiting[] = [];
  return {
    enter(message) {
      const id = message.id;
      if (!expectsReply(message) || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
      const waiting = { id, cancelled: false };
      queued.push(waiting);
      return waiting;
    },
    leave(waiting) {
      if (!waiting) return false;
      const at = queued.indexOf(waiting);
      if (at >= 0) queued.splice(at, 1);
      return waiting.cancelled;
    },
    cancel(message) {
      const params = message.params;
      if (message.method !== 'notifications/cancelled' || params === null || typeof params !== 'object' || Array.isArray(params)) return false;
      const waiting = queued.find((w) => !w.cancelled && w.id === params.requestId);
      if (!waiting) return false;
      waiting.cancelled = true;
      return true;
    },
  };
}

/** What a request cancelled before its turn gives: no reply, and a line saying why. */
export function skippedDelivery(message: JsonRpcMessage): Delivery {
  return { outgoing: [], log: [logLine(`message ${describeMessage(message)}: the client cancelled it before its turn came, so it did not run`)] };
}
