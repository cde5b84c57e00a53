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
 * The client is either a script (ClientScript), played inside the realm so that a conversation
 * is the same in every host: the client acts only while the router waits (after {@link TURNS}
 * microtask turns without a message), one action at a time, cancelling first when due, then
 * answering the router's oldest open request; the conversation comes back as
 * `{ reply, exchange }`, every message in order with who sent it. Or it is live (`course serve`):
 * what the router sends leaves through `emit` as it is sent, and the host hands in the client's
 * answers, its cancellation and the expiry of a request nobody answered (the realm has no timers).
 *
 * Both share one conversation: what the router sends is copied as JSON when it is sent, as a
 * transport would; after the router's reply the peer refuses to send (the request is over); a
 * cancellation rejects every open request and aborts the signal.
 *
 * Self-contained (serialized into the realm by source.ts): it uses only its parameters, which the
 * agent captures before any learner code runs.
 */
import type { ClientScript, Conversation, ExchangeRow, LiveIn } from '../protocol.ts';

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

/** A call whose client is outside: `done` settles with what `fn` returned; `deliver` hands in what the client did. */
export interface LiveConversation {
  done: Promise<unknown>;
  deliver(input: LiveIn): void;
}

/** Runs `fn(...args)` with a live peer at `at`; each message the router sends goes to `emit` as JSON text. */
export type ConverseLive = (fn: (...args: unknown[]) => unknown, args: unknown[], at: number, emit: (text: string) => void) => LiveConversation;

export interface Peers {
  converse: Converse;
  live: ConverseLive;
}

