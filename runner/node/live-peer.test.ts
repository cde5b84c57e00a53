/**
 * A live call in the Node sandbox (`course serve`'s): the router's messages leave as it sends
 * them, the client's answers, cancellation and expiries come in while it runs, and the call's time
 * limit stops while it waits for its client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeDecoder, replyValue, type GuestReply, type LiveIn, type Sandbox, type SandboxFailure } from '../core/index.ts';
import { createIsolateHost } from './isolate-host.ts';

const ROUTER = `
async function route(msg, peer) {
  peer.notify('notifications/message', { level: 'info', data: 'start' });
  const got = [];
  for (const part of msg.params.parts) {
    try {
      got.push(await peer.request('sampling/createMessage', { part }));
    } catch (e) {
      got.push(e.name + ': ' + e.message + (e.code === undefined ? '' : ' ' + e.code));
      if (peer.signal.aborted) return null;
    }
    if (part === 'spin') for (;;) {}
  }
  return { jsonrpc: '2.0', id: msg.id, result: { got } };
}`;

const live = createIsolateHost({ live: true });
const decode = makeDecoder();
let box: Sandbox | undefined;
afterEach(() => box?.dispose());

/** Runs route on `parts` with a client that does `client(message, deliver)` for each message the router sends. */
async function converse(parts: string[], client: (message: Record<string, unknown>, deliver: (input: LiveIn) => void) => void, timeoutMs = 1000): Promise<{ sent: Record<string, unknown>[]; reply: GuestReply | SandboxFailure }> {
  box = await live.create({ memoryMb: 32 });
  const loaded = await box.send({ type: 'load', source: ROUTER, filename: 'main.js', names: ['route'] }, { timeoutMs: 2000 });
  expect(loaded.type).toBe('loaded');
  const sent: Record<string, unknown>[] = [];
  let deliver: (input: LiveIn) => void = () => {};
  const msg = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { parts } };
  const reply = await box.send(
    { type: 'call', seq: 1, name: 'route', json: JSON.stringify([msg, null]), live: { at: 1, requestId: 7 } },
    {
      timeoutMs,
      live: {
        out: (text) => {
          const message = JSON.parse(text) as Record<string, unknown>;
          sent.push(message);
          client(message, deliver);
        },
        opened: (d) => (deliver = d),
      },
    },
  );
  return { sent, reply };
}

const value = (reply: GuestReply | SandboxFailure) => {
  if (reply.type !== 'returned') throw new Error(`not returned: ${JSON.stringify(reply)}`);
  return replyValue(reply, decode);
};
const answerLater = (ms: number, result: (m: Record<string, unknown>) => unknown) => (message: Record<string, unknown>, deliver: (input: LiveIn) => void) => {
  if (message.id !== undefined) setTimeout(() => deliver({ answer: { id: message.id as number, result: result(message) } }), ms);
};

describe('a live call in the Node sandbox', () => {
  it('sends each message as the router sends it and resolves requests with what the client answers', async () => {
    const { sent, reply } = await converse(['a', 'b'], answerLater(0, (m) => ({ echo: (m.params as { part: string }).part })));
    expect(sent).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'start' } },
      { jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: { part: 'a' } },
      { jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: { part: 'b' } },
    ]);
    expect(value(reply)).toEqual({ jsonrpc: '2.0', id: 7, result: { got: [{ echo: 'a' }, { echo: 'b' }] } });
  });

  it("rejects a request with the client's error, its code kept", async () => {
    const { reply } = await converse(['a'], (m, deliver) => {
      if (m.id !== undefined) deliver({ answer: { id: m.id as number, error: { code: -1, message: 'User rejected sampling request' } } });
    });
    expect(value(reply)).toEqual({ jsonrpc: '2.0', id: 7, result: { got: ['Error: User rejected sampling request -1'] } });
  });

  it('rejects a request that expired with a message naming the wait', async () => {
    const { reply } = await converse(['a'], (m, deliver) => {
      if (m.id !== undefined) deliver({ expired: { id: m.id as number, method: m.method as string, waitMs: 60000 } });
    });
    expect(value(reply)).toEqual({ jsonrpc: '2.0', id: 7, result: { got: ['Error: The client did not answer sampling/createMessage (request 1) within 60000 ms. -32001'] } });
  });

  it('aborts the signal and rejects the open request when the client cancels', async () => {
    const { reply } = await converse(['a', 'b'], (m, deliver) => {
      if (m.id !== undefined) deliver({ cancel: {} });
    });
    expect(value(reply)).toBeNull();
  });

  it("does not count the time the router waits for its client against the call's limit", async () => {
    const { reply } = await converse(['a', 'b'], answerLater(400, () => 'late'), 150);
    expect(value(reply)).toEqual({ jsonrpc: '2.0', id: 7, result: { got: ['late', 'late'] } });
  });

  it('stops a router that loops after an answer, as a timeout of the call', async () => {
    const { reply } = await converse(['spin'], answerLater(0, () => 'x'), 200);
    expect(reply).toEqual({ type: 'timeout', afterMs: 200 });
  });

  it('answers a live call in a grading host (no outlet) as thrown, naming it', async () => {
    box = await createIsolateHost().create({ memoryMb: 32 });
    await box.send({ type: 'load', source: ROUTER, filename: 'main.js', names: ['route'] }, { timeoutMs: 2000 });
    const reply = await box.send({ type: 'call', seq: 1, name: 'route', json: '[{"params":{"parts":[]}},null]', live: { at: 1, requestId: 1 } }, { timeoutMs: 1000 });
    expect(reply).toMatchObject({ type: 'threw', error: { message: 'this realm has no live peers' } });
  });

  it("leaves learner code no way to the outlet", async () => {
    box = await live.create({ memoryMb: 32 });
    await box.send({ type: 'load', source: 'function look() { return Object.getOwnPropertyNames(globalThis).filter((n) => /outlet|course/i.test(n)); }', filename: 'main.js', names: ['look'] }, { timeoutMs: 2000 });
    const reply = await box.send({ type: 'call', seq: 1, name: 'look', json: '[]' }, { timeoutMs: 1000 });
    expect(value(reply)).toEqual([]);
  });
});
