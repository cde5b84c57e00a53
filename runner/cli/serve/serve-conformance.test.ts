/**
 * The protocol's own conformance suite (@modelcontextprotocol/conformance, its `server` command,
 * a real client over Streamable HTTP) against `course serve --http`: the four scenarios of a
 * server that talks back while a tool runs (progress, log messages, sampling, elicitation) pass
 * with a router that uses its peer (fixtures/talks-back.js), and fail with the capstone's
 * reference, which never talks back (so the check can fail).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { REPO } from '../testing/cli-harness.ts';
import { serveEachOverHttp } from '../testing/serve-harness.ts';

const CONFORMANCE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const SCENARIOS = ['tools-call-with-progress', 'tools-call-with-logging', 'tools-call-sampling', 'tools-call-elicitation'];

/** Runs one scenario of the suite against `url`: its exit code and its output, colours removed. */
function scenario(name: string, url: URL): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CONFORMANCE, 'server', '--url', url.href, '--scenario', name], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    // Bounded: a scenario that hangs is killed and fails.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.replace(/\x1b\[[0-9;]*m/g, '') });
    });
  });
}

const served = serveEachOverHttp([], ['talks-back', 'reference']);

describe('the conformance suite against course serve --http', () => {
  it.each(SCENARIOS)('%s passes with a router that talks back through its peer', async (name) => {
    const { code, output } = await scenario(name, served.url('talks-back'));
    expect(output).toMatch(new RegExp(`\\[${name}\\] SUCCESS`));
    expect(output).toContain('Passed: 1/1, 0 failed');
    expect(code, output).toBe(0);
  }, 120_000);

  it.each(SCENARIOS)('%s fails with the capstone reference, which never talks back', async (name) => {
    const { code, output } = await scenario(name, served.url('reference'));
    expect(output).toMatch(new RegExp(`\\[${name}\\] FAILURE`));
    expect(code).not.toBe(0);
  }, 120_000);
});
