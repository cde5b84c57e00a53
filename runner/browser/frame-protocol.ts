/**
 * Control messages between the page (the judge's side) and the sandbox frame, the opaque-origin
 * iframe that owns the learner workers. Learner code never runs in the frame: it only spawns and
 * terminates workers. Requests and replies of the guest protocol do NOT pass through it: each
 * worker talks to the page over its own MessagePort (see worker-glue.ts).
 */

/** Frame -> page, once, through `parent.postMessage` (the only message not on the control port). */
export interface FrameHello {
  type: 'sandbox-frame-ready';
  /** The nonce the page wrote into the frame's document: proves this is the frame we made. */
  nonce: string;
}

/** Page -> frame, on the control port. */
export type FrameCommand =
  /** First command: the setup script each worker runs (guest agent + worker glue). */
  | { type: 'init'; guest: string }
  /** Hand a fresh worker the transferred port (the page's end stays with the page). */
  | { type: 'spawn'; id: number }
  /** Terminate worker `id`; the frame answers `killed` so the page knows it is still alive. */
  | { type: 'kill'; id: number };

/** Frame -> page, on the control port. */
export type FrameEvent =
  | { type: 'killed'; id: number }
  | { type: 'spawn-failed'; id: number; message: string }
  /** The frame terminated worker `id` on its own: it posted to the frame (the glue never does). */
  | { type: 'stopped'; id: number; message: string };

/** First message a worker posts on its port, before any reply: its guest agent is installed. */
export const WORKER_READY = 'ready';
