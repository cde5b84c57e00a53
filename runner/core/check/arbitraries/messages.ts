/**
 * JSON-RPC 2.0 messages (section 4): requests, notifications and responses built from the ids,
 * names and params of this folder, and requests that break one rule of the envelope each, for
 * exercises that validate (section 5.1: -32600 Invalid Request).
 */
import fc, { type Arbitrary } from 'fast-check';
import { ids, type IdOptions } from './ids.ts';
import { params as paramsArb } from './json.ts';

export interface Request {
  jsonrpc: '2.0';
  id: string | number | null;
  method: string;
  params?: unknown;
}

export interface Notification {
  jsonrpc: '2.0';
  method: string;
  params?: unknown;
}

export interface MessageOptions {
  /** The method names to use (e.g. `names(['ping'])`). */
  methods: Arbitrary<string>;
  /** Params (default: params(), absent included). */
  params?: Arbitrary<unknown>;
  /** Ids (default: ids()). */
  ids?: Arbitrary<string | number | null>;
}

/** The message with `params` only when it is not undefined (a JSON text cannot carry undefined). */
function withParams<T extends object>(message: T, params: unknown): T & { params?: unknown } {
  return params === undefined ? message : { ...message, params };
}

/** Requests: an id, a method and maybe params. */
export function requests(options: MessageOptions): Arbitrary<Request> {
  return fc
    .record({ id: options.ids ?? ids(), method: options.methods, params: options.params ?? paramsArb() })
    .map(({ id, method, params }) => withParams({ jsonrpc: '2.0' as const, id, method }, params));
}

/** Notifications: a method, maybe params, and no `id` member at all. */
export function notifications(options: Omit<MessageOptions, 'ids'>): Arbitrary<Notification> {
  return fc.record({ method: options.methods, params: options.params ?? paramsArb() }).map(({ method, params }) => withParams({ jsonrpc: '2.0' as const, method }, params));
}

/** Requests and notifications, about half each. */
export function messages(options: MessageOptions): Arbitrary<Request | Notification> {
  return fc.oneof(requests(options), notifications(options));
}

/** Values that are not a JSON-RPC version string "2.0". */
export const WRONG_VERSIONS: readonly unknown[] = ['1.0', '2', '2.0 ', ' 2.0', '2.00', 2, 2.0, null, '', 'jsonrpc', true];

/** Values a `method` member must not be (section 4: a String). */
export const WRONG_METHODS: readonly unknown[] = [1, 0, null, true, false, {}, [], ['ping']];

/** Values `params` must not be (section 4.2: an Array or an Object, or left out). */
export const WRONG_PARAMS: readonly unknown[] = ['x', '', 0, 1, true, false, null];

/** Values an id must not be (section 4: a String, a Number or Null). */
export const WRONG_IDS: readonly unknown[] = [{}, [], [1], true, false, { id: 1 }];

/**
 * Requests that break exactly one rule of the envelope, and what they break: the version, the
 * method, the params or the id wrong, or a member missing. `ids` are used where the id is kept.
 */
export function invalidRequests(options: Partial<MessageOptions> & { idOptions?: IdOptions } = {}): Arbitrary<{ message: Record<string, unknown>; breaks: string }> {
  const id = options.ids ?? ids(options.idOptions);
  const method = options.methods ?? fc.constantFrom('ping', 'subtract');
  const good = fc.record({ id, method });
  const define = (base: Record<string, unknown>, key: string, value: unknown) => ({ ...base, [key]: value });
  return fc.oneof(
    fc.tuple(good, fc.constantFrom(...WRONG_VERSIONS)).map(([m, v]) => ({ message: define(m, 'jsonrpc', v), breaks: 'jsonrpc' })),
    good.map((m) => ({ message: { ...m }, breaks: 'jsonrpc missing' })),
    fc.tuple(good, fc.constantFrom(...WRONG_METHODS)).map(([m, bad]) => ({ message: { jsonrpc: '2.0', id: m.id, method: bad }, breaks: 'method' })),
    good.map((m) => ({ message: { jsonrpc: '2.0', id: m.id }, breaks: 'method missing' })),
    fc.tuple(good, fc.constantFrom(...WRONG_PARAMS)).map(([m, p]) => ({ message: { jsonrpc: '2.0', ...m, params: p }, breaks: 'params' })),
    fc.tuple(good, fc.constantFrom(...WRONG_IDS)).map(([m, bad]) => ({ message: { jsonrpc: '2.0', id: bad, method: m.method }, breaks: 'id' })),
  );
}
