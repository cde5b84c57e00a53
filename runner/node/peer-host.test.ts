/**
 * A conversation with a peer in the Node sandbox is the one the same code has in the judge's own
 * realm (runner/core/check/client-peer.test.ts holds its rules), for every kind of client action.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { callHere, client, makeDecoder, replyValue, type ClientScript, type Sandbox } from '../core/index.ts';
import { createIsolateHost } from './isolate-host.ts';

const ROUTER = `
async function route(msg, peer) {
  const seen = [];
  peer.notify('notifications/progress', { progressToken: msg.id, progress: 0 });
  for (const part of msg.params.parts) {
    try {
      const answer = await peer.request('sampling/createMessage', { part });
      seen.push(answer);
    } catch (e) {
      seen.push(e.name + ': ' + e.message + (e.code === undefined ? '' : ' ' + e.code));
      if (peer.signal.aborted) return { jsonrpc: '2.0', id: msg.id, result: { seen, aborted: true } };
    }
  }
  return { jsonrpc: '2.0', id: msg.id, result: { seen } };
}`;

const host = createIsolateHost();
let box: Sandbox;
const decode = makeDecoder();
const here = new Function(`${ROUTER}; return route;`)() as (...args: unknown[]) => unknown;

afterAll(() => box?.dispose());

const msg = { jsonrpc: '2.0', id: 'r1', method: 'tools/call', params: { parts: ['a', 'b', 'c'] } };
const scripts: Record<string, Omit<ClientScript, 'waitMs' | 'requestId'>> = {
  'answers every request': { answers: [{ result: 1 }, { result: { x: [2] } }, { result: 'three' }] },
  'answers with an error': { answers: [{ result: 1 }, { error: { code: -32603, message: 'boom' } }, { result: 3 }] },
  'never answers': { answers: [{ silent: true }] },
  'cancels at once': { cancelAfter: 0 },
  'cancels after three messages': { answers: [{ result: 1 }, { result: 2 }, { result: 3 }], cancelAfter: 3 },
};

describe('a conversation in the Node sandbox', () => {
  for (const [name, script] of Object.entries(scripts)) {
    it(`is the judge realm's when the client ${name}`, async () => {
      box ??= await host.create({ memoryMb: 32 });
      const loaded = await box.send({ type: 'load', source: ROUTER, filename: 'main.js', names: ['route'] }, { timeoutMs: 2000 });
      expect(loaded.type).toBe('loaded');
      const expected = await callHere(here, [msg, client(script)], 700);
      const reply = await box.send({ type: 'call', seq: 1, name: 'route', json: JSON.stringify([msg, null]), peer: { at: 1, script: { ...script, waitMs: 700, requestId: 'r1' } } }, { timeoutMs: 2000 });
      if (reply.type !== 'returned') throw new Error(JSON.stringify(reply));
      expect(replyValue(reply, decode)).toEqual(expected);
    });
  }
});
