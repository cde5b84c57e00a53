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
  const opened = await openSandboxedRouter(createIsolateHost(), code(source, language), (line) => log.push(line));
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
