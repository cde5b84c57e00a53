/**
 * The final project (exercises/conformance-server) judged twice: by the course's own checks
 * (`course grade`, one group per official scenario, named after it) and by the protocol's own
 * conformance suite (`course conform`). The reference passes every scenario of the pinned suite;
 * the starter and every mutant fail both; and on each of them the two verdicts agree scenario by
 * scenario: a group of the course passes exactly when the suite's scenario of that name does.
 * The suite's transport scenarios (served by `course serve`, not the learner's router) have no
 * group; the course's other groups ("the task beyond the suite: ...", which hold the learner to
 * what the task fixes and the suite does not read, and the generated groups, which draw past the
 * suite's fixed calls) are named after no scenario, so they are not compared.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, REPO, runCli } from '../testing/cli-harness.ts';
import type { ConformReport } from './formats.ts';

const EXERCISE = join(REPO, 'exercises/conformance-server');
/** Scenarios of the suite that `course serve` passes for any router: no group of the course judges them. */
const TRANSPORT = ['server-sse-multiple-streams', 'dns-rebinding-protection'];

interface GradeReport {
  submissions: { result: { status: string; tests: { name: string; status: string }[] } }[];
}

/** Each group's verdict from `course grade`: pass when every test of the group passed. */
async function courseVerdicts(folder: string): Promise<Map<string, 'pass' | 'fail'>> {
  const run = await runCli(['grade', folder, '--exercise', 'conformance-server', '--format', 'json']);
  const report = JSON.parse(run.stdout) as GradeReport;
  const groups = new Map<string, 'pass' | 'fail'>();
  for (const test of report.submissions[0]?.result.tests ?? []) {
    const group = test.name.split(' > ')[0] as string;
    groups.set(group, groups.get(group) === 'fail' || test.status !== 'pass' ? 'fail' : 'pass');
  }
  return groups;
}

async function suiteVerdicts(folder: string): Promise<Map<string, 'pass' | 'fail'>> {
  const run = await runCli(['conform', folder, '--exercise', 'conformance-server', '--format', 'json']);
  const report = JSON.parse(run.stdout) as ConformReport;
  return new Map(report.scenarios.map((s) => [s.scenario, s.status]));
}

/** Where the two disagree, one line each; empty when they agree on every scenario the course judges. */
function disagreements(course: Map<string, 'pass' | 'fail'>, suite: Map<string, 'pass' | 'fail'>): string[] {
  const out: string[] = [];
  for (const [scenario, verdict] of suite) {
    if (TRANSPORT.includes(scenario)) continue;
    const ours = course.get(scenario);
    if (ours !== verdict) out.push(`${scenario}: the suite says ${verdict}, the course's checks say ${ours ?? 'nothing (no group)'}`);
  }
  return out;
}

let dir = '';
const mutants = readdirSync(join(EXERCISE, 'mutants'));
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'final-project-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A mutant's whole submission: the reference's files, the mutant's own in their place. */
function mutantFolder(name: string): string {
  const folder = join(dir, name);
  cpSync(join(EXERCISE, 'solution'), folder, { recursive: true });
  cpSync(join(EXERCISE, 'mutants', name), folder, { recursive: true });
  return folder;
}

describe('the final project, judged by the course and by the conformance suite', () => {
  it('the reference passes every server scenario of the suite, and every check of the course', { timeout: CLI_TIMEOUT * 2 }, async () => {
    const folder = join(EXERCISE, 'solution');
    const [course, suite] = await Promise.all([courseVerdicts(folder), suiteVerdicts(folder)]);
    expect([...suite.values()].filter((v) => v !== 'pass')).toEqual([]);
    expect(suite.size).toBe(30);
    expect([...course.entries()].filter(([, v]) => v !== 'pass')).toEqual([]);
    expect(disagreements(course, suite)).toEqual([]);
  });

  it('the starter fails both, and they agree on every scenario', { timeout: CLI_TIMEOUT * 2 }, async () => {
    const folder = join(EXERCISE, 'starter');
    const [course, suite] = await Promise.all([courseVerdicts(folder), suiteVerdicts(folder)]);
    expect([...suite.values()].filter((v) => v === 'fail').length).toBeGreaterThan(10);
    expect(disagreements(course, suite)).toEqual([]);
  });

  it.each(mutants)('the mutant %s fails both, and they agree on every scenario', { timeout: CLI_TIMEOUT * 2 }, async (name) => {
    const folder = mutantFolder(name);
    const [course, suite] = await Promise.all([courseVerdicts(folder), suiteVerdicts(folder)]);
    expect([...course.values()]).toContain('fail');
    expect(disagreements(course, suite)).toEqual([]);
    expect([...suite.values()]).toContain('fail');
  });
});
