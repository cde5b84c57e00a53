/**
 * The client side of a conversation, as a tests file writes it: `client(script)` is an argument
 * that becomes the router's peer in the learner's realm (guest/peer.ts), played by the script, and
 * the call then answers with the whole conversation, `{ reply, exchange }`:
 *
 *   const { reply, exchange } = await route(msg, client({ answers: [{ result: { ... } }], cancelAfter: 2 }));
 *
 * In a generated check it goes in a case's calls the same way: `(x) => [['route', x.msg, client(x.script)]]`.
 */
import { makePeers, type Converse } from '../guest/peer.ts';
import type { ClientAnswer, ClientScript, PeerCall } from '../protocol.ts';

/** What a tests file says the client does; the judge adds the request's id and the call limit. */
export type ClientPlan = Pick<ClientScript, 'answers' | 'cancelAfter'>;

/** The call limit an exercise has unless it says otherwise (content schema's default). */
export const DEFAULT_WAIT_MS = 1000;

/** A client, as an argument: the judge replaces it with a peer in the learner's realm. */
export class ClientPeer {
  constructor(readonly plan: ClientPlan) {
    Object.freeze(this);
  }
}

function checkAnswer(answer: unknown, i: number): asserts answer is ClientAnswer {
  const where = `client(script): answers[${i}]`;
  if (!answer || typeof answer !== 'object') throw new TypeError(`${where} must be { result }, { error: { code, message } } or { silent: true }.`);
  const a = answer as Record<string, unknown>;
  const kinds = ['result', 'error', 'silent'].filter((k) => k in a);
  if (kinds.length !== 1) throw new TypeError(`${where} must have exactly one of result, error or silent; it has ${kinds.length ? kinds.join(' and ') : 'none'}.`);
  if ('error' in a) {
    const e = a.error as Record<string, unknown> | null;
    if (!e || typeof e !== 'object' || !Number.isInteger(e.code) || typeof e.message !== 'string') throw new TypeError(`${where}.error must be { code: <integer>, message: <string>, data? }.`);
  }
  if ('result' in a && a.result === undefined) throw new TypeError(`${where}.result must be a JSON value (undefined cannot be sent).`);
  if ('silent' in a && a.silent !== true) throw new TypeError(`${where}.silent must be true (a client that never answers).`);
}

/** `client(script)` of `@course/check`. */
export function client(plan: unknown = {}): ClientPeer {
  if (!plan || typeof plan !== 'object') throw new TypeError('client(script): script must be an object { answers?, cancelAfter? }.');
  const { answers, cancelAfter, ...rest } = plan as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) throw new TypeError(`client(script): unknown key ${extra.map((k) => `\`${k}\``).join(', ')}; a script has answers and cancelAfter.`);
  if (answers !== undefined) {
    if (!Array.isArray(answers)) throw new TypeError('client(script): answers must be an array, one answer per request of the router, in order.');
    answers.forEach(checkAnswer);
  }
  if (cancelAfter !== undefined && (!Number.isInteger(cancelAfter) || (cancelAfter as number) < 0)) {
    throw new TypeError('client(script): cancelAfter must be a whole number of the router\'s messages (0: cancel as soon as it waits).');
  }
  return clientOf({ answers: answers as ClientAnswer[] | undefined, cancelAfter: cancelAfter as number | undefined });
}

/** The client of a plan or script (what a tests file passed), the keys it leaves out left out. */
export function clientOf(script: { answers?: ClientAnswer[] | undefined; cancelAfter?: number | undefined }): ClientPeer {
  return new ClientPeer({ ...(script.answers !== undefined ? { answers: script.answers } : {}), ...(script.cancelAfter !== undefined ? { cancelAfter: script.cancelAfter } : {}) });
}

/** Whether a call's arguments hold a client (its answer is then a conversation). */
export function hasClient(args: readonly unknown[]): boolean {
  return args.some((a) => a instanceof ClientPeer);
}

/** The id of the message a call handles: the `id` of its first argument, when it has one. */
function requestIdOf(args: readonly unknown[]): ClientScript['requestId'] {
  const first = args[0];
  if (first && typeof first === 'object' && 'id' in first) {
    const id = (first as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number' || id === null) return id;
  }
  return undefined;
}

/**
 * A call's arguments with its client taken out (`null` in its place) and the peer the guest is to
 * put there; a call has one client at most.
 */
export function peerArguments(args: readonly unknown[], waitMs: number): { args: unknown[]; peer?: PeerCall } {
  const at = args.findIndex((a) => a instanceof ClientPeer);
  if (at < 0) return { args: [...args] };
  if (args.findIndex((a, i) => i > at && a instanceof ClientPeer) >= 0) throw new TypeError('A call has one client at most: pass client(script) once.');
  const { plan } = args[at] as ClientPeer;
  const requestId = requestIdOf(args);
  const script: ClientScript = { ...plan, waitMs, ...(requestId !== undefined ? { requestId } : {}) };
  return { args: args.map((a, i) => (i === at ? null : a)), peer: { at, script } };
}

/** Conversations in this realm, for implementations called directly (the exercises project). */
export const converseHere: Converse = makePeers({
  apply: Reflect.apply,
  promiseThen: Promise.prototype.then,
  PromiseCtor: Promise,
  ErrorCtor: Error,
  stringify: (v) => {
    const text = JSON.stringify(v);
    if (text === undefined) throw new TypeError(`a ${typeof v} cannot be written as JSON`);
    return text;
  },
  parse: JSON.parse,
  freeze: Object.freeze,
  defineProperty: Object.defineProperty,
  promiseResolve: (v) => Promise.resolve(v),
  promiseReject: (e) => Promise.reject(e),
}).converse;

/**
 * A learner function called in this realm as the sandbox calls it: fresh copies of the arguments,
 * and a conversation when one of them is a client.
 */
export async function callHere(fn: (...args: unknown[]) => unknown, args: readonly unknown[], waitMs = DEFAULT_WAIT_MS): Promise<unknown> {
  const { args: rest, peer } = peerArguments(args, waitMs);
  const copies = structuredClone(rest);
  if (!peer) return fn(...copies);
  return converseHere(fn, copies, peer.at, peer.script);
}
