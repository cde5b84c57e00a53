/**
 * What `course serve` is made of, in the Node host layer: a learner's router, run in the same
 * sandbox as grading, behind one small interface that any transport (stdio, Streamable HTTP)
 * drives. One incoming message may give no outgoing message (a notification), one (a reply), or,
 * once routers talk back, several (progress notifications while a tool runs, requests to the
 * client): so a delivery yields a list, and no transport assumes one reply per message.
 */

import type { LearnerCode } from '../../content/index.ts';

/** A JSON value as it crosses a transport. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One JSON-RPC 2.0 message, as it came in or goes out (checked where it matters: reply-check.ts). */
export type JsonRpcMessage = { [key: string]: JsonValue };

/** What the router made of one incoming message. */
export interface Delivery {
  /** Messages to send to the peer, in order; empty for a notification. */
  outgoing: JsonRpcMessage[];
  /** Lines for the server's log (stderr): the learner's console output and what went wrong, prefixed. */
  log: string[];
}

/** A learner's router that a transport hands messages to. */
export interface SandboxedRouter {
  /**
   * Runs the router on one incoming message and resolves with what to send back. Never rejects
   * for anything learner code does: a loop, a throw or a bad reply is a JSON-RPC error reply.
   * Deliveries are handled one at a time, in the order they were made. A request's handler gets
   * a peer (`route(msg, peer)`): what it sends its client while it runs (progress, logs, requests
   * of its own) goes to `send` as it is sent, before the delivery resolves. The client's answers
   * to those requests, and its cancellation of the request in progress, reach it at once instead
   * of waiting their turn (the request they belong to holds the turn).
   */
  deliver(message: JsonRpcMessage, send?: (message: JsonRpcMessage) => void): Promise<Delivery>;
  /** Stops the sandbox; deliveries after it answer an error. Safe to call twice. */
  close(): Promise<void>;
}

/** The learner's code to serve (one file, or the files of an exercise of several) and the exercise's limits for it. */
export interface RouterCode {
  /** The source as the learner wrote it, or their files in an exercise of several (prepared here). */
  source: LearnerCode;
  language: 'js' | 'ts';
  /** The function that answers each message (`route`). */
  functionName: string;
  /** The exercise's limits: `callMs` per message, `memoryMb` for the sandbox's heap. */
  limits: { callMs: number; memoryMb: number };
}

/**
 * How long a request of the router's own waits for the client's answer before it fails (the SDK
 * clients' own default request timeout). Not the exercise's call limit: a person may be answering
 * an elicitation, and the router's time does not run meanwhile.
 */
export const CLIENT_WAIT_MS = 60_000;

/** The router could not be started; `reason` is one line for stderr. */
export interface RouterRefusal {
  ok: false;
  reason: string;
}

/** A line for the log, with the prefix every line of `course serve` has. */
export const logLine = (text: string): string => `course serve: ${text}`;

/** A message in a few words for the log: its method and id. */
export function describeMessage(message: JsonRpcMessage): string {
  const method = typeof message.method === 'string' ? message.method : 'response';
  return Object.hasOwn(message, 'id') ? `${method} (id ${JSON.stringify(message.id)})` : method;
}
