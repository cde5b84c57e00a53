/**
 * Verdicts an instructor can stake a grade on: every solution, starter, mutant and variant of the
 * course and every core fixture (hostile submissions among them) is graded again and again in
 * each host, Node through `course grade` as CI runs it and Chromium through the sandbox harness as
 * the page runs it. Every run of a job must give the same status and test statuses, the same
 * smallest failing input for every failed generated check, and the same named mistakes, and
 * Node's must be Chromium's.
 *
 * `npm test` grades each job DETERMINISM_RUNS times (default 3; 1 for the slow ones that spend
 * their whole run budget on timeouts); `DETERMINISM_RUNS=20` is the full suite (e2e/README.md).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exercise } from '../runner/content/types.ts';
import { codeText, type CodeJob, type ExamplesJob, type LearnerCode, type RunResult } from '../runner/core/index.ts';
import { runCli, tempDir } from '../runner/cli/testing/cli-harness.ts';
import { COURSE_ROOT, loadGradable } from './sandbox-course.ts';
import { startHarness, type Harness } from './sandbox-setup.ts';
import { verdictOf, type Verdict } from './verdict.ts';

const RUNS = Number(process.env.DETERMINISM_RUNS ?? 3);
const FIXTURES = join(COURSE_ROOT, 'runner', 'core', 'fixtures');
/** Jobs that time out call after call until their run budget is spent: ten seconds a run. */
const SLOW = /\/error\/timeout\//;
/**
 * Left out in Chromium: allocating as fast as possible crashes the renderer before a time limit
 * can act (runner/browser/README.md, Limits); Node gives it a memory error.
 */
const NOT_IN_CHROMIUM = /\/error\/memory\//;

interface Job {
  label: string;
  exercise: Exercise;
  /** What the page's runner grades: the exercise, or an examples exercise's job. */
  gradable: CodeJob | ExamplesJob;
  source: LearnerCode;
  runs: number;
  /** What the job must be diagnosed as: its own mutant, or nothing (a correct solution). */
  looksLike?: string;
}


async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out.sort();
}

async function courseJobs(): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const { exercise, job: gradable } of await loadGradable()) {
    const add = (label: string, source: LearnerCode, runs = RUNS, looksLike?: string) =>
      jobs.push({ label: `${exercise.id}: ${label}`, exercise, gradable, source, runs, ...(looksLike === undefined ? {} : { looksLike }) });
    // An examples exercise names no mistake (looksLike stays unset); its verdict says which it catches.
    add('solution', exercise.solution, RUNS, exercise.kind === 'code' ? '' : undefined);
    add('starter', exercise.starter);
    if (exercise.kind === 'code') for (const m of exercise.mutants) add(`mutant ${m.name}`, m.source, RUNS, m.name);
    if (exercise.kind === 'code') for (const v of exercise.variants) add(`variant ${v.name}`, v.source, RUNS, '');
    for (const file of await filesUnder(join(FIXTURES, exercise.id))) {
      const label = `fixture ${relative(join(FIXTURES, exercise.id), file)}`;
      if (NOT_IN_CHROMIUM.test(file)) continue;
      add(label, await readFile(file, 'utf8'), SLOW.test(file) ? 1 : RUNS, /\/pass\//.test(file) && exercise.kind === 'code' ? '' : undefined);
    }
  }
  return jobs;
}

/** Grades every job `runs` times through the real `course grade`, one process per exercise. */
async function gradeWithCli(jobs: Job[]): Promise<Verdict[][]> {
  const { dir, remove } = await tempDir();
  try {
    const byExercise = new Map<string, { job: number; file: string }[]>();
    for (const [i, job] of jobs.entries()) {
      const folder = join(dir, job.exercise.id);
      await mkdir(folder, { recursive: true });
      const list = byExercise.get(job.exercise.id) ?? [];
      byExercise.set(job.exercise.id, list);
      for (let r = 0; r < job.runs; r++) {
        const name = `${String(i).padStart(4, '0')}-${r}`;
        // An exercise of several files is graded as a folder of them.
        if (typeof job.source === 'string') {
          const file = join(folder, `${name}.${job.exercise.language}`);
          await writeFile(file, job.source);
          list.push({ job: i, file });
        } else {
          const sub = join(folder, name);
          await mkdir(sub);
          for (const f of job.source) await writeFile(join(sub, f.name), f.source);
          list.push({ job: i, file: `${sub}/` });
        }
      }
    }
    const verdicts: Verdict[][] = jobs.map(() => []);
    for (const [id, files] of byExercise) {
      const out = await cli(['grade', '--exercise', id, join(dir, id), '--format', 'json']);
      type Graded = { file: string; result: RunResult };
      const parsed = JSON.parse(out) as { submissions: Graded[] } | RunResult;
      const submissions = 'submissions' in parsed ? parsed.submissions : [{ file: files[0]?.file ?? '', result: parsed }];
      const byName = new Map(submissions.map((s) => [basename(s.file), s] as const));
      for (const { job, file } of files) {
        const graded = byName.get(basename(file.replace(/\/$/, '')));
        if (!graded) throw new Error(`course grade gave no result for ${file}`);
        verdicts[job]?.push(verdictOf(graded.result));
      }
    }
    return verdicts;
  } finally {
    await remove();
  }
}

