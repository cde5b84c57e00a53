/** `course check` on the real course and on broken copies of it, run as a child process. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../content/index.ts';
import type { CheckReport } from './types.ts';
import { CLI_TIMEOUT, copyCourse, REPO, runCli } from '../testing/cli-harness.ts';

/**
 * A whole-course check takes about 47 s on a quiet 2-core machine and grows with the load: three
 * of them passed 300 s (CLI_TIMEOUT) in a Node 24 suite run beside a full npm test (load average
 * 10 to 15). CI's 90 minutes stay the real bound.
 */
const LONG = 3 * CLI_TIMEOUT;

describe('course check on the real course', () => {
  it(
    'exits 0 and names, for every mutant, the test that catches it',
    async () => {
      // --no-cache: this test proves the course, not what an earlier check remembered.
      const run = await runCli(['check', '--format', 'json', '--no-cache']);
      const report = JSON.parse(run.stdout) as CheckReport;
      expect(report.fromCache).toBe(0);
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
    // A correct alternative (a variant) posing as a mutant: no test can catch it.
    const correct = await readFile(join(REPO, 'exercises/full-error-routing/variants/has-own.js'), 'utf8');
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
      // A summary instead of the table; the diagnostics come after it, then the totals.
      expect(run.stdout).not.toMatch(/NOT CAUGHT/);
      expect(run.stdout).toMatch(/^Mutants: \d+ of \d+ caught by a test, in \d+ exercises \(--verbose lists each\)\. Not caught: full-error-routing\/survivor\.$/m);
      const summaryAt = lines.findIndex((l) => l.startsWith('Mutants: '));
      const firstDiagnostic = lines.findIndex((l) => /^[^:]+:\d+:\d+: (error|warning) /.test(l));
      expect(summaryAt).toBeGreaterThanOrEqual(0);
      expect(firstDiagnostic).toBeGreaterThan(summaryAt);
      expect(lines.filter(Boolean).at(-1)).toMatch(/^\d+ lessons, \d+ exercises checked in [\d.]+ s.*: [1-9]\d* errors?, \d+ warnings?\.$/);
      const verbose = await runCli(['check', '--root', root, '--verbose']);
      expect(verbose.stdout).toMatch(/^EXERCISE +SOLUTION +STARTER +MUTANT +CAUGHT BY +MISTAKE$/m);
      expect(verbose.stdout).toMatch(/survivor +NOT CAUGHT/);
      expect(verbose.stdout.indexOf('NOT CAUGHT')).toBeLessThan(verbose.stdout.indexOf('[mutant/survives]'));
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

  it(
    'gives each diagnostic as a GitHub workflow command with --format github, which annotates the file and line',
    async () => {
      // Run from the course root, as CI runs from the repository's: paths are relative to it.
      const run = await runCli(['check', '--format', 'github'], { cwd: root });
      expect(run.code).toBe(1);
      const commands = run.stdout.split('\n').filter((l) => l.startsWith('::'));
      expect(commands.find((l) => l.includes('file=exercises/route/task.md'))).toMatch(/^::error file=exercises\/route\/task\.md,line=6,col=\d+,title=course check%3A front-matter\/schema::\S/);
      expect(commands.some((l) => l.startsWith('::error file=exercises/full-error-routing/mutants/survivor.js,line=') && l.includes('title=course check%3A mutant/survives::'))).toBe(true);
      // One line each, whatever the message holds; the summary and the totals stay plain text.
      for (const line of commands) expect(line).toMatch(/^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,title=[^:]+::.+$/);
      expect(run.stdout).toMatch(/^Mutants: \d+ of \d+ caught/m);
      expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/checked in [\d.]+ s.*: [1-9]\d* errors?/);
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

describe('course check, authoring mistakes', () => {
  let root = '';
  let remove = async () => {};
  const lessonFile = 'lessons/01-the-router.md';
  let diagramLine = 0;
  beforeAll(async () => {
    ({ root, remove } = await copyCourse());
    // A syntax error in a tests file: one diagnostic, the cause, not one per run.
    const tests = join(root, 'exercises', 'route', 'tests.test.js');
    const text = await readFile(tests, 'utf8');
    await writeFile(tests, text.replace(/\n\}\);\n/, '\n});\n )(\n'));
    // A tests file that parses but throws while collecting: reported at its line, once.
    const collect = join(root, 'exercises', 'notification-null', 'tests.test.js');
    await writeFile(collect, `${await readFile(collect, 'utf8')}\nconst broken = undefinedHelper();\n`);
    // A mermaid diagram with a syntax error.
    const lesson = (await readFile(join(root, lessonFile), 'utf8')).split('\n');
    const fence = lesson.findIndex((l) => l.startsWith('```mermaid'));
    lesson.splice(fence + 2, 0, '  A -> B');
    diagramLine = fence + 3;
    await writeFile(join(root, lessonFile), lesson.join('\n'));
    // A task text that shows a call no visible example makes.
    const task = join(root, 'exercises', 'tool-router', 'task.md');
    await writeFile(task, `${await readFile(task, 'utf8')}\nFor example, \`route({ jsonrpc: '2.0', id: 'x-99', method: 'ping' })\` gets a result.\n`);
  }, LONG);
  afterAll(() => remove());

  it(
    'reports a tests file that does not parse or collect once, at its line, without learner text, and a broken diagram at its line',
    async () => {
      // A new copy has no cache yet: this runs everything, and what it stores is where the next
      // test starts (a second whole-course run there would prove nothing more).
      const run = await runCli(['check', '--root', root, '--format', 'json']);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as CheckReport;
      expect(report.fromCache).toBe(0);
      const of = (prefix: string) => report.diagnostics.filter((d) => d.file.startsWith(prefix));
      expect(of('exercises/route/').map((d) => d.rule)).toEqual(['tests/syntax']);
      expect(of('exercises/notification-null/').map((d) => `${d.rule} ${d.line}`)).toEqual([expect.stringMatching(/^tests\/collect \d+$/)]);
      expect(of('exercises/notification-null/')[0]?.message).toMatch(/undefinedHelper is not defined/);
      expect(JSON.stringify(report.diagnostics)).not.toMatch(/not your fault/);
      expect(report.exercises.find((e) => e.id === 'route')).toMatchObject({ solution: 'not-run', starter: 'not-run' });
      const diagram = report.diagnostics.filter((d) => d.rule === 'lesson/diagram');
      expect(diagram).toEqual([expect.objectContaining({ file: lessonFile, line: diagramLine, severity: 'error' })]);
      expect(diagram[0]?.message).toMatch(/does not parse .*This diagram could not be drawn/);
      // The task's example, at its line and column, since no visible test makes that call.
      const example = report.diagnostics.filter((d) => d.rule === 'task/example-not-tested');
      const taskLines = (await readFile(join(root, 'exercises', 'tool-router', 'task.md'), 'utf8')).split('\n');
      const line = taskLines.findIndex((l) => l.includes("'x-99'")) + 1;
      expect(example).toEqual([expect.objectContaining({ file: 'exercises/tool-router/task.md', line, column: 15, severity: 'error' })]);
      expect(example[0]?.message).toContain("route({ jsonrpc: '2.0', id: 'x-99', method: 'ping' })");
    },
    LONG,
  );

  it(
    'runs again only what changed: an unchanged exercise comes from the cache, an edited one is run, --no-cache runs all',
    async () => {
      const json = async (...args: string[]) => JSON.parse((await runCli(['check', '--root', root, '--format', 'json', ...args])).stdout) as CheckReport;
      const first = await json();
      const again = await json();
      const lessons = (await readdir(join(root, 'lessons'))).filter((f) => /^\d\d-.*\.md$/.test(f)).length;
      const units = again.exercises.length + lessons; // exercises that loaded, and the lessons
      expect(again.fromCache).toBe(units);
      expect(again.diagnostics).toEqual(first.diagnostics);
      expect(again.exercises.every((e) => e.cached)).toBe(true);

      const solution = join(root, 'exercises', 'full-error-routing', 'solution.js');
      const original = await readFile(solution, 'utf8');
      await writeFile(solution, original.replace(/^function route/m, '// An edit.\nfunction route'));
      try {
        const edited = await json();
        expect(edited.fromCache).toBe(units - 1);
        const rerun = edited.exercises.find((e) => e.id === 'full-error-routing');
        expect(rerun?.solution).toBe('pass');
        expect(rerun?.cached).toBeUndefined();
      } finally {
        await writeFile(solution, original);
      }
      // --no-cache runs what the cache holds: one exercise is enough to see it.
      expect((await json('--exercise', 'full-error-routing')).fromCache).toBe(1);
      expect((await json('--exercise', 'full-error-routing', '--no-cache')).fromCache).toBe(0);
    },
    LONG,
  );

  it(
    '--exercise checks that exercise alone',
    async () => {
      const run = await runCli(['check', '--root', root, '--exercise', 'full-error-routing', '--no-cache']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Mutants: (\d+) of \1 caught by a test, in 1 exercise /m);
      expect(run.stdout).toMatch(/^The exercise full-error-routing checked in [\d.]+ s: 0 errors, 0 warnings\.$/m);
      const broken = await runCli(['check', '--root', root, '--exercise', 'route', '--format', 'json']);
      expect(broken.code).toBe(1);
      expect((JSON.parse(broken.stdout) as CheckReport).diagnostics.map((d) => d.rule)).toEqual(['tests/syntax']);
      const unknown = await runCli(['check', '--root', root, '--exercise', 'nope']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/There is no exercise "nope"/);
    },
    LONG,
  );
});

describe('the checks an untouched starter passes', () => {
  it(
    'are listed once per exercise, with their lines in the tests file, as information',
    async () => {
      const run = await runCli(['check', '--root', REPO, '--exercise', 'cancel-in-flight', '--no-cache', '--format', 'json']);
      expect(run.code, run.stderr).toBe(0);
      const listed = (JSON.parse(run.stdout) as CheckReport).diagnostics.filter((d) => d.rule === 'starter/passes-checks');
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ file: 'exercises/cancel-in-flight/tests.test.js', severity: 'info' });
      expect(listed[0]?.line).toBeGreaterThan(1);
      expect(listed[0]?.message).toMatch(/^The untouched starter passes \d+ of \d+ checks, so a learner who changed nothing scores [\d.]+%: "examples > .*" \(line \d+\)/);
      // route's starter passes none: its id-0 check no longer passes a route that returns nothing.
      const route = await runCli(['check', '--root', REPO, '--exercise', 'route', '--no-cache', '--format', 'json']);
      expect((JSON.parse(route.stdout) as CheckReport).diagnostics.filter((d) => d.rule === 'starter/passes-checks')).toEqual([]);
    },
    LONG,
  );
});

describe('a mistake in a generated check', () => {
  it(
    'is reported at the check’s line in the tests file, with what is wrong there',
    async () => {
      const copy = await copyCourse();
      try {
        const file = join(copy.root, 'exercises/full-error-routing/tests.test.js');
        const tests = await readFile(file, 'utf8');
        const line = tests.split('\n').findIndex((l) => l.includes("calls: (msg) => [['route', msg]]")) + 1;
        await writeFile(file, tests.replace("calls: (msg) => [['route', msg]]", "calls: (msg) => [['rout', msg]]"));
        const run = await runCli(['check', '--root', copy.root, '--exercise', 'full-error-routing', '--no-cache', '--format', 'json']);
        const broken = (JSON.parse(run.stdout) as CheckReport).diagnostics.filter((d) => d.rule === 'tests/broken-check');
        expect(broken).toHaveLength(1);
        expect(broken[0]).toMatchObject({ file: 'exercises/full-error-routing/tests.test.js', severity: 'error' });
        // The `it` whose agrees holds the typo: at or just above the edited line.
        expect(broken[0]?.line).toBeGreaterThan(line - 3);
        expect(broken[0]?.line).toBeLessThanOrEqual(line);
        expect(broken[0]?.message).toMatch(/calls` name `rout`, which is not a function of the exercise \(route\)/);
        expect(run.stdout).not.toMatch(/solution\.js:1:1/);
      } finally {
        await copy.remove();
      }
    },
    LONG,
  );
});
