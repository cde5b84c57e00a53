/** `--help` everywhere, and `course list`, run as a child process. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, copyCourse, runCli } from './testing/cli-harness.ts';

describe.concurrent('course --help', { timeout: CLI_TIMEOUT }, () => {
  it.each([[[]], [['check']], [['grade']], [['list']], [['new']], [['new', 'exercise']], [['serve']], [['conform']]])('course %j --help prints usage and exits 0', async (command) => {
    const run = await runCli([...command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: course${command.map((c) => ` ${c}`).join('')} `));
  });

  it('an unknown command is misuse, exit 2', async () => {
    const run = await runCli(['grades']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown command 'grades'/);
  });
});

describe.concurrent('course list', { timeout: CLI_TIMEOUT }, () => {
  it('lists lessons in order with their exercises, as JSON', async () => {
    const run = await runCli(['list', '--format', 'json']);
    expect(run.code).toBe(0);
    const { lessons } = JSON.parse(run.stdout) as { lessons: Array<{ id: string; order: number; exercises: Array<{ id: string; kind: string; tests: number | null; of?: string }> }> };
    expect(lessons.map((l) => l.order)).toEqual([...lessons.map((l) => l.order)].sort((a, b) => a - b));
    const router = lessons.find((l) => l.id === 'the-router');
    expect(router?.exercises.map((e) => e.id)).toEqual(['route-examples', 'route', 'notification-null', 'full-error-routing']);
    // An examples exercise has no tests of its own: it names the exercise its examples run against.
    expect(router?.exercises[0]).toMatchObject({ kind: 'examples', tests: null, of: 'route' });
    expect(router?.exercises.slice(1).every((e) => e.kind === 'code' && typeof e.tests === 'number' && e.tests > 0)).toBe(true);
  });

  it('counts the tests of a file whose top level builds matchers such as expect.any(Number)', async () => {
    const course = await copyCourse();
    try {
      const tests = join(course.root, 'exercises', 'route', 'tests.test.js');
      const text = await readFile(tests, 'utf8');
      await writeFile(tests, `${text}\nconst anyNumericId = expect.any(Number);\ndescribe('matchers built at the top level', () => {\n  it('an answer has a numeric id', async () => {\n    expect(await route({ jsonrpc: '2.0', id: 1, method: 'ping' })).toMatchObject({ id: anyNumericId });\n  });\n});\n`);
      const before = (JSON.parse((await runCli(['list', '--format', 'json'])).stdout) as { lessons: Array<{ exercises: Array<{ id: string; tests: number | null }> }> }).lessons;
      const count = before.flatMap((l) => l.exercises).find((e) => e.id === 'route')?.tests ?? 0;
      const run = await runCli(['list', '--root', course.root]);
      expect(run.code).toBe(0);
      expect(run.stdout).not.toMatch(/\? tests/);
      expect(run.stdout).toMatch(new RegExp(`^ {4}route +js +${count + 1} tests `, 'm'));
    } finally {
      await course.remove();
    }
  });

  it('prints a readable outline as text', async () => {
    const run = await runCli(['list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ 1\. .+ \(the-router\)\n {4}route-examples +js +examples of route  .+\n {4}route +js +\d+ tests  .+$/m);
  });
});
