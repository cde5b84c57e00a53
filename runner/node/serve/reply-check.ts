/**
 * What a router's answer to one message must be before it goes to a transport: the transports and
 * the SDK clients behind them trust what they are handed, and a malformed reply would otherwise
 * leave a client waiting until it times out, or crash the transport. For a request, a JSON-RPC
 * response with the request's id and exactly one of `result` and `error`; for a notification or a
 * response from the peer, `null`. Anything else is turned into a -32603 error reply (for a request)
 * whose message says what was wrong.
 */
import type { JsonRpcMessage, JsonValue } from './types.ts';

/** JSON-RPC's "Internal error": what the peer gets when the router could not answer. */
export const INTERNAL_ERROR = -32603;

/** Whether the peer expects an answer to `message`: a request has a `method` and an `id` member. */
export function expectsReply(message: JsonRpcMessage): boolean {
  return typeof message.method === 'string' && Object.hasOwn(message, 'id');
}

/** The request's id, as a reply must carry it (`null` when the id itself is unusable). */
export function replyId(message: JsonRpcMessage): string | number | null {
  const id = message.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** A -32603 error reply to `message` with a plain `text`. */
export function internalError(message: JsonRpcMessage, text: string): JsonRpcMessage {
  return { jsonrpc: '2.0', id: replyId(message), error: { code: INTERNAL_ERROR, message: text } };
}

const isObject = (value: JsonValue | undefined): value is { [key: string]: JsonValue } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Members a JSON-RPC response may have. */
const RESPONSE_MEMBERS = new Set(['jsonrpc', 'id', 'result', 'error']);

/** Why `reply` is not a response to `request`, or undefined when it is one. */
function responseProblem(request: JsonRpcMessage, reply: JsonValue): string | undefined {
  if (!isObject(reply)) return `route returned ${reply === null ? 'null' : Array.isArray(reply) ? 'an array' : `a ${typeof reply}`} for a request, not a JSON-RPC response object`;
  if (reply.jsonrpc !== '2.0') return 'route\'s reply lacks jsonrpc: "2.0"';
  if (!Object.hasOwn(reply, 'id') || reply.id !== request.id) return `route's reply has id ${JSON.stringify(reply.id) ?? 'missing'}, not the request's id ${JSON.stringify(request.id)}`;
  const hasResult = Object.hasOwn(reply, 'result');
  const hasError = Object.hasOwn(reply, 'error');
  if (hasResult === hasError) return hasResult ? "route's reply has both result and error" : "route's reply has neither result nor error";
  const extra = Object.keys(reply).find((key) => !RESPONSE_MEMBERS.has(key));
  if (extra !== undefined) return `route's reply has a member "${extra}" that a JSON-RPC response does not have`;
  if (hasError) {
    const error = reply.error;
    if (!isObject(error)) return "route's error is not an object { code, message }";
    if (typeof error.code !== 'number' || !Number.isInteger(error.code)) return "route's error code is not an integer";
    if (typeof error.message !== 'string') return "route's error message is not a string";
  }
  return undefined;
}

/**
 * The messages to send for what the router returned (`returned`, already plain JSON data), or the
 * problem with it. `incoming` is the message the router was given.
 */
export function checkReply(incoming: JsonRpcMessage, returned: JsonValue): { ok: true; outgoing: JsonRpcMessage[] } | { ok: false; problem: string } {
  if (!expectsReply(incoming)) {
    // A notification (or the peer's response) gets no answer: anything but null is a bug, logged.
    return returned === null ? { ok: true, outgoing: [] } : { ok: false, problem: 'route returned a reply to a notification; it must return null' };
  }
  const problem = responseProblem(incoming, returned);
  return problem === undefined ? { ok: true, outgoing: [returned as JsonRpcMessage] } : { ok: false, problem };
}
