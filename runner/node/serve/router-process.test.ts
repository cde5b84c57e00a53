/**
 * The serve child from the command's side: the real worker serves the reference, and a child
 * that dies (fixtures/dying-worker.cjs) costs the message it held a -32603 reply, then a fresh
 * child takes the next.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startRouterProcess } from './router-process.ts';
import type { RouterCode } from './types.ts';

const REFERENCE = readFileSync(new URL('../../../exercises/mcp-server/solution.js', import.meta.url), 'utf8');
const code: RouterCode = { source: REFERENCE, language: 'js', functionName: 'route', limits: { callMs: 1000, memoryMb: 64 } };

describe('startRouterProcess', () => {
  it('serves the code from a child process', async () => {
    const started = await startRouterProcess({ code, log: () => {} });
    if (!started.ok) throw new Error(started.reason);
    expect((await started.router.deliver({ jsonrpc: '2.0', id: 1, method: 'ping' })).outgoing).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    await started.router.close();
  }, 60_000);

  it('refuses code that does not load, with the reason', async () => {
    const started = await startRouterProcess({ code: { ...code, source: 'const nothing = 1;' }, log: () => {} });
    expect(started).toEqual({ ok: false, reason: 'the code does not define a function route at the top level (route is missing)' });
  }, 60_000);

  it('skips a request its client cancelled while it waited behind another: no reply, a line on the log', async () => {
    const holding = `async function route(msg, peer) {
  if (msg.method !== 'hold') return { jsonrpc: '2.0', id: msg.id, result: 'ran' };
  return { jsonrpc: '2.0', id: msg.id, result: await peer.request('sampling/createMessage', {}) };
}`;
    const started = await startRouterProcess({ code: { ...code, source: holding }, log: () => {} });
    if (!started.ok) throw new Error(started.reason);
    const { router } = started;
    let asked: (id: unknown) => void = () => {};
    const request = new Promise<unknown>((resolve) => (asked = resolve));
    const first = router.deliver({ jsonrpc: '2.0', id: 1, method: 'hold' }, (message) => asked(message.id));
    const second = router.deliver({ jsonrpc: '2.0', id: 2, method: 'other' });
    const id = await request;
    expect(await router.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } })).toEqual({ outgoing: [], log: [] });
    void router.deliver({ jsonrpc: '2.0', id: id as number, result: 'answered' });
    expect((await first).outgoing).toEqual([{ jsonrpc: '2.0', id: 1, result: 'answered' }]);
    expect(await second).toEqual({ outgoing: [], log: ['course serve: message other (id 2): the client cancelled it before its turn came, so it did not run'] });
    // The next request runs as usual.
    expect((await router.deliver({ jsonrpc: '2.0', id: 3, method: 'other' })).outgoing).toEqual([{ jsonrpc: '2.0', id: 3, result: 'ran' }]);
    await router.close();
  }, 60_000);

  it('answers -32603 for the message a dying child held, and starts a fresh child for the next', async () => {
    const log: string[] = [];
    const worker = { module: fileURLToPath(new URL('./fixtures/dying-worker.cjs', import.meta.url)), args: [], execArgv: [] };
    const started = await startRouterProcess({ code, log: (line) => log.push(line), worker });
    if (!started.ok) throw new Error(started.reason);
    const { router } = started;
    const first = (await router.deliver({ jsonrpc: '2.0', id: 1, method: 'a' })).outgoing[0] as { result: { pid: number } };
    const died = await router.deliver({ jsonrpc: '2.0', id: 2, method: 'die' });
    expect(died.outgoing).toEqual([{ jsonrpc: '2.0', id: 2, error: { code: -32603, message: "The server's route stopped the sandbox process." } }]);
    expect(died.log.join('\n')).toMatch(/the sandbox process stopped \(exit code 7\)/);
    const next = (await router.deliver({ jsonrpc: '2.0', id: 3, method: 'a' })).outgoing[0] as { result: { pid: number } };
    expect(next.result.pid).not.toBe(first.result.pid);
    expect(log).toContain('course serve: started a fresh sandbox process and loaded the code again');
    await router.close();
  }, 60_000);
});
