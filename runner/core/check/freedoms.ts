/**
 * What a task lets two correct answers differ in, one freedom per rule of the protocol or the
 * task text. A tests file names the freedoms of its exercise once (`same: [...]`) and every
 * generated check, and every naming of a known mistake, compares answers through them: both
 * answers are normalized, then compared as toStrictEqual compares. A freedom must leave free
 * exactly what the task leaves free, or a correct answer is called wrong (too much) or a wrong
 * one passes (too little); each says the rule it stands for, which learners read too.
 *
 * Answers here are judge-realm copies (decoded), never learner objects.
 */
import type { Freedom } from './types.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Stands for any text a freedom leaves free. A string, so it prints as one in a diff. */
export const ANY_TEXT = '(any text)';
/** Stands for any non-empty error message. */
export const ANY_MESSAGE = '(any non-empty message)';
/** What a derived variant writes where a freedom leaves text free: plainly not the reference's words. */
export const OTHER_TEXT = 'Other words, as the task allows';

/** `value` with `fn` applied to it, or to each element when it is an array (a batch of replies). */
function eachReply(value: unknown, fn: (reply: unknown) => unknown): unknown {
  return Array.isArray(value) ? value.map(fn) : fn(value);
}

/**
 * How long a "short" error message may be, as the course reads JSON-RPC's "a concise single
 * sentence" (lesson 1 says it): a stack trace or a whole message echoed back is not one.
 */
export const SHORT_MESSAGE = 200;

/** JSON-RPC 2.0, section 5.1: the `message` of an error is the server's own short text. */
export const errorMessage: Freedom = {
  name: 'error-message',
  says: `an error may have any short, non-empty message (at most ${SHORT_MESSAGE} characters)`,
  normalize: (value) => eachReply(value, (reply) => withMessage(reply, ANY_MESSAGE)),
  vary: (value) => eachReply(value, (reply) => withMessage(reply, OTHER_TEXT)),
};

/** An error reply with `text` in place of a message the freedom leaves free; any other reply as it is. */
function withMessage(reply: unknown, text: string): unknown {
  if (!isRecord(reply) || !isRecord(reply.error)) return reply;
  const { message } = reply.error;
  if (typeof message !== 'string' || message === '' || message.length > SHORT_MESSAGE) return reply;
  return { ...reply, error: { ...reply.error, message: text } };
}

/** JSON-RPC 2.0, section 5.1: an error MAY carry a `data` member, of the server's choosing. */
export const errorData: Freedom = {
  name: 'error-data',
  says: 'an error may carry a data member, or none',
  normalize: (value) =>
    eachReply(value, (reply) => {
      if (!isRecord(reply) || !isRecord(reply.error) || !Object.hasOwn(reply.error, 'data')) return reply;
      const { data: _data, ...error } = reply.error;
      return { ...reply, error };
    }),
  // A data member added where there is none, and taken away where there is one.
  vary: (value) =>
    eachReply(value, (reply) => {
      if (!isRecord(reply) || !isRecord(reply.error)) return reply;
      if (!Object.hasOwn(reply.error, 'data')) return { ...reply, error: { ...reply.error, data: { detail: OTHER_TEXT } } };
      const { data: _data, ...error } = reply.error;
      return { ...reply, error };
    }),
};

/** JSON text of a value with keys sorted, for ordering only (ties keep their order). */
export function sortKey(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (!isRecord(v)) return v;
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]));
    }) ?? 'undefined'
  );
}

/** JSON-RPC 2.0, section 6: the responses of a batch may come back in any order. */
export const batchOrder: Freedom = {
  name: 'batch-order',
  says: 'the replies of a batch may come in any order',
  normalize: (value) => {
    if (!Array.isArray(value)) return value;
    return value
      .map((reply) => [sortKey(reply), reply] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, reply]) => reply);
  },
  vary: (value) => (Array.isArray(value) && value.length > 1 ? [...value].reverse() : value),
};

/**
 * For functions that answer with JSON text (or `null` for nothing): the text is compared as the
 * object or array it holds, so spacing and key order are free, and the freedoms after it
 * (errorMessage, batchOrder) reach inside. `null` (nothing sent), text that is not JSON, JSON of
 * anything but an object or array, and a value that is not text at all each stay apart, marked.
 */
export const jsonText: Freedom = {
  name: 'json-text',
  says: 'the reply is JSON text, compared as the object or array it holds (spacing and key order are free)',
  normalize: (value) => {
    if (value === null) return null;
    if (typeof value !== 'string') return { 'not JSON text': value };
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return { 'text that is not JSON': value };
    }
    return parsed !== null && typeof parsed === 'object' ? parsed : { 'JSON text of': parsed };
  },
  // Other spacing and every object's keys in reverse order: the same JSON.
  vary: (value) => {
    const parsed = jsonContainer(value);
    return parsed === undefined ? value : JSON.stringify(keysReversed(parsed), null, 1);
  },
  inside: (value, fn) => {
    const parsed = jsonContainer(value);
    return parsed === undefined ? value : JSON.stringify(fn(parsed));
  },
};

