/** `course grade`, run as a child process the way CI runs it. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../core/index.ts';
import { CLI_TIMEOUT, copyCourse, REPO, runCli, tempDir } from '../testing/cli-harness.ts';
import type { GradeJson } from './format-json.ts';

const EXERCISE = 'full-error-routing';
const FIXTURES = `runner/core/fixtures/${EXERCISE}`;
const VARIANTS = `exercises/${EXERCISE}/variants`;
const PASS = `${VARIANTS}/has-own.js`;
const FAIL = `${FIXTURES}/fail/id-zero-notification/falsy-id-check.js`;
const grade = (...args: string[]) => runCli(['grade', '--exercise', EXERCISE, ...args]);

/** Well-formedness of the XML we write: one root, balanced tags, quoted attributes, known entities. */
function assertWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  const token = /<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/gi;
  for (const m of body.matchAll(token)) {
    if (m[0].startsWith('<![CDATA[')) continue;
    if (m[0] === '<' || m[0] === '&') throw new Error(`stray ${m[0]} at ${m.index}: ${body.slice(m.index, (m.index ?? 0) + 60)}`);
    const [, close, name = '', , selfClose] = m;
    if (close) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClose) stack.push(name);
    }
  }
  if (stack.length || roots !== 1) throw new Error(`unclosed ${stack.join(', ')} or ${roots} roots`);
}

const count = (xml: string, pattern: RegExp) => xml.match(pattern)?.length ?? 0;

