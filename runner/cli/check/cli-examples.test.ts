/** `course grade` and `course check` of an examples exercise, run as child processes as CI runs them. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../core/index.ts';
import { CLI_TIMEOUT, copyCourse, REPO, runCli, tempDir } from '../testing/cli-harness.ts';
import type { GradeJson } from '../grade/format-json.ts';

const FIXTURES = 'runner/core/fixtures/route-examples';
const PASS = `${FIXTURES}/pass/function-form.js`;
const INVALID = `${FIXTURES}/fail/invalid/expects-error-null.js`;
const MISSES = `${FIXTURES}/fail/misses-mistakes/numeric-ids-only.js`;
const grade = (...args: string[]) => runCli(['grade', '--exercise', 'route-examples', ...args]);

describe.concurrent('course grade of an examples exercise', { timeout: CLI_TIMEOUT }, () => {
  it('prints validity and catches in the JSON RunResult, and exits 0 for examples that pass', async () => {
    const run = await grade(PASS, '--format', 'json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as RunResult;
    expect(result).toMatchObject({ status: 'pass', examples: { total: 5, valid: 5, invalid: [], mutants: 10, missed: 0, threshold: 10 } });
    expect(result.examples?.caught.map((c) => c.catches)).toContain('a router that treats id 0 as a notification and answers nothing');
  });

  it('names an invalid example without the correct reply, and counts what valid examples miss', async () => {
    const run = await grade(INVALID, MISSES, '--format', 'json');
    expect(run.code).toBe(1);
    const { submissions } = JSON.parse(run.stdout) as GradeJson;
    const [invalid, misses] = submissions.map((s) => s.result);
    expect(invalid?.examples?.invalid).toEqual([{ example: 2, reason: 'disagrees', message: expect.stringMatching(/^Your example 2 expects .*error.*null.* but that is not what a correct route answers/) }]);
    expect(misses?.examples).toMatchObject({ valid: 2, invalid: [], missed: 5 });
    expect(JSON.stringify(misses)).not.toMatch(/id-zero|string-id|id-defaults/);
  });

  it('grades the examples of a work file exported by the course', async () => {
    const { dir, remove } = await tempDir();
    try {
      const code = await readFile(join(REPO, PASS), 'utf8');
      const file = join(dir, 'ada.json');
      await writeFile(file, JSON.stringify({ format: 'jsonrpc-course-work', version: 1, exportedAt: '2026-11-30T00:00:00.000Z', exercises: { 'route-examples': { code, language: 'js', passed: true, hintsSeen: 0, solutionRevealed: false } } }));
      const run = await grade(file, '--format', 'json');
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as RunResult).examples).toMatchObject({ valid: 5, missed: 0 });
    } finally {
      await remove();
    }
  });

  it('writes a text line of validity and catches under each submission', async () => {
    const run = await grade(PASS, MISSES);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('examples: 5 of 5 examples valid; they catch 10 of 10 known mistakes (all needed).');
    expect(run.stdout).toContain('examples: 2 of 2 examples valid; they catch 5 of 10 known mistakes (all needed).');
    expect(run.stdout).toMatch(/numeric-ids-only\.js\s+FAIL\s+2\/2\s+Its examples catch too few known mistakes\./);
  });

  it('writes JUnit with a test case per example and one for the catches, listing each one caught', async () => {
    const run = await grade(PASS, INVALID, MISSES, '--format', 'junit');
    expect(run.code).toBe(1);
    const xml = run.stdout;
    expect(xml.match(/<testcase [^>]*name="catches the known mistakes"/g)?.length).toBe(3);
    expect(xml.match(/type="NotThorough"/g)?.length).toBe(2);
    expect(xml).toContain('caught: a router that turns the string id "7" into the number 7 (example 3)');
    expect(xml).toContain('<property name="examples" value="2 of 2 examples valid; they catch 5 of 10 known mistakes (all needed)."/>');
  });
});

describe('course check of an examples exercise', { timeout: CLI_TIMEOUT }, () => {
  let course: { root: string; remove: () => Promise<void> };
  beforeAll(async () => {
    course = await copyCourse();
  });
  afterAll(() => course?.remove());

  it('proves the reference examples valid and catching every mutant, naming the example that catches each', async () => {
    const run = await runCli(['check', '--exercise', 'route-examples', '--format', 'json', '--no-cache', '--root', course.root]);
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout) as { exercises: Array<{ id: string; kind?: string; solution: string; starter: string; mutants: Array<{ name: string; caughtBy: string | null }> }> };
    expect(body.exercises).toEqual([expect.objectContaining({ id: 'route-examples', kind: 'examples', solution: 'pass', starter: 'fail' })]);
    expect(body.exercises[0]?.mutants.find((m) => m.name === 'string-id-to-number')?.caughtBy).toBe('example 3');
  });

  it('reports reference examples that miss a mutant, an invalid one, and a starter that passes', async () => {
    const dir = join(course.root, 'exercises', 'route-examples');
    const solution = await readFile(join(dir, 'solution.js'), 'utf8');
    const starter = await readFile(join(dir, 'starter.js'), 'utf8');
    // Without the string id, string-id-to-number goes uncaught; the last example (5) is invalid.
    const broken = solution.replace(/ {2}\/\/ A string id[\s\S]*?\n {2}\},\n/, '').replace('];', "  { message: { jsonrpc: '2.0', id: 3, method: 'ping' }, reply: null },\n];");
    await writeFile(join(dir, 'solution.js'), broken);
    await writeFile(join(dir, 'starter.js'), solution);
    try {
      const run = await runCli(['check', '--exercise', 'route-examples', '--no-cache', '--root', course.root]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/solution\.js:1:1: error The reference examples must all be valid and catch every mutant of `route`: example 5 is invalid \(.*\); no example catches mutants\/string-id-to-number .*\[solution\/fails\]/);
      expect(run.stdout).toMatch(/starter\.js:1:1: error The starter passes: .*\[starter\/passes\]/);
    } finally {
      await writeFile(join(dir, 'solution.js'), solution);
      await writeFile(join(dir, 'starter.js'), starter);
    }
  });

  it('refuses a borrowed mutant that does not say what it catches, before grading anything', async () => {
    const file = join(course.root, 'exercises', 'route', 'mutants', 'jsonrpc-number.js');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^\/\/ catches: .*\n/m, ''));
    try {
      const run = await runCli(['grade', '--exercise', 'route-examples', `${course.root}/exercises/route-examples/solution.js`, '--root', course.root]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/jsonrpc-number\.js:1:1: error .*\[examples\/mutant-no-catches\]/);
    } finally {
      await writeFile(file, text);
    }
  });
});
