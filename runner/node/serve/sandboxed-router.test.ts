/**
 * The router in the sandbox, in this process (vitest runs with --no-node-snapshot): answers,
 * console lines, what a bad load refuses with, and a fresh isolate after one was stopped.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createIsolateHost } from '../isolate-host.ts';
import { openSandboxedRouter } from './sandboxed-router.ts';
import type { RouterCode } from './types.ts';

const REFERENCE = readFileSync(new URL('../../../exercises/mcp-server/solution.js', import.meta.url), 'utf8');
const code = (source: string, language: 'js' | 'ts' = 'js'): RouterCode => ({ source, language, functionName: 'route', limits: { callMs: 300, memoryMb: 32 } });

async function open(source: string, language: 'js' | 'ts' = 'js') {
  const log: string[] = [];
  const opened = await openSandboxedRouter(createIsolateHost({ live: true }), code(source, language), (line) => log.push(line));
  if (!opened.ok) throw new Error(opened.reason);
  return { router: opened.router, log };
}

describe('openSandboxedRouter', () => {
  it("answers with the reference's replies and nothing for a notification", async () => {
    const { router } = await open(REFERENCE);
    expect(await router.deliver({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ outgoing: [{ jsonrpc: '2.0', id: 1, result: {} }], log: [] });
    expect(await router.deliver({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({ outgoing: [], log: [] });
    const listed = await router.deliver({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(listed.outgoing[0]).toMatchObject({ id: 2, result: { tools: [{ name: 'add' }, { name: 'divide' }] } });
    await router.close();
  });

  it('serves TypeScript, with export kept out of the way', async () => {
    const { router } = await open("export function route(msg: { id?: number }): unknown {\n  return msg.id === undefined ? null : { jsonrpc: '2.0', id: msg.id, result: { ts: true } };\n}", 'ts');
    expect((await router.deliver({ jsonrpc: '2.0', id: 1, method: 'x' })).outgoing).toEqual([{ jsonrpc: '2.0', id: 1, result: { ts: true } }]);
    await router.close();
  });

  it('awaits an async route', async () => {
    const { router } = await open("async function route(msg) { await null; return msg.id === undefined ? null : { jsonrpc: '2.0', id: msg.id, result: { later: true } }; }");
    expect((await router.deliver({ jsonrpc: '2.0', id: 1, method: 'x' })).outgoing).toEqual([{ jsonrpc: '2.0', id: 1, result: { later: true } }]);
    expect((await router.deliver({ jsonrpc: '2.0', method: 'n' })).outgoing).toEqual([]);
    await router.close();
  });

  it('logs console output of the load and of each call, one prefixed line each', async () => {
    const { router, log } = await open("console.info('loading');\nfunction route(msg) { console.warn('two\\nlines'); return null; }");
    expect(log).toEqual(['[route console.info] loading']);
    expect((await router.deliver({ jsonrpc: '2.0', method: 'n' })).log).toEqual(['[route console.warn] two', '[route console.warn] lines']);
    await router.close();
  });

  it('starts a fresh isolate after a loop stopped one, and says so', async () => {
    const { router } = await open("let calls = 0;\nfunction route(msg) { calls++; if (msg.method === 'loop') for (;;) {} return { jsonrpc: '2.0', id: msg.id, result: { calls } }; }");
    expect((await router.deliver({ jsonrpc: '2.0', id: 1, method: 'a' })).outgoing).toEqual([{ jsonrpc: '2.0', id: 1, result: { calls: 1 } }]);
    const stopped = await router.deliver({ jsonrpc: '2.0', id: 2, method: 'loop' });
    expect(stopped.outgoing).toEqual([{ jsonrpc: '2.0', id: 2, error: { code: -32603, message: "The server's route did not answer within 300 ms (a loop, or a promise that never settles?)." } }]);
    const next = await router.deliver({ jsonrpc: '2.0', id: 3, method: 'a' });
    // The code was loaded again: its state starts over.
    expect(next.outgoing).toEqual([{ jsonrpc: '2.0', id: 3, result: { calls: 1 } }]);
    expect(next.log).toContain('course serve: started a fresh sandbox and loaded the code again');
    await router.close();
  });

  it('answers after close with an error, not a hang', async () => {
    const { router } = await open(REFERENCE);
    await router.close();
    expect((await router.deliver({ jsonrpc: '2.0', id: 1, method: 'ping' })).outgoing).toMatchObject([{ id: 1, error: { code: -32603 } }]);
  });

  it.each([
    ['function route(', /Syntax error on line 1/],
    ["import x from 'y';\nfunction route() {}", /imports a module/],
    ['for (;;) {}\nfunction route() {}', /did not answer within 300 ms .* while loading/],
    ['var route = 1;', /route is not a function/],
  ])('refuses %j', async (source, reason) => {
    const opened = await openSandboxedRouter(createIsolateHost(), code(source), () => {});
    expect(opened.ok).toBe(false);
    expect(opened.ok ? '' : opened.reason).toMatch(reason);
  });
});

describe('openSandboxedRouter: a router that talks back', () => {
  const TALKER = `
async function route(msg, peer) {
  if (!msg.method) return null;
  peer.notify('notifications/message', { level: 'info', data: msg.method });
  try {
    const answer = await peer.request('sampling/createMessage', { n: msg.id });
    return { jsonrpc: '2.0', id: msg.id, result: { answer } };
  } catch (e) {
    if (peer.signal.aborted) return { jsonrpc: '2.0', id: msg.id, result: 'after the cancellation' };
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32000, message: e.message } };
  }
}`;

  /** Opens TALKER; the client's side is `client(sent, router)`, called with each message the router sends. */
  async function talk(clientWaitMs = 60_000) {
    const log: string[] = [];
    const opened = await openSandboxedRouter(createIsolateHost({ live: true }), code(TALKER), (line) => log.push(line), { clientWaitMs });
    if (!opened.ok) throw new Error(opened.reason);
    return { router: opened.router, log };
  }

  it('sends what the router sends as it sends it, and takes the answers while the request waits its turn', async () => {
    const { router } = await talk();
    const sent: unknown[] = [];
    const deliver = (id: number) =>
      router.deliver({ jsonrpc: '2.0', id, method: 'tools/call' }, (message) => {
        sent.push(message);
        // The answer goes in while the request holds the turn.
        if (message.id !== undefined) void router.deliver({ jsonrpc: '2.0', id: message.id, result: `for ${String(message.id)}` });
      });
    const [first, second] = await Promise.all([deliver(1), deliver(2)]);
    // The router's own ids are counted across the server's life: the second call's request is 2, not 1 again.
    expect(sent).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'tools/call' } },
      { jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: { n: 1 } },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'tools/call' } },
      { jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: { n: 2 } },
    ]);
    expect(first?.outgoing).toEqual([{ jsonrpc: '2.0', id: 1, result: { answer: 'for 1' } }]);
    expect(second?.outgoing).toEqual([{ jsonrpc: '2.0', id: 2, result: { answer: 'for 2' } }]);
    await router.close();
  });

  it('drops the reply of a request its client cancelled, and logs that it did', async () => {
    const { router, log } = await talk();
    const done = router.deliver({ jsonrpc: '2.0', id: 'c', method: 'tools/call' }, (message) => {
      if (message.id !== undefined) void router.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c', reason: 'stop' } });
    });
    const delivery = await done;
    expect(delivery.outgoing).toEqual([]);
    expect([...log, ...delivery.log].join('\n')).toMatch(/message tools\/call \(id "c"\): the client had cancelled it, so its reply was not sent/);
    await router.close();
  });

  it('skips a request its client cancelled while it waited its turn: no reply, a line on the log', async () => {
    const { router } = await talk();
    let asked: (id: unknown) => void = () => {};
    const request = new Promise<unknown>((resolve) => (asked = resolve));
    const first = router.deliver({ jsonrpc: '2.0', id: 1, method: 'tools/call' }, (message) => {
      if (message.id !== undefined) asked(message.id);
    });
    const second = router.deliver({ jsonrpc: '2.0', id: 2, method: 'tools/call' }, () => expect.unreachable('the cancelled request ran'));
    expect(await router.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } })).toEqual({ outgoing: [], log: [] });
    // The first request held the turn until now, waiting for its client.
    void router.deliver({ jsonrpc: '2.0', id: (await request) as number, result: 'ok' });
    expect((await first).outgoing).toEqual([{ jsonrpc: '2.0', id: 1, result: { answer: 'ok' } }]);
    expect(await second).toEqual({ outgoing: [], log: ['course serve: message tools/call (id 2): the client cancelled it before its turn came, so it did not run'] });
    await router.close();
  });

  it('fails a request of the router that no one answers after the client wait, with a message naming it', async () => {
    const { router } = await talk(200);
    const delivery = await router.deliver({ jsonrpc: '2.0', id: 9, method: 'tools/call' });
    expect(delivery.outgoing).toEqual([{ jsonrpc: '2.0', id: 9, error: { code: -32000, message: 'The client did not answer sampling/createMessage (request 1) within 200 ms.' } }]);
    await router.close();
  });
});

describe('openSandboxedRouter: a router of several files', () => {
  it('serves files that import each other, and names the file of a load error', async () => {
    const files = [
      { name: 'table.js', source: "export const methods = { ping: () => ({}) };\n" },
      { name: 'main.js', source: "import { methods } from './table.js';\nexport function route(msg) {\n  return { jsonrpc: '2.0', id: msg.id, result: methods[msg.method]() };\n}\n" },
    ];
    const opened = await openSandboxedRouter(createIsolateHost({ live: true }), { ...code(''), source: files }, () => {});
    if (!opened.ok) throw new Error(opened.reason);
    expect((await opened.router.deliver({ jsonrpc: '2.0', id: 1, method: 'ping' })).outgoing).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    await opened.router.close();
    const broken = await openSandboxedRouter(createIsolateHost({ live: true }), { ...code(''), source: [files[0]!, { name: 'main.js', source: 'export function route( {' }] }, () => {});
    expect(broken.ok ? '' : broken.reason).toMatch(/Syntax error on line 1, column \d+ of main\.js/);
  });
});
