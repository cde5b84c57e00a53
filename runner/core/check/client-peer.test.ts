/**
 * The peer a router gets when a test plays its client (guest/peer.ts), through `client(script)` in
 * this realm (what the exercises project runs); runner/node/peer-host.test.ts holds the sandbox to
 * the same conversations.
 */
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../protocol.ts';
import { callHere, client } from './client-peer.ts';

type Peer = { notify(m: string, p?: unknown): void; request(m: string, p?: unknown): Promise<unknown>; signal: { aborted: boolean; addEventListener(t: string, f: () => void): void } };
const msg = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: {} };
const talk = (fn: (m: unknown, peer: Peer) => unknown, script: Parameters<typeof client>[0] = {}) => callHere(fn as (...a: unknown[]) => unknown, [msg, client(script)], 500) as Promise<Conversation>;
const reply = (result: unknown) => ({ jsonrpc: '2.0', id: 7, result });

describe('a conversation', () => {
  it('numbers the router\'s requests 1, 2, 3, pairs each answer by id, and ends with the reply', async () => {
    const got = await talk(
      async (_m, peer) => {
        const a = await peer.request('sampling/createMessage', { n: 1 });
        peer.notify('notifications/message', { level: 'info' });
        const b = await peer.request('elicitation/create');
        return reply([a, b]);
      },
      { answers: [{ result: 'A' }, { result: { action: 'accept' } }] },
    );
    expect(got.reply).toEqual(reply(['A', { action: 'accept' }]));
    expect(got.exchange).toEqual([
      { from: 'router', message: { jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: { n: 1 } } },
      { from: 'client', message: { jsonrpc: '2.0', id: 1, result: 'A' } },
      { from: 'router', message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } } },
      { from: 'router', message: { jsonrpc: '2.0', id: 2, method: 'elicitation/create' } },
      { from: 'client', message: { jsonrpc: '2.0', id: 2, result: { action: 'accept' } } },
      { from: 'router', message: reply(['A', { action: 'accept' }]) },
    ]);
  });

  it('answers only once the router waits: what it sends before awaiting comes first', async () => {
    const got = await talk(
      async (_m, peer) => {
        const pending = peer.request('a');
        peer.notify('n1');
        peer.notify('n2');
        return reply(await pending);
      },
      { answers: [{ result: 1 }] },
    );
    expect(got.exchange.map((r) => `${r.from} ${String(r.message.method ?? r.message.id)}`)).toEqual(['router a', 'router n1', 'router n2', 'client 1', 'router 7']);
  });

  it('rejects with the client\'s error, code and data kept', async () => {
    const got = await talk(
      async (_m, peer) => {
        try {
          await peer.request('x');
        } catch (e) {
          const err = e as Error & { code?: number; data?: unknown };
          return reply([err.message, err.code, err.data]);
        }
      },
      { answers: [{ error: { code: -1, message: 'no', data: { why: 1 } } }] },
    );
    expect(got.reply).toEqual(reply(['no', -1, { why: 1 }]));
  });

  it('fails a request the client never answers, naming it and the call limit', async () => {
    const got = await talk(async (_m, peer) => {
      try {
        await peer.request('roots/list');
      } catch (e) {
        return reply((e as Error).message);
      }
    });
    expect(got.reply).toEqual(reply('The client did not answer roots/list (request 1) within 500 ms.'));
  });

  it('cancels once the router has sent enough and waits: the signal fires, a pending request rejects, a late reply is dropped', async () => {
    let heard = false;
    const got = await talk(
      async (_m, peer) => {
        peer.signal.addEventListener('abort', () => (heard = true));
        try {
          await peer.request('slow');
        } catch (e) {
          return reply([(e as Error).name, peer.signal.aborted]);
        }
      },
      { answers: [{ result: 1 }], cancelAfter: 1 },
    );
    expect(heard).toBe(true);
    expect(got.exchange).toEqual([
      { from: 'router', message: { jsonrpc: '2.0', id: 1, method: 'slow' } },
      { from: 'client', message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'The user cancelled it.' } } },
      { from: 'router', message: reply(['AbortError', true]), dropped: true },
    ]);
  });

  it('refuses to send after the reply, with an error that says why', async () => {
    let late: unknown;
    const got = await talk(async (_m, peer) => {
      // Once the reply has gone (a timer here; a later answer of the client in the sandbox).
      setTimeout(() => {
        try {
          peer.notify('late');
        } catch (e) {
          late = (e as Error).message;
        }
      }, 0);
      return reply('done');
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(late).toMatch(/already answered/);
    expect(got.exchange).toEqual([{ from: 'router', message: reply('done') }]);
  });

  it('copies what is sent as a transport would: a later change to the params does not show, and what JSON cannot carry is a TypeError', async () => {
    const got = await talk(async (_m, peer) => {
      const params = { n: 1 };
      peer.notify('a', params);
      params.n = 2;
      let error = '';
      try {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        peer.notify('b', cyclic);
      } catch (e) {
        error = (e as Error).name;
      }
      return reply(error);
    });
    expect(got.exchange[0]).toEqual({ from: 'router', message: { jsonrpc: '2.0', method: 'a', params: { n: 1 } } });
    expect(got.reply).toEqual(reply('TypeError'));
  });

  it('keeps its signal out of the router\'s reach: aborted cannot be set', async () => {
    const got = await talk(async (_m, peer) => {
      try {
        (peer.signal as { aborted: boolean }).aborted = true;
      } catch {
        // frozen
      }
      return reply(peer.signal.aborted);
    });
    expect(got.reply).toEqual(reply(false));
  });
});

describe('client(script)', () => {
  it('says what is wrong with a script, with the fix', () => {
    expect(() => client({ answers: [{}] })).toThrow(/exactly one of result, error or silent/);
    expect(() => client({ answers: [{ error: { code: 1.5, message: 'x' } }] })).toThrow(/code: <integer>/);
    expect(() => client({ cancelAfter: -1 })).toThrow(/whole number/);
    expect(() => client({ answer: [] } as never)).toThrow(/unknown key `answer`/);
    expect(() => client({ answers: [{ result: undefined }] })).toThrow(/JSON value/);
  });
});
