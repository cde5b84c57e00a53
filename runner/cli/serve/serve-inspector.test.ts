/**
 * `course serve` under the MCP Inspector's command-line client (@modelcontextprotocol/inspector-cli
 * 1.0.3, which declares no engine and runs on Node 20), over stdio (the Inspector spawns the
 * command) and over Streamable HTTP: it lists and calls the reference's tools, shows a known
 * mistake, and a hostile router's misdeed is an error while the server goes on serving.
 *
 * The Inspector runs with its own build folder as working directory: 1.0.3 looks for its
 * package.json relative to the working directory but imports it relative to its module, so from
 * anywhere else it fails to start ("Cannot find module .../@modelcontextprotocol/package.json").
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../testing/cli-harness.ts';
import { BIN, serveEachOverHttp, type Served } from '../testing/serve-harness.ts';

const INSPECTOR = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build', 'index.js');

/** Runs the Inspector's CLI with `args`; resolves with its exit code and output. */
function inspector(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [INSPECTOR, ...args], { cwd: dirname(INSPECTOR), timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const served = serveEachOverHttp(['--root', REPO]);

describe.each(['stdio', 'http'] as const)('the MCP Inspector CLI over %s', (kind) => {
  /** The Inspector's target: the command to spawn, or the server's URL. */
  const target = (name: Served) => (kind === 'stdio' ? [process.execPath, BIN, 'serve', served.file(name), '--root', REPO] : [served.url(name).href]);

  it("lists and calls the reference solution's tools", async () => {
    const listed = await inspector([...target('reference'), '--method', 'tools/list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(['add', 'divide']);
    const called = await inspector([...target('reference'), '--method', 'tools/call', '--tool-name', 'add', '--tool-arg', 'a=1', 'b=2']);
    expect(called.code, called.stderr).toBe(0);
    expect(JSON.parse(called.stdout)).toEqual({ content: [{ type: 'text', text: '3' }] });
    const divided = await inspector([...target('reference'), '--method', 'tools/call', '--tool-name', 'divide', '--tool-arg', 'a=1', 'b=0']);
    expect(JSON.parse(divided.stdout)).toMatchObject({ content: [{ type: 'text', text: 'Cannot divide by zero.' }], isError: true });
  }, 180_000);

  it('shows a known mistake: a tool that throws fails the call with -32603', async () => {
    const divided = await inspector([...target('mutant'), '--method', 'tools/call', '--tool-name', 'divide', '--tool-arg', 'a=1', 'b=0']);
    expect(divided.code).toBe(1);
    expect(divided.stderr).toMatch(/MCP error -32603: Cannot divide by zero/);
  }, 180_000);

  it("turns a hostile router's misdeeds into errors and serves the next call", async () => {
    for (const misdeed of ['hostile/loop', 'hostile/memory', 'hostile/getter']) {
      const failed = await inspector([...target('hostile'), '--method', 'tools/call', '--tool-name', misdeed]);
      expect(failed.code, misdeed).toBe(1);
      expect(failed.stderr, misdeed).toMatch(/MCP error -32603: The server's/);
      // Over HTTP, the same server as the misdeed; over stdio, each call is a server of its own.
      const next = await inspector([...target('hostile'), '--method', 'tools/call', '--tool-name', 'add', '--tool-arg', 'a=40', 'b=2']);
      expect(next.code, next.stderr).toBe(0);
      expect(JSON.parse(next.stdout)).toEqual({ content: [{ type: 'text', text: '42' }] });
    }
  }, 300_000);
});
