/** `course new exercise`, then `course check`, in a temp copy of the course. */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../check/types.ts';
import { CLI_TIMEOUT, copyCourse, runCli } from '../testing/cli-harness.ts';

const LONG = CLI_TIMEOUT;
const ID = 'ping-pong';
const LESSON = 'the-router';

describe('course new exercise', { timeout: LONG }, () => {
  let root = '';
  let remove = async () => {};
  beforeAll(async () => {
    ({ root, remove } = await copyCourse());
    // Copying the course: over 10 s in a Node 24 run beside a full suite (load average 14).
  }, 120_000);
  afterAll(() => remove());

  const check = async () => {
    const run = await runCli(['check', '--root', root, '--format', 'json']);
    const report = JSON.parse(run.stdout) as CheckReport;
    const own = report.diagnostics.filter((d) => d.file.startsWith(`exercises/${ID}/`) && d.severity === 'error');
    return { run, report, own, exercise: report.exercises.find((e) => e.id === ID) };
  };

  it(
    'scaffolds a folder that check reports only as "solution not written", then passes once it is',
    async () => {
      const created = await runCli(['new', 'exercise', ID, '--lesson', LESSON, '--root', root]);
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/Next steps/);
      expect(created.stdout).toContain(`::exercise{id=${ID}}`);
      for (const file of ['task.md', 'starter.js', 'solution.js', 'tests.test.js', 'mutants/id-zero-is-notification.js']) {
        expect(existsSync(join(root, 'exercises', ID, file)), file).toBe(true);
      }

      const before = await check();
      expect(before.run.code).toBe(1);
      expect(before.own.map((d) => d.rule)).toEqual(['solution/fails']);
      expect(before.own[0]?.message).toMatch(/not written yet/);
      expect(before.exercise).toMatchObject({ solution: 'fail', starter: 'fail' });

      // The author embeds the exercise and writes the solution, as the next steps say.
      const lesson = join(root, 'lessons', '01-the-router.md');
      await writeFile(lesson, `${await readFile(lesson, 'utf8')}\n::exercise{id=${ID}}\n`);
      await writeFile(
        join(root, 'exercises', ID, 'solution.js'),
        "function pingPong(msg) {\n  if (msg.id === undefined) return null;\n  return { jsonrpc: '2.0', id: msg.id, result: 'pong' };\n}\n",
      );
      // Clean but for the fingerprints, which the next steps say to write once the check passes.
      const passing = await check();
      expect(passing.own).toEqual([]);
      expect(passing.report.diagnostics.filter((d) => d.file.startsWith(`exercises/${ID}/`)).map((d) => [d.rule, d.severity])).toEqual([['fingerprints/missing', 'warning']]);
      expect((await runCli(['check', '--root', root, '--exercise', ID, '--write-fingerprints'])).stderr).toContain(`wrote exercises/${ID}/fingerprints.json`);
      const after = await check();
      expect(after.report.diagnostics.filter((d) => d.file.startsWith(`exercises/${ID}/`))).toEqual([]);
      expect(after.exercise).toEqual({
        id: ID,
        solution: 'pass',
        starter: 'fail',
        // The generated check catches the scaffold's mutant too.
        fingerprints: { tests: expect.any(Array), mutants: { 'id-zero-is-notification': ['requests and notifications > a request with id 0 is answered', expect.stringMatching(/^every message of the task \(generated\) > /)] } },
        mutants: [{ name: 'id-zero-is-notification', mistake: expect.any(String), caughtBy: 'requests and notifications > a request with id 0 is answered', status: 'fail' }],
        variants: [{ name: 'switch-on-kind', status: 'pass' }],
      });
      // The rest of the course is whatever the repository holds (cli-check.test.ts requires it
      // to be clean); here the new exercise must add no error of its own.
      const others = after.report.diagnostics.filter((d) => d.severity === 'error');
      expect(after.run.code).toBe(others.length ? 1 : 0);
    },
    LONG,
  );

  it('names the learner\'s function with --function instead of after the id', async () => {
    const created = await runCli(['new', 'exercise', 'id-types', '--lesson', LESSON, '--function', 'route', '--root', root]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/the learner writes `route`/);
    const dir = join(root, 'exercises', 'id-types');
    expect(await readFile(join(dir, 'task.md'), 'utf8')).toMatch(/^functions: \[route\]$/m);
    for (const file of ['starter.js', 'solution.js', 'mutants/id-zero-is-notification.js']) expect(await readFile(join(dir, file), 'utf8'), file).toMatch(/^function route\(msg\)/m);
    expect(await readFile(join(dir, 'tests.test.js'), 'utf8')).toMatch(/^import \{ route \} from '@course\/learner';$/m);
    expect(await readFile(join(dir, 'tests.test.js'), 'utf8')).not.toMatch(/idTypes/);
  });

  it.each([
    ['an existing id', ['new', 'exercise', 'route', '--lesson', LESSON], /already exists/],
    ['a function name that is not an identifier', ['new', 'exercise', 'fresh-one', '--lesson', LESSON, '--function', 'my-route'], /"my-route" cannot be the learner's function/],
    ['a reserved word as the function', ['new', 'exercise', 'fresh-one', '--lesson', LESSON, '--function', 'delete'], /"delete" cannot be the learner's function/],
    ['an unknown lesson', ['new', 'exercise', 'fresh-one', '--lesson', 'no-such-lesson'], /no lesson "no-such-lesson"/],
    ['an id that is not kebab-case', ['new', 'exercise', 'Fresh_One', '--lesson', LESSON], /not a valid exercise id/],
  ])('refuses %s with exit 2', async (_, args, message) => {
    const run = await runCli([...args, '--root', root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(existsSync(join(root, 'exercises', 'fresh-one'))).toBe(false);
  });
});
