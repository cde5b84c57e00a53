/**
 * Messages between `course serve` and its serve child process (router-worker.ts), over IPC. The
 * child holds the sandbox, so a learner's memory bomb that takes V8 down takes only the child:
 * the command starts another and goes on serving (router-process.ts).
 */
import type { Delivery, JsonRpcMessage, RouterCode } from './types.ts';

/** Command -> child. */
export type RouterWorkerRequest =
  /** Load the code; answered `opened` or `refused`. Sent once, first. */
  | { type: 'open'; code: RouterCode }
  /** Run the router on one message; answered `delivered` with the same id, after any `sent` for it. */
  | { type: 'deliver'; id: number; message: JsonRpcMessage };

/** Child -> command. */
export type RouterWorkerReply =
  | { type: 'opened'; log: string[] }
  | { type: 'refused'; reason: string }
  /** A message the router sent its client while handling delivery `id` (before `delivered`). */
  | { type: 'sent'; id: number; message: JsonRpcMessage }
  | { type: 'delivered'; id: number; delivery: Delivery };
