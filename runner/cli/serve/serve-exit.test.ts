/**
 * How `course serve` ends: 0 when stdin closes (stdio), on SIGINT and on SIGTERM; 2, before
 * anything is served and with one line on stderr saying why, when there is nothing it can serve.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE, startHttpServe, startServe, waitForStderr, type ServeProcess } from '../testing/serve-harness.ts';

let dir: string;
const started: ServeProcess[] = [];
const track = <T extends ServeProcess>(serve: T): T => (started.push(serve), serve);

/** A work file ("Export my work") holding `code` for each named exercise. */
const workFile = (exercises: Record<string, string>) =>
  JSON.stringify({
    format: 'jsonrpc-course-work',
    version: 1,
    exportedAt: '2026-01-01T00:00:00.000Z',
    exercises: Object.fromEntries(Object.entries(exercises).map(([id, code]) => [id, { code, language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false }])),
  });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'course-serve-exit-'));
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop('SIGKILL')));
  rmSync(dir, { recursive: true, force: true });
});

describe('course serve ends with exit code 0', () => {
  it('when stdin closes (stdio)', async () => {
    const serve = track(startServe([REFERENCE]));
    await waitForStderr(serve, /serving MCP on stdin and stdout/);
    serve.child.stdin!.end();
    expect(await serve.exited).toBe(0);
    expect(serve.stderr()).toMatch(/course serve: stopping \(stdin closed\)/);
  }, 60_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`on ${signal}, over stdio and over HTTP`, async () => {
      const stdio = track(startServe([REFERENCE]));
      const http = track(await startHttpServe(REFERENCE));
      await waitForStderr(stdio, /serving MCP on stdin and stdout/);
      const codes = await Promise.all([stdio.stop(signal), http.stop(signal)]);
      expect(codes).toEqual([0, 0]);
      expect(stdio.stderr()).toMatch(new RegExp(`course serve: stopping \\(${signal}\\)`));
      expect(http.stderr()).toMatch(new RegExp(`course serve: stopping \\(${signal}\\)`));
    }, 60_000);
  }
});

describe('course serve on Ctrl+C in a terminal', () => {
  it('exits 0 when SIGINT reaches its whole process group (its serve child included)', async () => {
    const serve = track(startServe([REFERENCE], { group: true }));
    await waitForStderr(serve, /serving MCP on stdin and stdout/);
    process.kill(-(serve.child.pid as number), 'SIGINT');
    expect(await serve.exited).toBe(0);
    expect(serve.stderr()).toMatch(/course serve: stopping \(SIGINT\)/);
    // The serve child saw the signal too and left with the command, not on its own.
    expect(serve.stderr()).not.toMatch(/sandbox process stopped/);
  }, 60_000);
});

describe('course serve refuses with exit code 2 and one line on stderr', () => {
  const cases: { name: string; args: () => string[]; message: RegExp }[] = [
    { name: 'a file that cannot be read', args: () => [join(dir, 'missing.js')], message: /cannot read .*missing\.js \(no such file\)/ },
    { name: 'a file of another kind', args: () => [write('notes.txt', 'hello')], message: /neither a source file \(\.js, \.ts\) nor an "Export my work" file/ },
    { name: 'a work file without the exercise', args: () => [write('work.json', workFile({ route: 'function route() {}' }))], message: /has no code for the exercise "mcp-server"/ },
    { name: 'a .json file that is not a work file', args: () => [write('other.json', '{"a":1}')], message: /not an "Export my work" file/ },
    { name: 'code with a syntax error', args: () => [write('syntax.js', 'function route(msg) {')], message: /Syntax error on line 1/ },
    { name: 'code that throws while loading', args: () => [write('throws.js', "throw new Error('no');\nfunction route() {}")], message: /the code threw Error: no .*while loading/ },
    { name: 'code without route', args: () => [write('no-route.js', 'function router(msg) { return null; }')], message: /does not define a function route at the top level \(route is missing\)/ },
    { name: 'code whose route is not a function', args: () => [write('not-fn.js', 'const route = 42;')], message: /route is not a function/ },
    { name: 'an exercise that is not an MCP server', args: () => [REFERENCE, '--exercise', 'route'], message: /the exercise "route" is not a server to serve/ },
    { name: 'an unknown exercise', args: () => [REFERENCE, '--exercise', 'no-such-exercise'], message: /There is no exercise "no-such-exercise"/ },
    { name: 'both --stdio and --http', args: () => [REFERENCE, '--stdio', '--http', '0'], message: /choose one of --stdio and --http/ },
    { name: 'an --http that is not [host:]port', args: () => [REFERENCE, '--http', 'port'], message: /--http takes \[host:\]port/ },
    { name: 'an --http host given by name', args: () => [REFERENCE, '--http', 'example.com:3000'], message: /name the address to listen on as an IP address/ },
  ];
  function write(name: string, text: string): string {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  }

  it.each(cases)('$name', async ({ args, message }) => {
    const serve = track(startServe(args()));
    let stdout = '';
    serve.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    expect(await serve.exited).toBe(2);
    const lines = serve.stderr().trimEnd().split('\n').filter((l) => !l.startsWith('course: rebuilt'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^course serve: /);
    expect(lines[0]).toMatch(message);
    expect(stdout).toBe('');
  }, 60_000);

  it('a port already in use', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const serve = track(startServe([REFERENCE, '--http', String((taken.address() as AddressInfo).port)]));
      expect(await serve.exited).toBe(2);
      expect(serve.stderr()).toMatch(/^course serve: cannot serve: listen EADDRINUSE/m);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('serves the code of a work file that has the exercise', async () => {
    const file = write('good.json', workFile({ 'mcp-server': "function route(msg) { return msg.id === undefined ? null : { jsonrpc: '2.0', id: msg.id, result: {} }; }" }));
    const serve = track(startServe([file]));
    serve.child.stdin!.end(`${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' })}\n`);
    let stdout = '';
    serve.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    expect(await serve.exited).toBe(0);
    expect(stdout).toBe('{"jsonrpc":"2.0","id":7,"result":{}}\n');
  }, 60_000);
});
