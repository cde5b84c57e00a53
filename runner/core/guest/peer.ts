/**
 * The peer a router gets beside a message when a test plays its client (`route(msg, peer)`),
 * modelled on what an MCP SDK handler gets (1.x `extra.sendNotification` / `sendRequest` /
 * `signal`; v2 `ctx.mcpReq.notify` / `send` / `signal`):
 *
 * - `peer.notify(method, params)` sends a notification to the client;
 * - `await peer.request(method, params)` sends a request of the router's own (the peer numbers
 *   it: 1, 2, 3 in each conversation, never reused) and resolves with the client's `result`, or
 *   rejects with its `error` (an Error with `code` and `data`), or with a timeout when the client
 *   never answers, or when the client cancels the call;
 * - `peer.signal` is aborted when the client cancels the call (`notifications/cancelled`).
 *
 * The client here is a script (ClientScript), played inside the realm so that a conversation is
 * the same in every host: the client acts only while the router waits (after {@link TURNS}
 * microtask turns without a message), one action at a time, cancelling first when due, then
 * answering the router's oldest open request. What the router sends is copied as JSON when it is
 * sent, as a transport would. After the router's reply, the peer refuses to send (the request is
 * over); a reply after a cancellation is dropped, as the protocol says a cancelled request gets
 * none. The conversation comes back as `{ reply, exchange }`, every message in order with who
 * sent it.
 *
 * Self-contained (serialized into the realm by source.ts): it uses only its parameters, which the
 * agent captures before any learner code runs.
 */
import type { ClientScript, Conversation, ExchangeRow } from '../protocol.ts';

/** What the agent hands the factory: builtins captured before learner code ran. */
export interface PeerPrimordials {
  apply: typeof Reflect.apply;
  promiseThen: typeof Promise.prototype.then;
  PromiseCtor: PromiseConstructor;
  ErrorCtor: ErrorConstructor;
  stringify: (value: unknown) => string;
  parse: (text: string) => unknown;
  freeze: typeof Object.freeze;
  defineProperty: typeof Object.defineProperty;
  promiseResolve: <T>(value: T) => Promise<Awaited<T>>;
  promiseReject: (reason: unknown) => Promise<never>;
}

/** Runs `fn(...args)` with a peer at `at`, the client played by `script`; resolves with the conversation. */
export type Converse = (fn: (...args: unknown[]) => unknown, args: unknown[], at: number, script: ClientScript) => Promise<Conversation>;

