/**
 * Every line the README's serve section and lesson 10 give for running a served router, run
 * exactly as written, from where its reader runs it, with only the placeholders filled in
 * (`/path/to/course`, the work file, and the `--http` address, which a test takes from the
 * system): the hosts' entries and the "from anywhere" line from a folder of their own with a
 * host's bare environment, and the Inspector's and `course conform`'s lines from the course folder.
 *
 * The page builds the same host entries (web/src/state/serve-snippets.test.ts proves the
 * documents show what it builds), so this also runs the page's entries.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../testing/cli-harness.ts';
import { readJsonLines } from '../testing/json-lines.ts';
import { REFERENCE, startHttpServe, type ServeProcess } from '../testing/serve-harness.ts';

const DOCUMENTS = ['README.md', 'lessons/10-mcp-capstone.md'];
const WORK_NAME = 'jsonrpc-course-work-2026-12-01.json';
const COURSE = REPO.replace(/\/$/, '');

/** The fenced blocks of `lang` in a document. */
function blocks(path: string, lang: string): string[] {
  const text = readFileSync(join(REPO, path), 'utf8');
  return [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] ?? '');
}

/** The shell lines of a document that start with `prefix`, their trailing comments cut. */
function shellLines(path: string, prefix: string): string[] {
  return blocks(path, 'sh')
    .flatMap((block) => block.split('\n'))
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.replace(/\s+#.*$/, ''));
}

/** The host entries (`command` and `args`) of a document's JSON blocks. */
function hostEntries(path: string): { command: string; args: string[] }[] {
  return blocks(path, 'json')
    .filter((text) => /"(mcpServers|servers)"/.test(text))
    .map((text) => {
      const parsed = JSON.parse(text) as Record<string, Record<string, { command: string; args: string[] }>>;
      const entry = Object.values(Object.values(parsed)[0] ?? {})[0];
      if (!entry) throw new Error(`${path}: a host entry without a server`);
      return entry;
    });
}

let dir: string;
let workFile: string;
let http: ServeProcess & { url: URL };

/** A host's bare environment: a PATH that finds `node` (and npm beside it), a home, nothing else. */
const hostEnv = () => ({ PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter), HOME: dir });

/** One word for sh. */
const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** Fills in the placeholders a reader replaces. */
function fill(text: string, quote: (word: string) => string): string {
  return text
    .replaceAll(`/path/to/${WORK_NAME}`, quote(workFile))
    .replaceAll('/path/to/course/', `${COURSE}/`)
    .replaceAll('http://127.0.0.1:3000/mcp', quote(http.url.href));
}

/** Runs `command args` in `cwd` with stdin open, talks MCP over its pipes, and ends it by closing stdin. */
async function stdioSession(command: string, args: readonly string[], cwd: string) {
  const child = spawn(command, args, { cwd, env: hostEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const out = readJsonLines(child.stdout);
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  try {
    send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } } });
    // A server that exits instead of answering fails at once, with what it said.
    const ended = exited.then((code) => Promise.reject(new Error(`the server exited (${code}) before answering; stderr:\n${stderr}`)));
    const init = await Promise.race([out.reply(0), ended]);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'divide', arguments: { a: 7, b: 2 } } });
    const called = await out.reply(1);
    child.stdin.end();
    return { init, called, code: await exited, stderr };
  } finally {
    child.kill('SIGKILL');
  }
}

/** Runs a shell line in `cwd` with a host's environment; resolves with its exit code and output. */
function shell(line: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', line], { cwd, env: hostEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'course-host-'));
  workFile = join(dir, WORK_NAME);
  const code = readFileSync(REFERENCE, 'utf8');
  writeFileSync(workFile, JSON.stringify({ format: 'jsonrpc-course-work', version: 1, exportedAt: '2026-12-01T00:00:00.000Z', exercises: { 'mcp-server': { code, language: 'js', passed: true, hintsSeen: 0, solutionRevealed: false } } }));
  http = await startHttpServe(REFERENCE);
}, 120_000);

afterAll(async () => {
  await http?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(DOCUMENTS)('%s, as a host runs it', (path) => {
  const DIVIDED = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '3.5' }] } };

  it('has the host entries and the "from anywhere" line this test runs', () => {
    expect(hostEntries(path).length).toBeGreaterThanOrEqual(2);
    expect(shellLines(path, 'npm run inspect -- ').length).toBeGreaterThanOrEqual(2);
  });

  it("each host entry starts the server from the host's own folder and serves the work file", async () => {
    for (const entry of hostEntries(path)) {
      const { init, called, code, stderr } = await stdioSession(entry.command, entry.args.map((arg) => fill(arg, (w) => w)), dir);
      expect(init, stderr).toMatchObject({ id: 0, result: { serverInfo: expect.any(Object) } });
      expect(called).toEqual(DIVIDED);
      expect(code, stderr).toBe(0);
    }
  }, 180_000);

  it.skipIf(shellLines(path, 'node /path/to/course/').length === 0)('the "from anywhere" line serves from another folder', async () => {
    for (const line of shellLines(path, 'node /path/to/course/')) {
      const { called, code, stderr } = await stdioSession('/bin/sh', ['-c', fill(line, shellWord)], dir);
      expect(called, stderr).toEqual(DIVIDED);
      expect(code, stderr).toBe(0);
    }
  }, 180_000);

  it('the conform line, run in the course folder, judges the work file with the conformance suite', async () => {
    const lines = shellLines(path, 'npx course conform ');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) {
      // The reader's export sits in the course folder under its own name; here it is the test's file.
      const { code, stdout, stderr } = await shell(line.replaceAll(WORK_NAME, shellWord(workFile)), REPO);
      expect(stdout, `${line}\n${stderr}`).toMatch(/^5 of 30 scenarios passed, 25 failed/m);
      expect(stdout).toMatch(/^PASS tools-list$/m);
      expect(code).toBe(1);
    }
  }, 300_000);

  it("the Inspector's lines, run in the course folder, list and call the tools", async () => {
    for (const line of shellLines(path, 'npm run inspect -- ')) {
      const { code, stdout, stderr } = await shell(fill(line, shellWord), REPO);
      expect(code, `${line}\n${stderr}`).toBe(0);
      // npm prints the script's name first; the Inspector prints the answer as JSON.
      const answer = JSON.parse(stdout.slice(stdout.indexOf('\n{') + 1)) as Record<string, unknown>;
      if (line.includes('--method tools/list')) expect((answer.tools as { name: string }[]).map((t) => t.name)).toEqual(['add', 'divide']);
      else expect(answer).toEqual({ content: [{ type: 'text', text: '3.5' }] });
    }
  }, 300_000);
});
