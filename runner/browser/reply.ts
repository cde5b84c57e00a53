/**
 * Reads what a worker sent. Nothing from the learner realm is trusted: the text must parse, have
 * the shape of a {@link GuestReply} and answer a request that is pending (a load gets
 * `loaded`/`load-threw`, a call gets a reply with its `seq`). Anything else ends the sandbox as
 * crashed, so odd messages cannot be turned into a pass.
 */
import type { ConsoleEntry, GuestReply, GuestRequest, ThrownValue, SandboxFailure } from '../core/index.ts';

/** Longest reply text accepted: the codec caps values at 1,000,000 characters, console at 20,000. */
export const MAX_REPLY_CHARS = 4_000_000;

const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);
const KINDS = new Set(['function', 'missing', 'not-a-function']);

const unreadable = (why: string): SandboxFailure => ({ type: 'crashed', message: `the sandbox sent ${why}` });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isConsole(value: unknown): value is ConsoleEntry[] {
  return Array.isArray(value) && value.every((e) => isRecord(e) && typeof e.level === 'string' && LEVELS.has(e.level) && typeof e.text === 'string');
}

function isThrown(value: unknown): value is ThrownValue {
  if (!isRecord(value)) return false;
  const placeOk = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v > 0);
  return (value.kind === 'error' || value.kind === 'value') && typeof value.name === 'string' && typeof value.message === 'string' && 'value' in value && placeOk(value.line) && placeOk(value.column);
}

function isNames(value: unknown, expected: string[]): boolean {
  return isRecord(value) && expected.every((n) => typeof value[n] === 'string' && KINDS.has(value[n] as string));
}

const STACK_PLACE = /\(?([^\s()]+):(\d+):(\d+)\)?/g;

/**
 * Fills in where a thrown error came from when the guest could not: Chromium keeps `stack` behind
 * an accessor the agent does not read, but the encoded error carries the stack text. Takes the
 * first frame in the learner's file, as the agent does in Node, so both hosts give the same line.
 */
export function withThrowPlace(reply: GuestReply, filename: string): GuestReply {
  if ((reply.type !== 'threw' && reply.type !== 'load-threw') || reply.error.line !== undefined || !filename) return reply;
  const value = reply.error.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value.$ !== 'error' || typeof value.stack !== 'string') return reply;
  for (const m of value.stack.matchAll(STACK_PLACE)) {
    if (m[1] === filename || m[1]?.endsWith('/' + filename)) {
      return { ...reply, error: { ...reply.error, line: Number(m[2]), column: Number(m[3]) } };
    }
  }
  return reply;
}

/** A parsed reply whose common fields are checked, not yet matched to a request. */
export type ParsedReply = Record<string, unknown>;

/** The text a worker sent, parsed and checked for the fields every reply has; or why not. */
export function parseReply(data: unknown): { reply: ParsedReply } | { failure: SandboxFailure } {
  if (typeof data !== 'string') return { failure: unreadable('something other than text') };
  if (data.length > MAX_REPLY_CHARS) return { failure: unreadable(`a reply longer than ${MAX_REPLY_CHARS.toLocaleString('en')} characters`) };
  let reply: unknown;
  try {
    reply = JSON.parse(data);
  } catch {
    return { failure: unreadable('an unreadable reply') };
  }
  if (!isRecord(reply) || !isConsole(reply.console) || typeof reply.consoleDropped !== 'number') return { failure: unreadable('a reply of the wrong shape') };
  return { reply };
}

/** Which pending request a parsed reply claims to answer: the load, or a call by its `seq`. */
export function replyKey(reply: ParsedReply): 'load' | number | undefined {
  if (reply.type === 'loaded' || reply.type === 'load-threw') return 'load';
  return typeof reply.seq === 'number' ? reply.seq : undefined;
}

/** The reply if it really answers `request`, else a `crashed` failure saying why. */
export function checkReply(reply: ParsedReply, request: GuestRequest): GuestReply | SandboxFailure {
  if (request.type === 'load') {
    if (reply.type === 'loaded' && isNames(reply.names, request.names)) return reply as unknown as GuestReply;
    if (reply.type === 'load-threw' && isThrown(reply.error)) return reply as unknown as GuestReply;
    return unreadable('a reply that does not answer the load request');
  }
  if (reply.seq !== request.seq) return unreadable('a reply to a different call');
  if (reply.type === 'returned' && 'value' in reply) return reply as unknown as GuestReply;
  if (reply.type === 'threw' && isThrown(reply.error)) return reply as unknown as GuestReply;
  if (reply.type === 'too-large' && typeof reply.limit === 'number') return reply as unknown as GuestReply;
  return unreadable('a reply that does not answer the call');
}
