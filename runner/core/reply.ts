/**
 * The one check of what the guest sent, used by every host. Nothing from the learner realm is
 * trusted: the text must parse, have the shape of a {@link GuestReply} and answer the request it
 * is matched to (a load gets `loaded`/`load-threw`, a call gets a reply with its `seq`). Anything
 * else ends the sandbox as crashed, so an odd message can never be turned into a pass, and a reply
 * meant for one call can never be taken as another's (a learner's async function answers later,
 * while the tests file has already made its next call).
 *
 * Every step is linear in the text and bounded by {@link MAX_REPLY_CHARS}: this runs on the
 * judge's thread, which in the browser is the page's.
 */
import type { CallAnswer, ConsoleEntry, GuestReply, GuestRequest, ThrownValue } from './protocol.ts';
import type { SandboxFailure } from './sandbox.ts';

/** Longest reply text accepted: the codec caps values at 1,000,000 characters, console at 20,000. */
export const MAX_REPLY_CHARS = 4_000_000;

/** Which request a reply answers: the load, or a call by its `seq`. */
export type ReplyKey = 'load' | number;

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

function isNames(value: unknown, expected: readonly string[]): boolean {
  return isRecord(value) && expected.every((n) => typeof value[n] === 'string' && KINDS.has(value[n] as string));
}

function isCallAnswer(value: unknown): value is CallAnswer {
  if (!isRecord(value)) return false;
  if ('returned' in value) return typeof value.returned === 'string';
  if ('plain' in value) return typeof value.plain === 'string';
  if ('threw' in value) return isThrown(value.threw);
  return typeof value.tooLarge === 'number';
}

/**
 * The answers of a `cases` reply: one list per case of a prefix of the cases sent, each as long
 * as its case or ended by the call that threw or did not fit. Linear in the reply's size.
 */
function isAnswers(value: unknown, request: Extract<GuestRequest, { type: 'cases' }>): value is CallAnswer[][] {
  // A prefix of the cases, never empty (the first case always runs).
  if (!Array.isArray(value) || value.length > request.cases.length || (value.length === 0 && request.cases.length > 0)) return false;
  return value.every((answers: unknown, i) => {
    const calls = (request.cases[i] as unknown[]).length;
    if (!Array.isArray(answers) || answers.length > calls || !answers.every(isCallAnswer)) return false;
    const isValue = (a: CallAnswer) => 'returned' in a || 'plain' in a;
    if (answers.length === calls) return answers.slice(0, -1).every(isValue);
    const last = answers.at(-1);
    return last !== undefined && !isValue(last) && answers.slice(0, -1).every(isValue);
  });
}

/** A parsed reply whose common fields are checked, not yet matched to a request. */
export type ParsedReply = Record<string, unknown>;

/** The text the guest sent, parsed and checked for the fields every reply has; or why not. */
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

/** The key of the request a reply will answer. */
export function requestKey(request: GuestRequest): ReplyKey {
  return request.type === 'load' ? 'load' : request.seq;
}

/** Which pending request a parsed reply claims to answer: the load, or a call by its `seq`. */
export function replyKey(reply: ParsedReply): ReplyKey | undefined {
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
  if (request.type === 'cases') {
    if (reply.type === 'answered' && isAnswers(reply.answers, request)) return reply as unknown as GuestReply;
    return unreadable('a reply that does not answer the cases it was sent');
  }
  if (reply.type === 'returned' && 'value' in reply) return reply as unknown as GuestReply;
  // Plain JSON text only for a call that asked for it by sending its arguments as JSON.
  if (reply.type === 'returned' && typeof reply.plain === 'string' && 'json' in request) return reply as unknown as GuestReply;
  if (reply.type === 'threw' && isThrown(reply.error)) return reply as unknown as GuestReply;
  if (reply.type === 'too-large' && typeof reply.limit === 'number') return reply as unknown as GuestReply;
  return unreadable('a reply that does not answer the call');
}

/** Parses and checks the text the guest sent for `request`: the reply, or a `crashed` failure. */
export function readReply(data: unknown, request: GuestRequest): GuestReply | SandboxFailure {
  const parsed = parseReply(data);
  return 'failure' in parsed ? parsed.failure : checkReply(parsed.reply, request);
}

/** The value a `returned` reply carries: its plain JSON text parsed, or its encoding decoded. */
export function returnedValue(reply: Extract<GuestReply, { type: 'returned' }>, decode: (encoded: import('./codec/types.ts').Encoded) => unknown): unknown {
  return 'plain' in reply ? (JSON.parse(reply.plain) as unknown) : decode(reply.value);
}
