/**
 * Test helpers for `course serve`: the real command as a child process, started as a host starts
 * it (`node runner/cli/bin.cjs serve <file> ...`), its stderr collected, the URL of `--http`
 * read from it, and the fixtures the tests serve (the reference, a mutant, a hostile router).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { REPO } from './cli-harness.ts';

export const BIN = fileURLToPath(new URL('../bin.cjs', import.meta.url));
const EXERCISE = join(REPO, 'exercises/mcp-server');

/** The capstone's reference solution. */
export const REFERENCE = join(EXERCISE, 'solution.js');
/** A known mistake a client sees: a tool that throws answers -32603 instead of a result with isError. */
export const MUTANT = join(EXERCISE, 'mutants/tool-error-as-protocol-error.js');

/**
 * Writes a router of runner/node/serve/fixtures/ into `dir`, appended to the reference renamed
 * `reference` (so the fixture answers the reference's way unless it chooses otherwise): `hostile`
 * misbehaves on purpose, one way per method; `talks-back` has tools that need the client, two of
 * them answered by the peer exercise's reference, renamed `summarizeReference`.
 */
export function writeFixture(dir: string, name: 'hostile' | 'talks-back'): string {
  const reference = readFileSync(REFERENCE, 'utf8').replace(/^function route\(msg\)/m, 'function reference(msg)');
  // talks-back's summarize and wait are lesson 09's exercise as its reference solves it.
  const peerExercise = name === 'talks-back' ? readFileSync(PEER_REFERENCE, 'utf8').replace(/^async function route\(msg, peer\)/m, 'async function summarizeReference(msg, peer)') : '';
  const fixture = readFileSync(join(REPO, `runner/node/serve/fixtures/${name}.js`), 'utf8');
  const file = join(dir, `${name}.js`);
  writeFileSync(file, `${reference}\n${peerExercise}\n${fixture}`);
  return file;
}

/** The reference of the exercise whose router talks back (lesson 09): a tool that samples each part with progress, and stops when cancelled. */
export const PEER_REFERENCE = join(REPO, 'exercises/sampling-with-progress/solution.js');

/** Writes the hostile router into `dir` (see {@link writeFixture}). */
export const writeHostile = (dir: string): string => writeFixture(dir, 'hostile');

/** A started `course serve`, with what it wrote on stderr so far and how it ended. */
export interface ServeProcess {
  child: ChildProcess;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** Sends `signal` (default SIGTERM) unless it has exited, and waits for the exit (SIGKILL after 10 s). */
  stop: (signal?: NodeJS.Signals) => Promise<number | string>;
}

/**
 * Starts `course serve ...args`, stdin and stdout piped; `group` makes it lead a process group of
 * its own, so a test can send a signal to the group as a terminal's Ctrl+C does.
 */
export function startServe(args: readonly string[], options: { group?: boolean } = {}): ServeProcess {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'], detached: options.group === true });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const how = await exited;
    clearTimeout(timer);
    return how;
  };
  return { child, stderr: () => stderr, exited, stop };
}

/** Waits until stderr matches `pattern` (or the process exits, or `ms` pass) and returns the match. */
export async function waitForStderr(serve: ServeProcess, pattern: RegExp, ms = 60_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = serve.stderr().match(pattern);
    if (match) return match;
    if (serve.child.exitCode !== null || Date.now() > deadline) throw new Error(`course serve did not print ${pattern} (exit ${serve.child.exitCode}); stderr:\n${serve.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts `course serve <file> --http 127.0.0.1:0 ...` and resolves once it listens, with its URL. */
export async function startHttpServe(file: string, extra: readonly string[] = []): Promise<ServeProcess & { url: URL }> {
  const serve = startServe([file, '--http', '127.0.0.1:0', ...extra]);
  const match = await waitForStderr(serve, /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
  return { ...serve, url: new URL(match[1] as string) };
}

/** The arguments a stdio client spawns the command with (a host's "command" and "args"). */
export const stdioServer = (file: string, extra: readonly string[] = []) => ({ command: process.execPath, args: [BIN, 'serve', file, ...extra], cwd: REPO, stderr: 'pipe' as const });

/** The routers the client tests serve. */
export type Served = 'reference' | 'mutant' | 'hostile' | 'talks-back';

/**
 * Serves `names` (by default the reference, the mutant and a hostile router) behind `--http` for the whole test file
 * (its beforeAll and afterAll), each stopped by SIGTERM at the end and checked to exit 0. Gives
 * each router's file (what a stdio client spawns) and its HTTP server's URL.
 */
export function serveEachOverHttp(extra: readonly string[] = [], names: readonly Served[] = ['reference', 'mutant', 'hostile']): { file(name: Served): string; url(name: Served): URL } {
  let dir = '';
  const files: Record<Served, string> = { reference: REFERENCE, mutant: MUTANT, hostile: '', 'talks-back': '' };
  const servers: Partial<Record<Served, ServeProcess & { url: URL }>> = {};
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'course-serve-'));
    files.hostile = writeFixture(dir, 'hostile');
    files['talks-back'] = writeFixture(dir, 'talks-back');
    await Promise.all(names.map(async (name) => (servers[name] = await startHttpServe(files[name], extra))));
  }, 120_000);
  afterAll(async () => {
    const codes = await Promise.all(Object.values(servers).map((s) => s.stop('SIGTERM')));
    rmSync(dir, { recursive: true, force: true });
    // Stopped by SIGTERM, each ends cleanly.
    expect(codes).toEqual(codes.map(() => 0));
  }, 60_000);
  return {
    file: (name) => files[name],
    url: (name) => {
      const server = servers[name];
      if (!server) throw new Error(`serveEachOverHttp: the ${name} server has not started; read url() inside a test, after beforeAll.`);
      return server.url;
    },
  };
}
