/**
 * `course conform` as a learner runs it: the protocol's own conformance suite (0.1.12, its 30
 * server scenarios) against the submission served by `course serve --http`, reported per
 * scenario. The capstone's reference passes exactly the five scenarios it can (it has no
 * resources, prompts, logging or the suite's tools); a router that talks back passes the
 * scenarios of a server that talks back; what cannot be served or run is exit 2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, REPO, runCli } from '../testing/cli-harness.ts';
import { writeFixture } from '../testing/serve-harness.ts';
import type { ConformReport } from './formats.ts';

const REFERENCE = join(REPO, 'exercises/mcp-server/solution.js');
const PASSES = ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'course-conform-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('course conform', () => {
  it("reports every server scenario of the suite for the capstone's reference, with the suite's messages and the spec's sections, and exits 1", { timeout: CLI_TIMEOUT }, async () => {
    const run = await runCli(['conform', REFERENCE, '--format', 'json']);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as ConformReport;
    expect(report.suite).toEqual({ name: '@modelcontextprotocol/conformance', version: '0.1.12', revision: '2025-11-25' });
    expect(report.summary).toEqual({ scenarios: 30, passed: 5, failed: 25 });
    expect(report.scenarios.filter((s) => s.status === 'pass').map((s) => s.scenario).sort()).toEqual([...PASSES].sort());
    const prompts = report.scenarios.find((s) => s.scenario === 'prompts-list');
    expect(prompts?.checks[0]).toMatchObject({ status: 'FAILURE', message: expect.stringContaining('-32601'), specReferences: [{ url: expect.stringMatching(/^https:\/\/modelcontextprotocol\.io\/specification\/.*prompts/) }] });
    expect(run.stderr).toMatch(/course conform: serving .* on http:\/\/127\.0\.0\.1:\d+\/mcp/);
  });

  it('passes the scenarios of a server that talks back with a router that uses its peer, and exits 0', { timeout: CLI_TIMEOUT }, async () => {
    const file = writeFixture(dir, 'talks-back');
    const run = await runCli(['conform', file, '--scenario', 'tools-call-with-progress', '--scenario', 'tools-call-sampling', '--scenario', 'tools-call-elicitation', '--scenario', 'tools-call-with-logging']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^PASS tools-call-with-progress$/m);
    expect(run.stdout).toMatch(/^PASS tools-call-with-logging$/m);
    expect(run.stdout).toMatch(/4 of 4 scenarios passed \(/);
    expect(run.stdout).not.toMatch(/FAIL/);
  });

  it('writes JUnit, one test case per scenario, failures with the suite’s words', { timeout: CLI_TIMEOUT }, async () => {
    const out = join(dir, 'conformance.xml');
    const run = await runCli(['conform', REFERENCE, '--scenario', 'ping', '--scenario', 'prompts-list', '--format', 'junit', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/1 of 2 scenarios passed; the report is in /);
    const xml = readFileSync(out, 'utf8');
    expect(xml).toMatch(/<testsuite name="@modelcontextprotocol\/conformance 0\.1\.12" time="[\d.]+" tests="2" failures="1"/);
    expect(xml).toMatch(/<testcase classname="mcp-server" name="ping"[^>]*\/>/);
    expect(xml).toMatch(/<testcase classname="mcp-server" name="prompts-list"[^>]*>\s*<failure message="PromptsList: Failed: MCP error -32601: Method not found" type="ConformanceFailure"/);
  });

  it('exits 2 with one line for a file that cannot be served and for a scenario the suite does not have', { timeout: CLI_TIMEOUT }, async () => {
    const broken = await runCli(['conform', join(REPO, 'package.json')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/course: .*package\.json: /);
    const unknown = await runCli(['conform', REFERENCE, '--scenario', 'no-such-scenario']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^course: the conformance suite has no server scenario "no-such-scenario"; its scenarios are:\n  server-initialize, .*, tools-call-with-progress, /);
    // Refused before anything is served.
    expect(unknown.stderr).not.toMatch(/serving/);
  });

  const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

  it.skipIf(NODE_MAJOR >= 22)('refuses --revision 2026-07-28 on Node 20 in one line and exit 2, before serving anything', { timeout: CLI_TIMEOUT }, async () => {
    const run = await runCli(['conform', REFERENCE, '--revision', '2026-07-28']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^course: the conformance suite that has the 2026-07-28 scenarios needs Node 22 or later, and this is Node 20\.[\d.]+: run course conform with Node 22, or judge 2025-11-25 \(the default\)$/m);
    expect(run.stderr).not.toMatch(/serving/);
  });

  // The final project serves the 2025-11-25 era behind a transport that keeps sessions (the SDK's
  // Streamable HTTP server): the stateless requests of 2026-07-28 come without initialize and are
  // refused at the transport, so no scenario of that revision passes yet. The test keeps the
  // figure honest; it changes when course serve gets a stateless transport.
  it.skipIf(NODE_MAJOR < 22)('on Node 22, --revision 2026-07-28 runs the newer suite and reports every scenario of that revision', { timeout: CLI_TIMEOUT }, async () => {
    const run = await runCli(['conform', join(REPO, 'exercises/conformance-server/solution'), '--exercise', 'conformance-server', '--revision', '2026-07-28', '--format', 'json']);
    const report = JSON.parse(run.stdout) as ConformReport;
    expect(report.suite).toEqual({ name: '@modelcontextprotocol/conformance', version: '0.2.0-alpha.12', revision: '2026-07-28' });
    expect(report.summary.scenarios).toBeGreaterThanOrEqual(20);
    expect(report.scenarios.map((s) => s.scenario)).toContain('tools-call-simple-text');
    expect(report.scenarios.find((s) => s.scenario === 'tools-list')?.checks.map((c) => c.message).join(' ')).toMatch(/Server not initialized/);
    expect(run.code).toBe(1);
  });
});