export function makePeers(p: PeerPrimordials): Peers {
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
  const unanswered = (method: string, id: number, waitMs: number): Error =>
    failure('Error', 'The client did not answer ' + method + ' (request ' + id + ') within ' + waitMs + ' ms.', { code: -32001 });

  interface Open {
    id: number;
    method: string;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
  }

  /**
   * One call's side of the conversation, whoever plays the client: the peer the router gets, what
   * it has sent, its open requests, and the cancellation. `sent(message)` takes each message the
   * router sends, once copied.
   */
  const conversation = (sentHook: (message: Record<string, unknown>) => void) => {
    const state = { over: false, cancelled: false, sent: 0 };
    let nextId = 1;
    const open: Open[] = [];
    const listeners: ((event: unknown) => void)[] = [];
    let reason: unknown;
    let onabort: unknown = null;
    // Frozen, with getters over this conversation's state: learner code cannot mark it aborted.
    const signal = freeze({
      get aborted(): boolean {
        return state.cancelled;
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
        if (state.cancelled) throw reason;
      },
    });

    const closed = (what: string): Error =>
      failure('Error', 'This request was already answered, so its ' + what + ' cannot be sent: send notifications and requests before you return the reply.');
    const peer = freeze({
      notify(method: unknown, params?: unknown): void {
        if (state.over) throw closed('notification');
        if (typeof method !== 'string' || method === '') throw failure('TypeError', 'peer.notify(method, params): method must be a non-empty string.');
        const message = wire('The notification', params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
        state.sent++;
        sentHook(message);
      },
      request(method: unknown, params?: unknown): Promise<unknown> {
        if (state.over) return promiseReject(closed('request'));
        if (typeof method !== 'string' || method === '') return promiseReject(failure('TypeError', 'peer.request(method, params): method must be a non-empty string.'));
        const id = nextId++;
        let message: Record<string, unknown>;
        try {
          message = wire('The request', params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
        } catch (e) {
          return promiseReject(e);
        }
        state.sent++;
        sentHook(message);
        if (state.cancelled) return promiseReject(reason);
        return new PromiseCtor((resolve, reject) => {
          open[open.length] = { id, method, resolve, reject };
        });
      },
      signal,
    });

    const cancel = (): void => {
      if (state.cancelled) return;
      state.cancelled = true;
      reason = failure('AbortError', 'The client cancelled this request.');
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
      for (let i = 0; i < open.length; i++) (open[i] as Open).reject(reason);
      open.length = 0;
    };

    /** Takes the open request `id` out (undefined when it is not open), to settle it. */
    const take = (id: number): Open | undefined => {
      for (let i = 0; i < open.length; i++) {
        const o = open[i] as Open;
        if (o.id !== id) continue;
        for (let j = i; j < open.length - 1; j++) open[j] = open[j + 1] as Open;
        open.length--;
        return o;
      }
      return undefined;
    };
    const oldest = (): Open | undefined => (open.length ? take((open[0] as Open).id) : undefined);

    /** Calls `fn` with the peer at `at`; `then` and `fail` take how it ended, once. */
    const run = (fn: (...args: unknown[]) => unknown, args: unknown[], at: number, then: (reply: unknown) => void, fail: (e: unknown) => void): void => {
      const withPeer: unknown[] = [];
      for (let i = 0; i < args.length; i++) withPeer[i] = args[i];
      withPeer[at] = peer;
      const end = (e: unknown): void => {
        state.over = true;
        fail(e);
      };
      let result: unknown;
      try {
        result = apply(fn, undefined, withPeer);
      } catch (e) {
        return end(e);
      }
      apply(promiseThen, promiseResolve(result), [
        (reply: unknown) => {
          state.over = true;
          then(reply);
        },
        end,
      ]);
    };
    return { state, cancel, take, oldest, run };
  };

  const converse: Converse = (fn, args, at, script) => {
    const rows: ExchangeRow[] = [];
    const record = (row: ExchangeRow): void => {
      rows[rows.length] = row;
    };
    const answers = script.answers ?? [];
    const talk = conversation((message) => record({ from: 'router', message }));
    const { state } = talk;
    /** `state.sent` when the client last looked: more since then means the router is still busy. */
    let seen = 0;

    /** One action of the client, if it has one now; false when it has nothing to do. */
    const act = (): boolean => {
      if (!state.cancelled && script.cancelAfter !== undefined && state.sent >= script.cancelAfter) {
        record({ from: 'client', message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: script.requestId, reason: 'The user cancelled it.' } } });
        talk.cancel();
        return true;
      }
      const req = talk.oldest();
      if (!req) return false;
      const answer = answers[req.id - 1];
      if (answer && 'result' in answer) {
        record({ from: 'client', message: { jsonrpc: '2.0', id: req.id, result: answer.result } });
        req.resolve(parse(stringify(answer.result)));
      } else if (answer && 'error' in answer) {
        record({ from: 'client', message: { jsonrpc: '2.0', id: req.id, error: answer.error } });
        req.reject(failure('Error', answer.error.message, { code: answer.error.code, data: answer.error.data }));
      } else {
        req.reject(unanswered(req.method, req.id, script.waitMs));
      }
      return true;
    };

    return new PromiseCtor<Conversation>((resolve, reject) => {
      let settled = false;
      const finish = (reply: unknown): void => {
        settled = true;
        if (reply !== null && reply !== undefined) {
          let message: Record<string, unknown> | undefined;
          try {
            message = parse(stringify(reply)) as Record<string, unknown>;
          } catch {
            message = undefined;
          }
          if (message !== undefined) record(state.cancelled ? { from: 'router', message, dropped: true } : { from: 'router', message });
        }
        resolve({ reply, exchange: rows });
      };
      // The client acts while the router waits: after TURNS turns in which nothing was sent.
      let idle = 0;
      const watch = (): void => {
        later(() => {
          if (settled) return;
          if (state.sent > seen) {
            seen = state.sent;
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
      talk.run(fn, args, at, finish, (e) => {
        settled = true;
        reject(e);
      });
      if (!settled) watch();
    });
  };

  const live: ConverseLive = (fn, args, at, emit) => {
    const talk = conversation((message) => emit(stringify(message)));
    let deliver: (input: LiveIn) => void = () => {};
    const done = new PromiseCtor<unknown>((resolve, reject) => {
      deliver = (input) => {
        if (talk.state.over) return;
        if ('cancel' in input) return talk.cancel();
        if ('expired' in input) {
          const req = talk.take(input.expired.id);
          if (req) req.reject(unanswered(req.method, req.id, input.expired.waitMs));
          return;
        }
        const req = talk.take(input.answer.id);
        if (!req) return;
        if ('result' in input.answer) req.resolve(input.answer.result);
        else req.reject(failure('Error', input.answer.error.message, { code: input.answer.error.code, data: input.answer.error.data }));
      };
      talk.run(fn, args, at, resolve, reject);
    });
    return { done, deliver: (input) => deliver(input) };
  };

  return { converse, live };
}
