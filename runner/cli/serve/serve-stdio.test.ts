/**
 * `course serve --stdio` as a host sees it: stdout carries JSON-RPC only, one message a line,
 * whatever the code prints or does; the log is on stderr; a long session loses no message and
 * answers none twice; a loop costs its request callMs and nothing more.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonLines } from '../testing/json-lines.ts';
import { REFERENCE, startServe, writeHostile, type ServeProcess } from '../testing/serve-harness.ts';

const INITIALIZE = { jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'serve-test', version: '1' } } };
/** The capstone's callMs (exercises/mcp-server/task.md). */
const CALL_MS = 1000;

let dir: string;
let hostile: string;
const started: ServeProcess[] = [];

/** Starts `course serve <file>` over stdio and reads its stdout as JSON lines. */
function session(file: string) {
  const serve = startServe([file]);
  started.push(serve);
  const out = readJsonLines(serve.child.stdout!);
  const send = (message: unknown) => serve.child.stdin!.write(`${JSON.stringify(message)}\n`);
  return { serve, out, send };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'course-serve-stdio-'));
  hostile = writeHostile(dir);
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  rmSync(dir, { recursive: true, force: true });
});

describe('course serve --stdio', () => {
  it('answers 1,000 sequential tools/call requests: none lost, none answered twice, every stdout line JSON-RPC', async () => {
    const { serve, out, send } = session(REFERENCE);
    send(INITIALIZE);
    await out.reply('init');
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const begun = performance.now();
    for (let i = 0; i < 1000; i++) {
      send({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'add', arguments: { a: i, b: 1 } } });
      const reply = await out.reply(i);
      expect(reply).toEqual({ jsonrpc: '2.0', id: i, result: { content: [{ type: 'text', text: String(i + 1) }] } });
    }
    const seconds = (performance.now() - begun) / 1000;
    serve.child.stdin!.end();
    expect(await serve.exited).toBe(0);
    console.log(`course serve --stdio: 1,000 sequential tools/call in ${seconds.toFixed(2)} s (${Math.round(1000 / seconds)} per second)`);
    // Every line parsed, and exactly one answer per request: initialize and the 1,000 calls.
    expect(out.lines.filter((l) => 'unparsed' in (l as object))).toEqual([]);
    const ids = out.lines.map((l) => (l as { id: unknown }).id);
    expect(ids).toEqual(['init', ...Array.from({ length: 1000 }, (_, i) => i)]);
    for (const line of out.lines) expect(line).toMatchObject({ jsonrpc: '2.0' });
  }, 300_000);

  it('answers a request whose route loops with -32603 within callMs + 1 s, then serves the next', async () => {
    const { out, send, serve } = session(hostile);
    send(INITIALIZE);
    await out.reply('init');
    // Measured from the moment the request is written: the bound the issue states.
    const sent = performance.now();
    send({ jsonrpc: '2.0', id: 'loop', method: 'hostile/loop' });
    const reply = await out.reply('loop');
    const elapsed = performance.now() - sent;
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 'loop', error: { code: -32603 } });
    expect(elapsed).toBeLessThan(CALL_MS + 1000);
    send({ jsonrpc: '2.0', id: 'next', method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 1 } } });
    expect(await out.reply('next')).toMatchObject({ result: { content: [{ type: 'text', text: '2' }] } });
    expect(serve.stderr()).toMatch(/course serve: message hostile\/loop \(id "loop"\): route did not answer within 1000 ms/);
    expect(serve.stderr()).toMatch(/course serve: started a fresh sandbox and loaded the code again/);
  }, 120_000);

  it('keeps stdout clean whatever the code does: console output and problems go to stderr, one prefixed line each', async () => {
    const { out, send, serve } = session(hostile);
    send(INITIALIZE);
    const misdeeds = ['throw', 'memory', 'getter', 'huge', 'never', 'not-jsonrpc', 'wrong-id', 'undefined-member', 'escape'];
    for (const name of misdeeds) {
      send({ jsonrpc: '2.0', id: name, method: `hostile/${name}` });
      send({ jsonrpc: '2.0', id: `after-${name}`, method: 'ping' });
    }
    // A notification gets nothing back, whatever route returned; a line that is not JSON is skipped.
    send({ jsonrpc: '2.0', method: 'hostile/notification-reply' });
    serve.child.stdin!.write('this is not JSON\n');
    send({ jsonrpc: '2.0', id: 'last', method: 'ping' });
    for (const name of misdeeds) {
      const reply = await out.reply(name);
      if (name === 'escape') expect(reply).toEqual({ jsonrpc: '2.0', id: 'escape', result: { process: 'undefined', require: 'undefined', fetch: 'undefined' } });
      else expect(reply, name).toMatchObject({ jsonrpc: '2.0', id: name, error: { code: -32603, message: expect.stringMatching(/\S/) } });
      expect(await out.reply(`after-${name}`)).toEqual({ jsonrpc: '2.0', id: `after-${name}`, result: {} });
    }
    await out.reply('last');
    serve.child.stdin!.end();
    expect(await serve.exited).toBe(0);
    expect(out.lines.filter((l) => 'unparsed' in (l as object))).toEqual([]);
    expect(out.lines).toHaveLength(1 + misdeeds.length * 2 + 1);
    const log = serve.stderr().trimEnd().split('\n');
    for (const line of log) expect(line).toMatch(/^(course serve: |\[route console\.\w+\] |course: rebuilt)/);
    expect(log).toContain('[route console.log] got hostile/throw');
    expect(serve.stderr()).toMatch(/route threw Error: thrown on purpose/);
    expect(serve.stderr()).toMatch(/route returned a reply to a notification; it must return null/);
    expect(serve.stderr()).toMatch(/a line on stdin is not a JSON-RPC message/);
  }, 180_000);
});