/** Runs `course` as CI does; exit 1 only means some submission failed, which is expected here. */
async function cli(args: string[]): Promise<string> {
  const run = await runCli(args);
  if (run.code !== 0 && run.code !== 1) throw new Error(`course ${args.join(' ')} exited with ${String(run.code)}: ${run.stderr}`);
  return run.stdout;
}

async function gradeInChromium(harness: Harness, jobs: Job[]): Promise<Verdict[][]> {
  const out: Verdict[][] = [];
  for (const job of jobs) {
    const [runs] = await harness.page.evaluate(([e, s, n]) => window.harness.verdicts(e, [s], n), [job.gradable, job.source, job.runs] as const);
    out.push(runs ?? []);
  }
  return out;
}

let harness: Harness;
let jobs: Job[] = [];
let node: Verdict[][] = [];
let chromium: Verdict[][] = [];

beforeAll(async () => {
  jobs = await courseJobs();
  harness = await startHarness();
  [node, chromium] = await Promise.all([gradeWithCli(jobs), gradeInChromium(harness, jobs)]);
  // About 10 minutes on a quiet 2-core machine; 30 were not enough beside another test file and a
  // second suite on Node 22 (load average 10). CI's 90 minutes stay the real bound.
}, 3_600_000);

afterAll(async () => {
  await harness?.close();
});

const distinct = (runs: Verdict[]) => [...new Set(runs.map((v) => JSON.stringify(v)))];

/** Where verdicts differ, line by line, so a report names the tests that changed. */
function differences(label: string, verdicts: string[]): string {
  const parsed = verdicts.map((v) => JSON.parse(v) as Verdict);
  const first = parsed[0] ?? [];
  const lines: string[] = [];
  for (const other of parsed.slice(1)) {
    for (let i = 0; i < Math.max(first.length, other.length); i++) {
      if (first[i] !== other[i]) lines.push(`  ${first[i] ?? '(none)'}  <>  ${other[i] ?? '(none)'}`);
    }
  }
  return `${label}\n${lines.join('\n')}`;
}

describe(`determinism (${RUNS} runs of each job in each host)`, () => {
  it('covers every exercise with its solution, async solution, starter, mutants, variants and fixtures, and every examples exercise', () => {
    const code = new Set(jobs.filter((j) => j.exercise.kind === 'code').map((j) => j.exercise.id));
    // An async solution of each: a variant or fixture of that name, or the reference itself when it is async (a router with a peer).
    const asyncSolution = (j: Job, id: string) => j.label === `${id}: variant async-solution` || j.label.startsWith(`${id}: fixture pass/async-solution.`) || (j.label === `${id}: solution` && /\basync function route\b/.test(codeText(j.source)));
    for (const id of code) expect(jobs.some((j) => asyncSolution(j, id)), id).toBe(true);
    // Generated checks are in it: every code exercise but those still without them has one.
    expect(jobs.filter((j) => /\bagrees\(/.test(j.exercise.kind === 'code' ? j.exercise.tests : '')).length).toBeGreaterThan(0);
    const examples = new Set(jobs.filter((j) => j.exercise.kind === 'examples').map((j) => j.exercise.id));
    expect([...examples].sort()).toEqual(['batch-examples', 'route-examples']);
    for (const id of examples) expect(jobs.filter((j) => j.label.startsWith(`${id}: fixture `)).length, id).toBeGreaterThanOrEqual(3);
    expect(jobs.length).toBeGreaterThan(200);
    expect(node.every((runs, i) => runs.length === jobs[i]?.runs)).toBe(true);
    expect(chromium.every((runs, i) => runs.length === jobs[i]?.runs)).toBe(true);
  });

  it('gives every job the same verdict on every run in Node (course grade)', () => {
    const unstable = jobs.flatMap((job, i) => (distinct(node[i] ?? []).length > 1 ? [differences(job.label, distinct(node[i] ?? []))] : []));
    expect(unstable).toEqual([]);
  });

  it('gives every job the same verdict on every run in Chromium', () => {
    const unstable = jobs.flatMap((job, i) => (distinct(chromium[i] ?? []).length > 1 ? [differences(job.label, distinct(chromium[i] ?? []))] : []));
    expect(unstable).toEqual([]);
  });

  it('names every mutant as itself and every correct solution as no mistake, in both hosts', () => {
    const wrong = jobs.flatMap((job, i) => {
      if (job.looksLike === undefined) return [];
      const want = `looks like: ${job.looksLike}`;
      const seen = [...(node[i] ?? []), ...(chromium[i] ?? [])].map((v) => v.at(-1));
      return seen.every((line) => line === want) ? [] : [`${job.label}: want "${want}", got ${[...new Set(seen)].join(' / ')}`];
    });
    expect(jobs.filter((j) => j.looksLike).length).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  });

  it("gives every job Node's verdict in Chromium", () => {
    const differ = jobs.flatMap((job, i) => {
      const a = distinct(node[i] ?? []);
      const b = distinct(chromium[i] ?? []);
      return JSON.stringify(a) === JSON.stringify(b) ? [] : [differences(`${job.label} (Node <> Chromium)`, [a[0] ?? '[]', b[0] ?? '[]'])];
    });
    expect(differ).toEqual([]);
  });
});
