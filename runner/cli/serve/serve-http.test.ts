/**
 * `course serve --http` at the level of HTTP, as the Streamable HTTP transport spec (2025-11-25)
 * describes it: one endpoint, sessions by Mcp-Session-Id (one transport each), event-stream
 * answers, DELETE ending a session, and the Origin check against DNS rebinding. Raw fetch, so
 * every message on the wire is counted: 1,000 calls, none lost, none answered twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE, startHttpServe, type ServeProcess } from '../testing/serve-harness.ts';

let server: ServeProcess & { url: URL };
const ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const INITIALIZE = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'serve-test', version: '1' } } };

/** The JSON-RPC messages of an answer: a JSON body, or the `data:` events of an event stream. */
async function messages(response: Response): Promise<Record<string, unknown>[]> {
  const body = await response.text();
  if (!body) return [];
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    return body
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line.length > 6)
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  }
  const parsed = JSON.parse(body) as Record<string, unknown> | Record<string, unknown>[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

const post = (body: unknown, headers: Record<string, string> = {}) => fetch(server.url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body: JSON.stringify(body) });

/** A new session: its id and the headers its later requests carry. */
async function openSession(): Promise<Record<string, string>> {
  const response = await post(INITIALIZE);
  expect(response.status).toBe(200);
  const id = response.headers.get('mcp-session-id');
  expect(id).toMatch(/\S/);
  expect(await messages(response)).toMatchObject([{ id: 0, result: { protocolVersion: '2025-11-25' } }]);
  const headers = { 'Mcp-Session-Id': id as string, 'Mcp-Protocol-Version': '2025-11-25' };
  expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
  return headers;
}

let stdout = '';

beforeAll(async () => {
  server = await startHttpServe(REFERENCE);
  server.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
}, 120_000);

afterAll(async () => {
  expect(await server.stop('SIGTERM')).toBe(0);
  // Over HTTP, stdout carries nothing at all: the log is on stderr.
  expect(stdout).toBe('');
}, 60_000);

describe('course serve --http', () => {
  it('answers 1,000 sequential tools/call requests in one session: none lost, none answered twice', async () => {
    const session = await openSession();
    const seen: Record<string, unknown>[] = [];
    const begun = performance.now();
    for (let i = 1; i <= 1000; i++) {
      const response = await post({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'add', arguments: { a: i, b: 1 } } }, session);
      expect(response.status).toBe(200);
      const answers = await messages(response);
      seen.push(...answers);
      expect(answers).toEqual([{ jsonrpc: '2.0', id: i, result: { content: [{ type: 'text', text: String(i + 1) }] } }]);
    }
    const seconds = (performance.now() - begun) / 1000;
    console.log(`course serve --http: 1,000 sequential tools/call in ${seconds.toFixed(2)} s (${Math.round(1000 / seconds)} per second)`);
    expect(seen.map((m) => m.id)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  }, 300_000);

  it('keeps sessions apart and ends one on DELETE (404 after)', async () => {
    const [a, b] = [await openSession(), await openSession()];
    expect(a['Mcp-Session-Id']).not.toBe(b['Mcp-Session-Id']);
    expect((await fetch(server.url, { method: 'DELETE', headers: a })).status).toBe(200);
    const after = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, a);
    expect(after.status).toBe(404);
    expect(await messages(await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, b))).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
  }, 60_000);

  it('keeps at most 64 sessions: past that, the oldest is closed', async () => {
    const first = await openSession();
    for (let i = 0; i < 64; i++) await openSession();
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, first)).status).toBe(404);
  }, 120_000);

  it('opens the session event stream on GET', async () => {
    const session = await openSession();
    const controller = new AbortController();
    const response = await fetch(server.url, { method: 'GET', headers: { ...session, Accept: 'text/event-stream' }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    controller.abort();
  }, 60_000);

  it('refuses requests without a session, with an unknown session, and off the endpoint', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' })).status).toBe(400);
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'Mcp-Session-Id': 'no-such-session' })).status).toBe(404);
    expect((await fetch(new URL('/other', server.url), { method: 'POST', headers: ACCEPT, body: '{}' })).status).toBe(404);
  }, 60_000);

  it('refuses a foreign Origin with 403 and allows no Origin and pages of this machine', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example:3000', 'null']) {
      const response = await post(INITIALIZE, { Origin: origin });
      expect(response.status, origin).toBe(403);
    }
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      const response = await post(INITIALIZE, { Origin: origin });
      expect(response.status, origin).toBe(200);
      await response.body?.cancel();
    }
    expect(server.stderr()).toMatch(/course serve: http: refused a request: Origin "https:\/\/evil\.example" is not allowed/);
  }, 60_000);
});
