/** `course check` on the real course and on broken copies of it, run as a child process. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../content/diagnostic.ts';
import type { CheckReport } from './check-course.ts';
import { CLI_TIMEOUT, copyCourse, REPO, runCli } from './cli-harness.ts';

const LONG = CLI_TIMEOUT;

describe('course check on the real course', () => {
  it(
    'exits 0 and names, for every mutant, the test that catches it',
    async () => {
      const run = await runCli(['check', '--format', 'json']);
      const report = JSON.parse(run.stdout) as CheckReport;
      expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(run.code).toBe(0);
      expect(report.exercises.length).toBeGreaterThan(0);
      for (const exercise of report.exercises) {
        expect(exercise).toMatchObject({ solution: 'pass', starter: expect.not.stringMatching(/^pass$/) });
        for (const mutant of exercise.mutants) expect(mutant.caughtBy, `${exercise.id}/${mutant.name}`).toEqual(expect.any(String));
      }
    },
    LONG,
  );
});

describe('course check on a broken copy', () => {
  let root = '';
  let remove = async () => {};
  beforeAll(async () => {
    ({ root, remove } = await copyCourse());
    const ex = join(root, 'exercises', 'route');
    // Front matter: a field of the wrong type. Solution: wrong. A mutant: identical to the solution.
    const task = await readFile(join(ex, 'task.md'), 'utf8');
    await writeFile(join(ex, 'task.md'), task.replace(/^functions:.*$/m, 'functions: route'));
    // A correct alternative (a pass fixture) posing as a mutant: no test can catch it.
    const correct = await readFile(join(REPO, 'runner/core/fixtures/full-error-routing/pass/has-own.js'), 'utf8');
    await writeFile(join(root, 'exercises', 'full-error-routing', 'mutants', 'survivor.js'), `// mistake: None at all, this is a correct solution.\n// learner: Your code seems to make this mistake.\n${correct}`);
    await writeFile(join(root, 'exercises', 'notification-null', 'solution.js'), 'function route(msg) {\n  return null;\n}\n');
  }, LONG);
  afterAll(() => remove());

  it(
    'exits 1 and reports each problem as file:line:column with its rule',
    async () => {
      const run = await runCli(['check', '--root', root]);
      expect(run.code).toBe(1);
      const lines = run.stdout.split('\n');
      const diagnostic = (file: string, rule: string) => lines.find((l) => /^[^:]+:\d+:\d+: (error|warning) /.test(l) && l.includes(file) && l.endsWith(`[${rule}]`));
      // The functions line of the front matter: line 6 in route's task.md.
      expect(diagnostic('exercises/route/task.md', 'front-matter/schema')).toMatch(/task\.md:6:\d+: error /);
      expect(diagnostic('exercises/notification-null/solution.js', 'solution/fails')).toMatch(/does not pass the tests: ".+"/);
      expect(diagnostic('exercises/full-error-routing/mutants/survivor.js', 'mutant/survives')).toBeDefined();
      expect(run.stdout).toMatch(/NOT CAUGHT/);
    },
    LONG,
  );

  it(
    'gives the same diagnostics as JSON, with course-relative paths',
    async () => {
      const run = await runCli(['check', '--root', root, '--format', 'json']);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as CheckReport;
      const rules = report.diagnostics.map((d: Diagnostic) => `${d.file} ${d.rule}`);
      expect(rules).toContain('exercises/notification-null/solution.js solution/fails');
      expect(rules).toContain('exercises/full-error-routing/mutants/survivor.js mutant/survives');
      expect(report.exercises.find((e) => e.id === 'notification-null')?.solution).toBe('fail');
      const routing = report.exercises.find((e) => e.id === 'full-error-routing');
      expect(routing?.mutants.find((m) => m.name === 'survivor')).toMatchObject({ caughtBy: null, status: 'pass' });
    },
    LONG,
  );

  it('refuses to grade an exercise whose content has errors, exit 2', { timeout: LONG }, async () => {
    const run = await runCli(['grade', '--exercise', 'route', '--root', root, join(root, 'exercises', 'route', 'solution.js')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/"route" has content errors/);
    expect(run.stderr).toMatch(/task\.md:\d+:\d+: error/);
  });
});