export function makePeers(p: PeerPrimordials): Converse {
  const { apply, promiseThen, PromiseCtor, ErrorCtor, stringify, parse, freeze, defineProperty, promiseResolve, promiseReject } = p;
  /** Microtask turns without a message from the router after which it counts as waiting. */
  const TURNS = 64;
  /** Rounds of TURNS with nothing sent and nothing for the client to do before it stops watching. */
  const PATIENCE = 16;
  const resolved = promiseResolve(undefined);
  const later = (fn: () => void): void => {
    let left = TURNS;
    const step = (): void => {
      if (--left <= 0) fn();
      else apply(promiseThen, resolved, [step]);
    };
    apply(promiseThen, resolved, [step]);
  };
  const failure = (name: string, message: string, extra?: { code?: unknown; data?: unknown }): Error => {
    const e = new ErrorCtor(message);
    // Own data properties, defined: a setter the learner put on Error.prototype does not run.
    const own = (key: string, value: unknown) => defineProperty(e, key, { value, writable: true, enumerable: false, configurable: true });
    own('name', name);
    if (extra && extra.code !== undefined) own('code', extra.code);
    if (extra && extra.data !== undefined) own('data', extra.data);
    return e;
  };
  /** A message as the wire would carry it: copied through JSON, or a TypeError naming what cannot go. */
  const wire = (what: string, message: Record<string, unknown>): Record<string, unknown> => {
    try {
      return parse(stringify(message)) as Record<string, unknown>;
    } catch (e) {
      throw failure('TypeError', what + ' cannot be sent as JSON: ' + String((e as Error)?.message ?? e));
    }
  };

  return function converse(fn, args, at, script) {
    const rows: ExchangeRow[] = [];
    const record = (row: ExchangeRow): void => {
      rows[rows.length] = row;
    };
    const requestId = script.requestId;
    const answers = script.answers ?? [];
    const waitMs = script.waitMs;
    let sent = 0;
    let nextId = 1;
    let over = false;
    let cancelled = false;
    /** `sent` when the client last looked: more since then means the router is still busy. */
    let seen = 0;
    const open: { id: number; method: string; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
    let openAt = 0;

    const listeners: ((event: unknown) => void)[] = [];
    let reason: unknown;
    let onabort: unknown = null;
    // Frozen, with getters over this conversation's state: learner code cannot mark it aborted.
    const signal = freeze({
      get aborted(): boolean {
        return cancelled;
      },
      get reason(): unknown {
        return reason;
      },
      get onabort(): unknown {
        return onabort;
      },
      set onabort(fn: unknown) {
        onabort = fn;
      },
      addEventListener(type: unknown, listener: unknown): void {
        if (type === 'abort' && typeof listener === 'function') listeners[listeners.length] = listener as (event: unknown) => void;
      },
      removeEventListener(type: unknown, listener: unknown): void {
        if (type !== 'abort') return;
        for (let i = 0; i < listeners.length; i++) if (listeners[i] === listener) listeners[i] = () => {};
      },
      throwIfAborted(): void {
        if (cancelled) throw reason;
      },
    });

    const closed = (what: string): Error =>
      failure('Error', 'This request was already answered, so its ' + what + ' cannot be sent: send notifications and requests before you return the reply.');
    const peer = freeze({
      notify(method: unknown, params?: unknown): void {
        if (over) throw closed('notification');
        if (typeof method !== 'string' || method === '') throw failure('TypeError', 'peer.notify(method, params): method must be a non-empty string.');
        const message = wire('The notification', params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
        record({ from: 'router', message });
        sent++;
      },
      request(method: unknown, params?: unknown): Promise<unknown> {
        if (over) return promiseReject(closed('request'));
        if (typeof method !== 'string' || method === '') return promiseReject(failure('TypeError', 'peer.request(method, params): method must be a non-empty string.'));
        const id = nextId++;
        let message: Record<string, unknown>;
        try {
          message = wire('The request', params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
        } catch (e) {
          return promiseReject(e);
        }
        record({ from: 'router', message });
        sent++;
        if (cancelled) return promiseReject(reason);
        return new PromiseCtor((resolve, reject) => {
          open[open.length] = { id, method, resolve, reject };
        });
      },
      signal,
    });

    const cancel = (): void => {
      cancelled = true;
      reason = failure('AbortError', 'The client cancelled this request.');
      record({ from: 'client', message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'The user cancelled it.' } } });
      const event = { type: 'abort', target: signal };
      const handlers: unknown[] = [onabort];
      for (let i = 0; i < listeners.length; i++) handlers[handlers.length] = listeners[i];
      for (let i = 0; i < handlers.length; i++) {
        if (typeof handlers[i] !== 'function') continue;
        try {
          apply(handlers[i] as (e: unknown) => void, signal, [event]);
        } catch {
          // A listener's error is the learner's; the cancellation still goes on.
        }
      }
      while (openAt < open.length) (open[openAt++] as (typeof open)[number]).reject(reason);
    };

    /** One action of the client, if it has one now; false when it has nothing to do. */
    const act = (): boolean => {
      if (!cancelled && script.cancelAfter !== undefined && sent >= script.cancelAfter) {
        cancel();
        return true;
      }
      if (openAt >= open.length) return false;
      const req = open[openAt++] as (typeof open)[number];
      const answer = answers[req.id - 1];
      if (answer && 'result' in answer) {
        record({ from: 'client', message: { jsonrpc: '2.0', id: req.id, result: answer.result } });
        req.resolve(parse(stringify(answer.result)));
      } else if (answer && 'error' in answer) {
        record({ from: 'client', message: { jsonrpc: '2.0', id: req.id, error: answer.error } });
        req.reject(failure('Error', answer.error.message, { code: answer.error.code, data: answer.error.data }));
      } else {
        req.reject(failure('Error', 'The client did not answer ' + req.method + ' (request ' + req.id + ') within ' + waitMs + ' ms.', { code: -32001 }));
      }
      return true;
    };

    return new PromiseCtor<Conversation>((resolve, reject) => {
      let settled = false;
      const finish = (reply: unknown): void => {
        settled = true;
        over = true;
        if (reply !== null && reply !== undefined) {
          let message: Record<string, unknown> | undefined;
          try {
            message = parse(stringify(reply)) as Record<string, unknown>;
          } catch {
            message = undefined;
          }
          if (message !== undefined) record(cancelled ? { from: 'router', message, dropped: true } : { from: 'router', message });
        }
        resolve({ reply, exchange: rows });
      };
      // The client acts while the router waits: after TURNS turns in which nothing was sent.
      let idle = 0;
      const watch = (): void => {
        later(() => {
          if (settled) return;
          if (sent > seen) {
            seen = sent;
            idle = 0;
            return watch();
          }
          if (act()) {
            idle = 0;
            return watch();
          }
          if (++idle < PATIENCE) watch();
        });
      };
      const withPeer: unknown[] = [];
      for (let i = 0; i < args.length; i++) withPeer[i] = args[i];
      withPeer[at] = peer;
      let result: unknown;
      try {
        result = apply(fn, undefined, withPeer);
      } catch (e) {
        over = true;
        settled = true;
        return reject(e);
      }
      apply(promiseThen, promiseResolve(result), [
        finish,
        (e: unknown) => {
          over = true;
          settled = true;
          reject(e);
        },
      ]);
      watch();
    });
  };
}
