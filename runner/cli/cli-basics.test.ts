/** `--help` everywhere, and `course list`, run as a child process. */
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, runCli } from './cli-harness.ts';

describe.concurrent('course --help', { timeout: CLI_TIMEOUT }, () => {
  it.each([[[]], [['check']], [['grade']], [['list']], [['new']], [['new', 'exercise']]])('course %j --help prints usage and exits 0', async (command) => {
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
    const { lessons } = JSON.parse(run.stdout) as { lessons: Array<{ id: string; order: number; exercises: Array<{ id: string; tests: number | null }> }> };
    expect(lessons.map((l) => l.order)).toEqual([...lessons.map((l) => l.order)].sort((a, b) => a - b));
    const router = lessons.find((l) => l.id === 'the-router');
    expect(router?.exercises.map((e) => e.id)).toEqual(['route', 'notification-null', 'full-error-routing']);
    expect(router?.exercises.every((e) => typeof e.tests === 'number' && e.tests > 0)).toBe(true);
  });

  it('prints a readable outline as text', async () => {
    const run = await runCli(['list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ 1\. .+ \(the-router\)\n {4}route +js +\d+ tests  .+$/m);
  });
});