/** The object or array a JSON text holds, or undefined when `value` is not such a text. */
function jsonContainer(value: unknown): object | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON value with every object's keys in reverse order (an own "__proto__" kept as a key). */
function keysReversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysReversed);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) Object.defineProperty(out, key, { value: keysReversed(value[key]), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Members whose value is `undefined` count as absent (`{ params: undefined }` is `{}`). */
export const undefinedAsAbsent: Freedom = {
  name: 'undefined-as-absent',
  says: 'a member set to undefined is the same as a member left out',
  normalize: function drop(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => drop(v));
    if (!isRecord(value) || Object.getPrototypeOf(value) !== Object.prototype) return value;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, drop(v)]));
  },
  // The member a message leaves out most often, set to undefined: a request's or notification's
  // params, a reply's error (beside its result) or result (beside its error).
  vary: (value) =>
    eachReply(value, (reply) => {
      if (!isRecord(reply) || Object.getPrototypeOf(reply) !== Object.prototype) return reply;
      const key = Object.hasOwn(reply, 'method') ? 'params' : Object.hasOwn(reply, 'result') ? 'error' : Object.hasOwn(reply, 'error') ? 'result' : undefined;
      return key === undefined || Object.hasOwn(reply, key) ? reply : { ...reply, [key]: undefined };
    }),
};

/**
 * Any string at `path` (dot-separated keys, `*` for every element of an array): the task lets
 * that text be the learner's own, e.g. `anyTextAt('params.reason', 'the reason is any text')`.
 * A value there that is not a string is kept, so it still differs.
 */
export function anyTextAt(path: string, says: string): Freedom {
  const keys = path.split('.');
  if (keys.some((k) => k === '')) throw new Error(`anyTextAt: "${path}" is not a path of keys; write it like "params.reason" or "*.error.message".`);
  const at = (value: unknown, rest: readonly string[]): unknown => {
    if (rest.length === 0) return typeof value === 'string' ? ANY_TEXT : value;
    const [key, ...more] = rest as [string, ...string[]];
    if (key === '*') return Array.isArray(value) ? value.map((v) => at(v, more)) : value;
    if (!isRecord(value) || !Object.hasOwn(value, key)) return value;
    return { ...value, [key]: at(value[key], more) };
  };
  // The same object back where there is no text at the path, so an answer it leaves is not counted as varied.
  const other = (value: unknown, rest: readonly string[]): unknown => {
    if (rest.length === 0) return typeof value === 'string' ? OTHER_TEXT : value;
    const [key, ...more] = rest as [string, ...string[]];
    if (key === '*') {
      if (!Array.isArray(value)) return value;
      const each = value.map((v) => other(v, more));
      return each.every((v, i) => v === value[i]) ? value : each;
    }
    if (!isRecord(value) || !Object.hasOwn(value, key)) return value;
    const inner = other(value[key], more);
    return inner === value[key] ? value : { ...value, [key]: inner };
  };
  return { name: `any-text:${path}`, says, normalize: (value) => at(value, keys), vary: (value) => other(value, keys) };
}

/**
 * `freedom`, for the answers of the named functions only: in a stateful exercise one function's
 * answer may leave a text free (`receive`'s -32601 message) while another's must be exact
 * (`outcome` returns an error object as the client sent it).
 */
export function onlyFor(names: readonly string[], freedom: Freedom): Freedom {
  if (names.length === 0) throw new Error(`onlyFor: name the functions whose answers ${freedom.name} applies to, e.g. onlyFor(['receive'], errorMessage).`);
  return {
    name: `${freedom.name} (${names.join(', ')})`,
    says: `${freedom.says}, in what ${names.join(' and ')} ${names.length === 1 ? 'returns' : 'return'}`,
    normalize: (value, call) => (names.includes(call.name) ? freedom.normalize(value, call) : value),
    ...(freedom.vary ? { vary: (value: unknown, call: { name: string; args: readonly unknown[] }) => (names.includes(call.name) ? (freedom.vary as NonNullable<Freedom['vary']>)(value, call) : value) } : {}),
  };
}

/** The freedoms of a check as a list. */
export function freedomList(same: Freedom | readonly Freedom[] | undefined): readonly Freedom[] {
  if (same === undefined) return [];
  const list = Array.isArray(same) ? (same as readonly Freedom[]) : [same as Freedom];
  for (const f of list) {
    if (!f || typeof f.normalize !== 'function' || typeof f.name !== 'string') throw new Error('agrees: `same` takes freedoms (errorMessage, batchOrder, jsonText, anyTextAt(...) from @course/check, or { name, says, normalize, vary }).');
  }
  return list;
}

/** `value` with every freedom applied in order. */
export function normalized(value: unknown, freedoms: readonly Freedom[], call: { name: string; args: readonly unknown[] }): unknown {
  let out = value;
  for (const f of freedoms) out = f.normalize(out, call);
  return out;
}
