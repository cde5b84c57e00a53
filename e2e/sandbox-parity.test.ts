/**
 * Same verdicts everywhere: every exercise's reference solution, starter and each mutant get the
 * same per-test statuses in Chromium (browser host) as from the Node runner (isolated-vm), and so
 * do the probe programs whose results depend on the codec.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../runner/core/result.ts';
import { COURSE_ROOT, loadExercises } from './sandbox-course.ts';
import type { ParityJob } from './sandbox-node-verdicts.ts';
import { grade, UNCLONABLE, UNCLONABLE_SOURCE } from './sandbox-probe-kit.ts';
import { startHarness, type Harness } from './sandbox-setup.ts';

let harness: Harness;
let jobs: ParityJob[] = [];
let nodeResults: RunResult[] = [];

function gradeInNode(list: ParityJob[]): Promise<RunResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', join(import.meta.dirname, 'sandbox-node-verdicts.ts')], {
      cwd: COURSE_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the Node grader exited with ${code}: ${err}`));
      resolve(JSON.parse(out) as RunResult[]);
    });
    child.stdin.end(JSON.stringify(list));
  });
}

/** What must agree: the run's status and cause, and each test's name and status in order. */
function verdict(result: RunResult) {
  return { status: result.status, cause: result.cause, tests: result.tests.map((t) => `${t.status}  ${t.name}`) };
}

beforeAll(async () => {
  const exercises = await loadExercises();
  jobs = exercises.flatMap((exercise) => [
    { label: `${exercise.id}: solution`, exercise, source: exercise.solution },
    { label: `${exercise.id}: starter`, exercise, source: exercise.starter },
    ...exercise.mutants.map((m) => ({ label: `${exercise.id}: mutant ${m.name}`, exercise, source: m.source })),
  ]);
  jobs.push({ label: 'probe: values that cannot be copied as they are', exercise: UNCLONABLE, source: UNCLONABLE_SOURCE });
  [harness, nodeResults] = await Promise.all([startHarness(), gradeInNode(jobs)]);
});

afterAll(async () => {
  await harness?.close();
});

describe('verdict parity between Chromium and Node', () => {
  it('covers every exercise with its solution, starter and mutants', () => {
    expect(jobs.length).toBeGreaterThan(20);
    expect(nodeResults).toHaveLength(jobs.length);
  });

  it('gives every job the same verdict in Chromium as in Node', async () => {
    // Whether a solution passes is the content checks' business (`course check`); here only
    // agreement counts, so a broken exercise shows up there, not as a host difference.
    const mismatches: string[] = [];
    for (const [i, job] of jobs.entries()) {
      const browser = (await grade(harness.page, job.exercise, job.source)).value;
      const node = nodeResults[i] as RunResult;
      const a = verdict(browser);
      const b = verdict(node);
      if (JSON.stringify(a) !== JSON.stringify(b)) mismatches.push(`${job.label}\n  chromium: ${JSON.stringify(a)}\n  node:     ${JSON.stringify(b)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