describe.concurrent('course grade', { timeout: CLI_TIMEOUT }, () => {
  let dir = '';
  let remove = async () => {};
  beforeAll(async () => {
    ({ dir, remove } = await tempDir());
  });
  afterAll(() => remove());

  it('prints the RunResult of a single passing submission as JSON and exits 0', async () => {
    const run = await grade(PASS, '--format', 'json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as RunResult;
    expect(result).toMatchObject({ version: 3, status: 'pass' });
    expect(result.tests.length).toBeGreaterThan(10);
    expect(result.tests.every((t) => t.status === 'pass')).toBe(true);
  });

  it('prints the RunResult of a failing submission, naming the test that fails, and exits 1', async () => {
    const run = await grade(FAIL, '--format', 'json');
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as RunResult;
    expect(result.status).toBe('fail');
    const failed = result.tests.filter((t) => t.status !== 'pass');
    expect(failed.map((t) => t.name).join('\n')).toMatch(/id 0/i);
    expect(failed[0]?.check?.input).toMatch(/^route\(/);
  });

  it('grades a folder: one line per submission and a summary, exit 1 when any fails', async () => {
    const run = await grade(VARIANTS, `${FIXTURES}/fail/wrong-code`);
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((l) => / PASS /.test(l)).length).toBeGreaterThanOrEqual(5);
    expect(lines.some((l) => l.startsWith(`${FIXTURES}/fail/wrong-code/`) && / FAIL /.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\d+ submissions: \d+ pass, [1-9]\d* fail, 0 error/);
    expect(run.stderr).toBe(''); // no progress bar when stderr is not a terminal
  });

  it('writes JUnit XML with a testsuite per submission and the right counts to --out', async () => {
    const out = join(dir, 'results.xml');
    const run = await grade(PASS, FAIL, `${FIXTURES}/error/syntax`, '--format', 'junit', '--out', out);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const xml = await readFile(out, 'utf8');
    assertWellFormedXml(xml);
    const json = JSON.parse((await grade(PASS, FAIL, `${FIXTURES}/error/syntax`, '--format', 'json')).stdout) as GradeJson;
    expect(count(xml, /<testsuite[\s>]/g)).toBe(3);
    const tests = json.submissions.reduce((n, s) => n + Math.max(1, s.result.tests.length), 0);
    const failures = json.submissions.reduce((n, s) => n + s.result.tests.filter((t) => t.status === 'fail').length, 0);
    expect(count(xml, /<testcase[\s>]/g)).toBe(tests);
    expect(count(xml, /<failure[\s>]/g)).toBe(failures);
    expect(failures).toBeGreaterThan(0);
    expect(count(xml, /<error[\s>]/g)).toBeGreaterThanOrEqual(1); // the syntax error
    expect(xml).toMatch(new RegExp(`<testsuites[^>]*tests="${tests}"[^>]*failures="${failures}"|<testsuites[^>]*failures="${failures}"[^>]*tests="${tests}"`));
  });

  it("keeps hidden checks' code and details out of what a learner may read, unless the instructor asks", async () => {
    const json = JSON.parse((await grade(FAIL, '--format', 'json')).stdout) as RunResult;
    const hidden = json.tests.filter((t) => t.hidden);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((t) => t.test_code === '')).toBe(true);
    expect(json.tests.filter((t) => !t.hidden).every((t) => t.test_code !== '')).toBe(true);
    const kept = JSON.parse((await grade(FAIL, '--format', 'json', '--with-hidden-code')).stdout) as RunResult;
    expect(kept.tests.filter((t) => t.hidden).every((t) => t.test_code !== '')).toBe(true);
    // JUnit becomes a check run the learner reads: a hidden check by its name and kind only.
    const xml = (await grade(FAIL, '--format', 'junit')).stdout;
    const failedHidden = hidden.find((t) => t.status === 'fail');
    if (!failedHidden) throw new Error('the fixture fails no hidden check');
    expect(xml).toContain(`The hidden check &quot;${failedHidden.name.replace(/"/g, '&quot;')}&quot; failed.`);
    if (failedHidden.check?.expected) expect(xml).not.toContain(failedHidden.check.expected.split('\n')[1] ?? failedHidden.check.expected);
  });

  it('--shard i/n splits the sorted files deterministically and covers each exactly once', async () => {
    const all = JSON.parse((await grade(`${FIXTURES}/fail`, '--format', 'json')).stdout) as GradeJson;
    const files = all.submissions.map((s) => s.file);
    expect(files.length).toBeGreaterThan(6);
    expect(files).toEqual([...files].sort());
    const shards = await Promise.all([1, 2, 3].map(async (i) => JSON.parse((await grade(`${FIXTURES}/fail`, '--format', 'json', '--shard', `${i}/3`)).stdout) as GradeJson));
    const shardFiles = shards.map((s) => s.submissions.map((x) => x.file));
    expect(shardFiles.flat().sort()).toEqual(files);
    expect(shardFiles[1]).toEqual(files.filter((_, k) => k % 3 === 1));
    // Same verdicts as the unsharded run.
    for (const shard of shards) for (const s of shard.submissions) expect(s.result.status).toBe(all.submissions.find((a) => a.file === s.file)?.result.status);
  });

  it('grades a work file exported by the course, and reports one without the exercise as an error', async () => {
    const solution = await readFile(join(REPO, 'exercises', EXERCISE, 'solution.js'), 'utf8');
    const entry = { code: solution, language: 'js', passed: true, hintsSeen: 0, solutionRevealed: false };
    const work = (exercises: object) => JSON.stringify({ format: 'jsonrpc-course-work', version: 1, exportedAt: '2026-11-30T00:00:00.000Z', exercises });
    await mkdir(join(dir, 'work'), { recursive: true });
    await writeFile(join(dir, 'work', 'alice.json'), work({ [EXERCISE]: entry }));
    const one = await grade(join(dir, 'work', 'alice.json'), '--format', 'json');
    expect(one.code).toBe(0);
    expect((JSON.parse(one.stdout) as RunResult).status).toBe('pass');

    await writeFile(join(dir, 'work', 'bob.json'), work({ route: entry }));
    const both = await grade(join(dir, 'work'), '--format', 'json');
    expect(both.code).toBe(1);
    const report = JSON.parse(both.stdout) as GradeJson;
    expect(report.summary).toEqual({ total: 2, pass: 1, fail: 0, error: 1 });
    expect(report.submissions[1]?.result).toMatchObject({ status: 'error', message: expect.stringMatching(/no code for the exercise "full-error-routing"/) });
  });

  it('skips files that are not submissions, listing them, and gives a learner who handed in none one error row, in text, JSON and JUnit', async () => {
    const folder = join(dir, 'handed-in');
    for (const learner of ['alice', 'bob']) await mkdir(join(folder, learner), { recursive: true });
    await writeFile(join(folder, 'alice', 'route.js'), await readFile(join(REPO, PASS), 'utf8'));
    await writeFile(join(folder, 'alice', 'notes.txt'), 'I did my best.\n');
    await writeFile(join(folder, 'bob', 'route.ts'), 'function route(msg: unknown) { return null; }\n');
    await writeFile(join(folder, 'README.md'), 'One folder per learner.\n');

    const text = await grade(folder);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/bob\/route\.ts +ERROR .*Not graded: this exercise is written in JavaScript.*\.ts file/);
    expect(text.stdout).not.toMatch(/notes\.txt +ERROR/);
    expect(text.stdout).toMatch(/^Skipped, not submissions:\n.*README\.md: Not graded: a \.md file.*\n.*alice\/notes\.txt: Not graded: a \.txt file is not a submission/m);
    expect(text.stdout).toMatch(/^2 submissions: 1 pass, 0 fail, 1 error/m);

    const json = await grade(folder, '--format', 'json');
    const report = JSON.parse(json.stdout) as GradeJson;
    expect(report.summary).toEqual({ total: 2, pass: 1, fail: 0, error: 1 });
    expect(report.submissions.map((s) => [s.file.split('/').slice(-2).join('/'), s.learner, s.result.status, s.graded])).toEqual([
      ['alice/route.js', 'alice', 'pass', true],
      ['bob/route.ts', 'bob', 'error', false],
    ]);
    expect(report.skipped.map((f) => [f.file.split('/').slice(-2).join('/'), f.learner])).toEqual([
      ['handed-in/README.md', 'README'],
      ['alice/notes.txt', 'alice'],
    ]);
    expect(json.stderr).toMatch(/2 files beside the submissions are not graded/);

    const junit = await grade(folder, '--format', 'junit');
    expect(junit.stdout).toMatch(/<testcase classname="[^"]*bob\/route\.ts" name="is a submission of this exercise"[^>]*>\s*<error message="Not graded: this exercise is written in JavaScript/);
    expect(count(junit.stdout, /<error[\s>]/g)).toBe(1);
    expect(junit.stdout).not.toContain('notes.txt');
  });

  it('checks --out before grading: a missing folder is misuse, exit 2, nothing graded', async () => {
    const run = await grade(`${FIXTURES}/pass`, '--format', 'junit', '--out', join(dir, 'no', 'such', 'r.xml'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--out .*r\.xml: the folder .*no\/such does not exist\. Create it first/);
    expect(run.stderr).not.toMatch(/at .*\.(ts|js|cjs):\d+/); // no stack trace
    const folder = await grade(PASS, '--out', dir);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/is a folder; name a file in it/);
  });

  it('names the submission\'s own file in a syntax error, says "1 submission", and times each JUnit suite', async () => {
    const text = await grade(`${FIXTURES}/error/syntax/missing-brace.js`);
    expect(text.stdout).toMatch(/Syntax error on line \d+, column \d+ of missing-brace\.js:/);
    expect(text.stdout).not.toMatch(/main\.js/);
    expect(text.stdout).toMatch(/^1 submission: 0 pass, 0 fail, 1 error/m);
    const junit = await grade(PASS, FAIL, '--format', 'junit');
    const suites = junit.stdout.match(/<testsuite [^>]*>/g) ?? [];
    expect(suites).toHaveLength(2);
    for (const suite of suites) expect(suite).toMatch(/ time="\d+(\.\d+)?"/);
  });

  it.each([
    ['an unknown exercise', ['grade', '--exercise', 'nope', PASS], /no exercise "nope"/],
    ['no submissions', ['grade', '--exercise', EXERCISE, 'lessons'], /No submissions found/],
    ['a path that does not exist', ['grade', '--exercise', EXERCISE, 'no/such/dir'], /does not exist/],
    ['a bad --shard', ['grade', '--exercise', EXERCISE, PASS, '--shard', '4/3'], /--shard must be i\/n/],
    ['an unknown format', ['grade', '--exercise', EXERCISE, PASS, '--format', 'xml'], /Allowed choices are text, json, junit/],
    ['a missing --exercise', ['grade', PASS], /--exercise <id>/],
  ])('exits 2 with a message on stderr for %s', async (_, args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('reads only the graded exercise: its own content errors stop grading, other broken content does not', async () => {
    const course = await copyCourse();
    try {
      await writeFile(join(course.root, 'lessons', '01-the-router.md'), '---\nid: [broken\n---\n');
      await writeFile(join(course.root, 'exercises', 'route', 'task.md'), '---\nid: route\n---\nNo title, no lesson.\n');
      const other = await runCli(['grade', '--root', course.root, '--exercise', EXERCISE, join(REPO, PASS), '--format', 'json']);
      expect(other.code).toBe(0);
      expect((JSON.parse(other.stdout) as RunResult).status).toBe('pass');

      const own = await runCli(['grade', '--root', course.root, '--exercise', 'route', join(REPO, PASS)]);
      expect(own.code).toBe(2);
      expect(own.stderr).toMatch(/The exercise "route" has content errors/);
      expect(own.stderr).toMatch(/exercises\/route\/task\.md:\d+:\d+/);
      expect(own.stdout).toBe('');
    } finally {
      await course.remove();
    }
  });
});
