/**
 * `course grade` of a class as an instructor runs it unattended: one learner's crash never takes
 * the others down, results files are always reportable, and each row's learner is the folder's.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../core/index.ts';
import { CLI_TIMEOUT, REPO, runCli, tempDir } from '../testing/cli-harness.ts';
import type { GradeJson, SingleGradeJson } from './format-json.ts';
import type { GradedSubmission } from './grade-submissions.ts';

const BOMB = "const a = []; while (true) a.push('x'.repeat(1e6));\nfunction route(msg) { return null; }\n";
const LOOP = 'function route(msg) { while (true) {} }\n';
const THROWS = "throw new Error('not today');\nfunction route(msg) { return null; }\n";

const work = (learner: string | undefined, exercises: object) =>
  JSON.stringify({ format: 'jsonrpc-course-work', version: 1, exportedAt: '2026-05-01T10:00:00.000Z', ...(learner ? { learner } : {}), exercises });

describe.concurrent('course grade of a class', { timeout: CLI_TIMEOUT }, () => {
  let dir = '';
  let remove = async () => {};
  beforeAll(async () => {
    ({ dir, remove } = await tempDir());
  });
  afterAll(() => remove());

  const json = <T>(text: string) => JSON.parse(text) as T;

  it('grades a memory bomb, a loop, a throw at load, the reference and the starter: exit 1, every file a result, causes not mistakes', async () => {
    const folder = join(dir, 'crashes');
    await mkdir(folder, { recursive: true });
    const files: Record<string, string> = {
      'bomb.js': BOMB,
      'loop.js': LOOP,
      'throws.js': THROWS,
      'reference.js': await readFile(join(REPO, 'exercises/route/solution.js'), 'utf8'),
      'starter.js': await readFile(join(REPO, 'exercises/route/starter.js'), 'utf8'),
    };
    for (const [name, text] of Object.entries(files)) await writeFile(join(folder, name), text);
    const run = await runCli(['grade', '--exercise', 'route', folder, '--format', 'json']);
    expect(run.code, run.stderr).toBe(1);
    const report = json<GradeJson>(run.stdout);
    const by: Record<string, GradedSubmission> = Object.fromEntries(report.submissions.map((s) => [s.file.split('/').pop() as string, s]));
    expect(Object.keys(by).sort()).toEqual(Object.keys(files).sort());
    expect(by['bomb.js']?.result).toMatchObject({ status: 'error', cause: 'memory' });
    expect(by['throws.js']?.result).toMatchObject({ status: 'error', cause: 'load-threw' });
    // Each test's status and cause, so a failure says which test got what.
    const loopTests = by['loop.js']?.result.tests ?? [];
    expect(loopTests.length).toBeGreaterThan(0);
    expect(loopTests.filter((t) => t.cause !== 'timeout' && t.cause !== 'run-timeout').map((t) => `${t.name}: ${t.status} ${String(t.cause)} ${t.message ?? ''}`)).toEqual([]);
    expect(by['reference.js']?.result.status).toBe('pass');
    expect(by['starter.js']?.result.status).toBe('fail');
    // Run errors carry no known mistake; the starter, which fails on assertions, carries the
    // grader's own diagnosis and nothing beside it (a fingerprint's guess is no second list).
    for (const name of ['bomb.js', 'loop.js', 'throws.js']) expect(by[name]?.misconceptions, name).toEqual([]);
    expect(by['starter.js']?.result.mistakes).toBeDefined();
    expect(by['starter.js']?.misconceptions.map((m) => m.mutant)).toEqual(by['starter.js']?.result.mistakes?.map((m) => m.mutant));

    // The bomb alone gets the cause it got in the batch.
    const alone = await runCli(['grade', '--exercise', 'route', join(folder, 'bomb.js'), '--format', 'json']);
    expect(alone.code).toBe(1);
    expect(json<RunResult>(alone.stdout)).toMatchObject({ status: 'error', cause: 'memory' });
  });

  it('names each row by its folder, keeps a typed name beside it, flags a mismatch, and carries the work file signals', async () => {
    const folder = join(dir, 'class', 'route');
    for (const learner of ['alice', 'bob', 'cy']) await mkdir(join(folder, learner), { recursive: true });
    const solution = await readFile(join(REPO, 'exercises/route/solution.js'), 'utf8');
    await writeFile(join(folder, 'alice', 'route.js'), solution);
    await writeFile(join(folder, 'bob', 'work.json'), work('alice', { route: { code: solution, language: 'js', passed: true, hintsSeen: 2, solutionRevealed: true } }));
    await writeFile(join(folder, 'cy', 'work.json'), work(' CY ', { route: { code: solution, language: 'js', passed: true, hintsSeen: 0, solutionRevealed: false } }));
    await writeFile(join(folder, 'cy', 'notes.txt'), 'Done.\n');
    const run = await runCli(['grade', '--exercise', 'route', folder, '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const rows = json<GradeJson>(run.stdout).submissions.map(({ learner, typedName, nameMismatch, work: signals }) => ({ learner, typedName, nameMismatch, work: signals }));
    expect(rows).toEqual([
      { learner: 'alice', typedName: undefined, nameMismatch: undefined, work: undefined },
      { learner: 'bob', typedName: 'alice', nameMismatch: true, work: { exportedAt: '2026-05-01T10:00:00.000Z', solutionRevealed: true, hintsSeen: 2 } },
      { learner: 'cy', typedName: 'CY', nameMismatch: false, work: { exportedAt: '2026-05-01T10:00:00.000Z', solutionRevealed: false, hintsSeen: 0 } },
    ]);

    // One learner regraded: the class shape, with the identity of the full run.
    const bob = await runCli(['grade', '--exercise', 'route', folder, '--learner', 'bob', '--format', 'json']);
    expect(bob.code, bob.stderr).toBe(0);
    const regraded = json<GradeJson>(bob.stdout);
    expect(regraded.exercise).toBe('route');
    expect(regraded.submissions.map((s) => [s.learner, s.typedName, s.nameMismatch])).toEqual([['bob', 'alice', true]]);

    // A shard holding exactly one submission: the class shape too.
    const shard = await runCli(['grade', '--exercise', 'route', folder, '--shard', '3/3', '--format', 'json']);
    expect(json<GradeJson>(shard.stdout).submissions.map((s) => s.learner)).toEqual(['cy']);

    // One file named alone: its RunResult, with exercise, file and learner beside it.
    const single = await runCli(['grade', '--exercise', 'route', join(folder, 'bob', 'work.json'), '--format', 'json']);
    expect(json<SingleGradeJson>(single.stdout)).toMatchObject({ version: 3, status: 'pass', exercise: 'route', learner: 'alice', typedName: 'alice', work: { hintsSeen: 2 } });
  });
});
