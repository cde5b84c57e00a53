/**
 * The protocol's own conformance suite (@modelcontextprotocol/conformance), as `course conform`
 * runs it: its `server` command in a child process against a URL, bounded in time, with its
 * results read from the folder it writes (one `server-<scenario>-<timestamp>/checks.json` per
 * scenario) rather than from its console text. A scenario passes when none of its checks is a
 * FAILURE, as the suite's own summary counts it (a WARNING is shown but does not fail it).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SUITE_PACKAGE = '@modelcontextprotocol/conformance';

/** The revisions of the protocol `course conform` judges against: 2025-11-25 unless told. */
export const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

/**
 * Which installed copy of the suite judges a revision (package.json pins both). 2025-11-25 is
 * judged by 0.1.12 on every Node, so a verdict is the same on every host; the 2026-07-28
 * scenarios exist only in the 0.2.0 line (an alias, `conformance-2026`), which needs Node 22.
 */
const SUITES: Record<Revision, { install: string; minNode: number; specVersion?: string }> = {
  '2025-11-25': { install: SUITE_PACKAGE, minNode: 20 },
  '2026-07-28': { install: 'conformance-2026', minNode: 22, specVersion: '2026-07-28' },
};

/** Why this Node cannot run the suite of `revision`, or undefined when it can. */
export function unsupportedRevision(revision: Revision, nodeVersion = process.versions.node): string | undefined {
  const { minNode } = SUITES[revision];
  const major = Number(nodeVersion.split('.')[0]);
  if (major >= minNode) return undefined;
  return `the conformance suite that has the ${revision} scenarios needs Node ${minNode} or later, and this is Node ${nodeVersion}: run course conform with Node ${minNode}, or judge ${REVISIONS[0]} (the default)`;
}

/** A check of a scenario, as the suite reports it. */
export interface ConformanceCheck {
  id: string;
  name: string;
  description: string;
  /** SUCCESS, FAILURE, WARNING or INFO. */
  status: string;
  /** The suite's own words when the check did not succeed. */
  message?: string;
  /** The specification's sections the check stands on. */
  specReferences: { id: string; url: string }[];
}

export interface ScenarioResult {
  scenario: string;
  status: 'pass' | 'fail';
  checks: ConformanceCheck[];
}

export interface SuiteRun {
  version: string;
  scenarios: ScenarioResult[];
}

/** The installed suite that judges `revision`: its command-line entry, version and the arguments that pick the revision. */
export function installedSuite(revision: Revision = REVISIONS[0]): { cli: string; version: string; revisionArgs: string[] } {
  const { install, specVersion } = SUITES[revision];
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`${install}/package.json`);
  const { version, bin } = require(manifest) as { version: string; bin: Record<string, string> };
  return { cli: join(manifest, '..', bin.conformance ?? 'dist/index.js'), version, revisionArgs: specVersion ? ['--spec-version', specVersion] : [] };
}

/** The suite's server scenarios, as its `list --server` names them; or why it could not list them. */
export async function serverScenarios(revision: Revision = REVISIONS[0]): Promise<string[] | string> {
  const suite = installedSuite(revision);
  const listed = await runOnce(suite.cli, ['list', '--server', ...suite.revisionArgs], 60_000);
  if (typeof listed === 'string') return listed;
  const names = [...listed.output.matchAll(/^\s+- (\S+)\s*$/gm)].map((m) => m[1] as string);
  return names.length ? names : `the conformance suite listed no server scenario (exit code ${listed.code}): ${lastLines(listed.output)}`;
}

/** The suite's results folder name: `server-<scenario>-<YYYY-MM-DDTHH-MM-SS-mmmZ>`. */
const RESULT_FOLDER = /^server-(.+)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

const asCheck = (raw: Record<string, unknown>): ConformanceCheck => {
  const check: ConformanceCheck = {
    id: String(raw.id ?? ''),
    name: String(raw.name ?? raw.id ?? ''),
    description: String(raw.description ?? ''),
    status: String(raw.status ?? 'FAILURE'),
    specReferences: Array.isArray(raw.specReferences) ? raw.specReferences.map((r: { id?: unknown; url?: unknown }) => ({ id: String(r?.id ?? ''), url: String(r?.url ?? '') })) : [],
  };
  if (typeof raw.errorMessage === 'string' && raw.errorMessage !== '') check.message = raw.errorMessage;
  return check;
};

/** Reads the scenarios' results from `dir`, in the order the suite ran them (`order`), then any others by name. */
async function readResults(dir: string, order: readonly string[]): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const folder of (await readdir(dir)).sort()) {
    const scenario = RESULT_FOLDER.exec(folder)?.[1];
    if (scenario === undefined) continue;
    let checks: ConformanceCheck[];
    try {
      const raw = JSON.parse(await readFile(join(dir, folder, 'checks.json'), 'utf8')) as unknown;
      checks = Array.isArray(raw) ? raw.map((c) => asCheck(c as Record<string, unknown>)) : [];
    } catch (error) {
      checks = [{ id: 'results', name: 'Results', description: 'The suite wrote results for this scenario.', status: 'FAILURE', message: `its checks.json could not be read (${(error as Error).message})`, specReferences: [] }];
    }
    results.push({ scenario, status: checks.some((c) => c.status === 'FAILURE') || checks.length === 0 ? 'fail' : 'pass', checks });
  }
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return results.sort((a, b) => rank(a.scenario) - rank(b.scenario) || (a.scenario < b.scenario ? -1 : 1));
}

export interface RunSuiteOptions {
  url: string;
  /** Scenarios to run; all of the suite's active server scenarios when empty. */
  scenarios: readonly string[];
  /** The whole run is stopped after this long (each scenario also has the suite's own timeouts). */
  timeoutMs: number;
  /** The protocol revision whose scenarios run (default 2025-11-25). */
  revision?: Revision;
}

/** Runs the suite against `url`: its results, or why it could not run (a string). */
export async function runSuite(options: RunSuiteOptions): Promise<SuiteRun | string> {
  const { cli, version, revisionArgs } = installedSuite(options.revision);
  const dir = await mkdtemp(join(tmpdir(), 'course-conform-'));
  try {
    const ran: string[] = [];
    const runs = options.scenarios.length ? options.scenarios.map((s) => ['--scenario', s]) : [[]];
    const written = async () => (await readdir(dir)).filter((f) => RESULT_FOLDER.test(f)).length;
    for (const extra of runs) {
      const before = await written();
      const outcome = await runOnce(cli, ['server', '--url', options.url, '--output-dir', dir, ...revisionArgs, ...extra], options.timeoutMs);
      if (typeof outcome === 'string') return outcome;
      ran.push(...outcome.order);
      // Exit code 1 is "a scenario failed"; anything else with no results is the suite refusing (an unknown scenario...).
      if ((await written()) === before) return `the conformance suite ran no scenario (exit code ${outcome.code}): ${lastLines(outcome.output)}`;
    }
    return { version, scenarios: await readResults(dir, ran) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const lastLines = (text: string) =>
  text
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-3)
    .join(' ');

/** One run of the suite's CLI: its exit code, output and the scenarios in the order it announced them. */
function runOnce(cli: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string; order: string[] } | string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`the conformance suite could not start (${error.message})`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return resolve(`the conformance suite did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped`);
      const order = [...output.matchAll(/=== Running scenario: (\S+) ===/g)].map((m) => m[1] as string);
      resolve({ code, output, order });
    });
  });
}
