/**
 * `course check --mutate` on a tiny fixture course (runner/cli/fixtures/mutation): exercise `ping`
 * has two surviving mutants, one recorded in equivalent-mutants.yml and one not.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCourse, type CourseFiles } from '../../content/index.ts';
import { readCourseFiles } from '../../node/read-course.ts';
import { CLI_TIMEOUT, runCli } from '../testing/cli-harness.ts';
import { createLocalGrader } from '../../node/local-grader.ts';
import { mutateCourse } from './mutate-course.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'mutation');
const EQUIVALENTS = 'exercises/ping/equivalent-mutants.yml';
const service = createLocalGrader({ concurrency: 4 });
afterAll(() => service.close());

async function mutate(edit: (files: Map<string, string>) => void = () => {}) {
  const files = new Map(await readCourseFiles(FIXTURE));
  edit(files);
  const { course, diagnostics } = loadCourse(files as CourseFiles);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return mutateCourse(course, service);
}

describe('mutateCourse', () => {
  it('counts the recorded survivor as equivalent and reports the other at its line of the solution', async () => {
    const { diagnostics, exercises } = await mutate();
    const [ping] = exercises;
    expect(ping).toMatchObject({ id: 'ping', equivalent: 1, survived: 1 });
    expect((ping?.killed ?? 0) + 2).toBe(ping?.generated);
    expect(ping?.mutants.find((m) => m.status === 'equivalent')).toMatchObject({ mutator: 'ConditionalExpression', original: "typeof msg.method !== 'string'", reason: expect.stringMatching(/not 'ping' either/) });
    expect(diagnostics.map((d) => [d.file, d.line, d.column, d.rule])).toEqual([['exercises/ping/solution.js', 3, 74, 'mutation/survives']]);
    expect(diagnostics[0]?.message).toContain('{ mutator: StringLiteral, original: "\'Method not found\'", replacement: "\\"\\"", reason: "..." }');
  });

  it('names the test or the run error that kills each other mutant', async () => {
    const { exercises } = await mutate();
    const killed = exercises[0]?.mutants.filter((m) => m.status === 'killed') ?? [];
    expect(killed.length).toBeGreaterThan(0);
    expect(killed.every((m) => typeof m.killedBy === 'string' && m.killedBy.length > 0)).toBe(true);
  });

  it('reports an entry that no mutant matches and an entry whose mutant a test kills, at their lines', async () => {
    const { diagnostics } = await mutate((files) => {
      const extra = [
        '  - mutator: StringLiteral',
        '    original: "\'Not a method\'"',
        '    replacement: \'""\'',
        '    reason: Gone since the message changed.',
        '  - mutator: EqualityOperator',
        '    original: "msg.method !== \'ping\'"',
        '    replacement: "msg.method === \'ping\'"',
        '    reason: Wrongly thought equivalent.',
      ];
      files.set(EQUIVALENTS, `${files.get(EQUIVALENTS)}${extra.join('\n')}\n`);
    });
    expect(diagnostics.map((d) => [d.file, d.line, d.rule])).toEqual([
      [EQUIVALENTS, 7, 'equivalents/stale'],
      [EQUIVALENTS, 11, 'equivalents/killed'],
      ['exercises/ping/solution.js', 3, 'mutation/survives'],
    ]);
    expect(diagnostics[1]?.message).toMatch(/killed by "examples > answers ping with pong"/);
  });

  it('reports every survivor when the folder has no equivalent-mutants.yml', async () => {
    const { diagnostics, exercises } = await mutate((files) => files.delete(EQUIVALENTS));
    expect(exercises[0]).toMatchObject({ equivalent: 0, survived: 2 });
    expect(diagnostics.map((d) => d.rule)).toEqual(['mutation/survives', 'mutation/survives']);
  });
});

describe('mutateCourse: an exercise of several files', () => {
  /** `ping` as two files: route.js the learner's, reply.js read-only. */
  const severalFiles = (equivalents: string) => (files: Map<string, string>) => {
    for (const name of ['solution.js', 'starter.js', 'mutants/no-version.js']) files.delete(`exercises/ping/${name}`);
    const task = files.get('exercises/ping/task.md') ?? '';
    files.set('exercises/ping/task.md', task.replace('functions: [route]', 'functions: [route]\nfiles:\n  - name: route.js\n    open: true\n  - name: reply.js\n    readonly: true'));
    const reply = "export function error(id, code, message) {\n  return { jsonrpc: '2.0', id, error: { code, message } };\n}\n";
    files.set('exercises/ping/starter/reply.js', reply);
    files.set('exercises/ping/solution/reply.js', reply);
    files.set('exercises/ping/starter/route.js', "import { error } from './reply.js';\n\nexport function route(msg) {\n  // Your code here.\n}\n");
    files.set(
      'exercises/ping/solution/route.js',
      "import { error } from './reply.js';\n\nexport function route(msg) {\n  if (typeof msg.method !== 'string' || msg.method !== 'ping') return error(msg.id, -32601, 'Method not found');\n  return { jsonrpc: '2.0', id: msg.id, result: 'pong' };\n}\n",
    );
    files.set(EQUIVALENTS, equivalents);
  };
  const ENTRY = ['mutants:', '  - mutator: ConditionalExpression', '    file: route.js', '    original: "typeof msg.method !== \'string\'"', '    replacement: "false"', '    reason: A method that is not a string is not ping either.'];

  it('mutates the files the learner writes, names each mutant by its file, and reports a survivor at its line there', async () => {
    const { diagnostics, exercises } = await mutate(severalFiles(`${ENTRY.join('\n')}\n`));
    const [ping] = exercises;
    expect(ping).toMatchObject({ equivalent: 1, survived: 1 });
    // reply.js is read-only: every submission has the exercise's, so none of its mutants can be written.
    expect(new Set(ping?.mutants.map((m) => m.file))).toEqual(new Set(['route.js']));
    expect(diagnostics.map((d) => [d.file, d.line, d.rule])).toEqual([['exercises/ping/solution/route.js', 4, 'mutation/survives']]);
    expect(diagnostics[0]?.message).toContain("StringLiteral `'Method not found'` -> `\"\"` in route.js");
    expect(diagnostics[0]?.message).toContain('{ mutator: StringLiteral, original: "\'Method not found\'", replacement: "\\"\\"", file: route.js, reason: "..." }');
  });

  it('takes an entry without its file for no mutant, and says the file may be what to correct', async () => {
    const { diagnostics } = await mutate(severalFiles(`${ENTRY.filter((line) => !line.includes('file:')).join('\n')}\n`));
    expect(diagnostics.map((d) => [d.file, d.line, d.rule])).toEqual([
      [EQUIVALENTS, 2, 'equivalents/stale'],
      ['exercises/ping/solution/route.js', 4, 'mutation/survives'],
      ['exercises/ping/solution/route.js', 4, 'mutation/survives'],
    ]);
    expect(diagnostics[0]?.message).toMatch(/correct its file, original, replacement or occurrence/);
  });
});

describe('course check --mutate', () => {
  it('exits 1, prints the survivor as file:line:column and a table per exercise', { timeout: CLI_TIMEOUT }, async () => {
    const run = await runCli(['check', '--mutate', '--root', FIXTURE]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/exercises\/ping\/solution\.js:3:74: error No test kills the generated mutant StringLiteral .* \[mutation\/survives\]/);
    expect(run.stdout).toMatch(/EXERCISE\s+MUTANTS\s+KILLED\s+EQUIVALENT\s+SURVIVED\nping\s+\d+\s+\d+\s+1\s+1\n/);
  });

  it('without --mutate, checks no generated mutant', { timeout: CLI_TIMEOUT }, async () => {
    const run = await runCli(['check', '--root', FIXTURE]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/SURVIVED/);
  });
});
