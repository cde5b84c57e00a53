import { describe, expect, it } from 'vitest';
import { loadExercise } from './exercise.ts';

type Where = [file: string, rule: string, line: number, column: number];

const task = (extra = '', language = 'js') =>
  `---\nid: route\ntitle: Route a request\nlesson: the-router\nlanguage: ${language}\nfunctions: [route]\n${extra}---\nWrite \`route(msg)\`.\n`;
const tests =
  "import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\n" +
  "describe('examples', () => {\n  it('answers ping', async () => {\n    expect(await route({})).toEqual({ ok: true });\n  });\n});\n";
const solution = 'function route(msg) {\n  return { ok: true };\n}\n';
const starter = 'function route(msg) {\n  // Your code here.\n}\n';
const mutant = '// mistake: answers nothing.\n// learner: Your code seems to make this mistake.\nfunction route(msg) {\n  return undefined;\n}\n';

/** A valid exercise folder `exercises/route`, then `changes` applied (undefined deletes a file). */
function course(changes: Record<string, string | undefined> = {}): Map<string, string> {
  const files: Record<string, string | undefined> = {
    'exercises/route/task.md': task(),
    'exercises/route/starter.js': starter,
    'exercises/route/solution.js': solution,
    'exercises/route/tests.test.js': tests,
    'exercises/route/mutants/answers-nothing.js': mutant,
    'exercises/other/task.md': 'not looked at',
    ...changes,
  };
  return new Map(Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const ts = {
  'exercises/route/task.md': task('', 'ts'),
  'exercises/route/starter.js': undefined,
  'exercises/route/solution.js': undefined,
  'exercises/route/mutants/answers-nothing.js': undefined,
  'exercises/route/starter.ts': 'function route(msg: unknown): unknown {\n  return undefined;\n}\n',
  'exercises/route/solution.ts': 'interface Reply { ok: boolean }\nfunction route(msg: unknown): Reply {\n  return { ok: true };\n}\n',
  'exercises/route/mutants/answers-nothing.ts': '// mistake: answers nothing.\n// learner: Your code seems to make this mistake.\nfunction route(msg: unknown): undefined {\n  return undefined;\n}\n',
};

describe('loadExercise diagnostics', () => {
  const cases: Array<{ name: string; changes: Record<string, string | undefined>; expected: Where[] }> = [
    { name: 'a valid js exercise', changes: {}, expected: [] },
    { name: 'a valid ts exercise', changes: ts, expected: [] },
    { name: 'no task.md', changes: { 'exercises/route/task.md': undefined }, expected: [['task.md', 'exercise/missing-file', 1, 1]] },
    { name: 'bad front matter', changes: { 'exercises/route/task.md': task('limits: 3\n') }, expected: [['task.md', 'front-matter/schema', 7, 9]] },
    { name: 'id differs from the folder', changes: { 'exercises/route/task.md': task().replace('id: route', 'id: routes') }, expected: [['task.md', 'exercise/id-mismatch', 2, 5]] },
    { name: 'a blank hint', changes: { 'exercises/route/task.md': task('hints:\n  - fine\n  - "  "\n') }, expected: [['task.md', 'exercise/empty-hint', 9, 5]] },
    { name: 'an exercise served as an MCP server', changes: { 'exercises/route/task.md': task('serves: mcp\n') }, expected: [] },
    {
      name: 'served as an MCP server without route in functions',
      changes: {
        'exercises/route/task.md': task('serves: mcp\n').replace('functions: [route]', 'functions: [handle]'),
        'exercises/route/starter.js': starter.replace('route', 'handle'),
        'exercises/route/solution.js': solution.replace('route', 'handle'),
        'exercises/route/tests.test.js': tests.replaceAll('route', 'handle'),
        'exercises/route/mutants/answers-nothing.js': mutant.replace('function route', 'function handle'),
      },
      expected: [['task.md', 'exercise/serves-function', 7, 9]],
    },
    { name: 'no task text', changes: { 'exercises/route/task.md': task().replace('Write `route(msg)`.\n', '') }, expected: [['task.md', 'exercise/empty-task', 1, 1]] },
    { name: 'no starter', changes: { 'exercises/route/starter.js': undefined }, expected: [['starter.js', 'exercise/missing-file', 1, 1]] },
    { name: 'no solution', changes: { 'exercises/route/solution.js': undefined }, expected: [['solution.js', 'exercise/missing-file', 1, 1]] },
    { name: 'no tests', changes: { 'exercises/route/tests.test.js': undefined }, expected: [['tests.test.js', 'exercise/missing-file', 1, 1]] },
    {
      name: 'starter in the other language',
      changes: { 'exercises/route/starter.js': undefined, 'exercises/route/starter.ts': starter },
      expected: [['task.md', 'exercise/starter-language', 5, 11]],
    },
    {
      name: 'solution in the other language',
      changes: { 'exercises/route/solution.js': undefined, 'exercises/route/solution.ts': solution },
      expected: [['task.md', 'exercise/solution-language', 5, 11]],
    },
    { name: 'starter syntax error', changes: { 'exercises/route/starter.js': 'function route(msg) {\n  return {;\n}\n' }, expected: [['starter.js', 'source/syntax', 2, 11]] },
    { name: 'solution written as a module', changes: { 'exercises/route/solution.js': `export ${solution}` }, expected: [['solution.js', 'source/syntax', 1, 1]] },
    { name: 'solution lacks a function', changes: { 'exercises/route/solution.js': 'function other() {}\n' }, expected: [['solution.js', 'exercise/missing-function', 1, 1]] },
    { name: 'ts solution syntax error', changes: { ...ts, 'exercises/route/solution.ts': 'function route(msg: unknown) {\n  let x: = 1;\n}\n' }, expected: [['solution.ts', 'source/syntax', 2, 10]] },
    { name: 'mutant without its mistake line', changes: { 'exercises/route/mutants/answers-nothing.js': solution }, expected: [['mutants/answers-nothing.js', 'mutant/no-mistake', 1, 1]] },
    { name: 'mutant with an empty mistake', changes: { 'exercises/route/mutants/answers-nothing.js': `// mistake:\n${solution}` }, expected: [['mutants/answers-nothing.js', 'mutant/no-mistake', 1, 1]] },
    { name: 'mutant syntax error', changes: { 'exercises/route/mutants/answers-nothing.js': '// mistake: x.\n// learner: Your code seems to make this mistake.\nfunction route(msg) {\n  return 1 +;\n}\n' }, expected: [['mutants/answers-nothing.js', 'source/syntax', 4, 13]] },
    {
      name: 'mutant in the other language',
      changes: { 'exercises/route/mutants/typed.ts': mutant },
      expected: [['mutants/typed.ts', 'mutant/language', 1, 1]],
    },
    { name: 'mutant not in kebab-case', changes: { 'exercises/route/mutants/Bad_Name.js': mutant }, expected: [['mutants/Bad_Name.js', 'mutant/name', 1, 1]] },
    { name: 'no mutants', changes: { 'exercises/route/mutants/answers-nothing.js': undefined }, expected: [['task.md', 'exercise/no-mutants', 1, 1]] },
    {
      name: 'unexpected files',
      changes: { 'exercises/route/notes.txt': 'x', 'exercises/route/mutants/readme.md': 'x' },
      expected: [['mutants/readme.md', 'exercise/unexpected-file', 1, 1], ['notes.txt', 'exercise/unexpected-file', 1, 1]],
    },
    {
      name: 'equivalent-mutants.yml is part of an exercise; its problems are included',
      changes: { 'exercises/route/equivalent-mutants.yml': 'mutants:\n  - mutator: StringLiteral\n    original: "\'x\'"\n    replacement: \'""\'\n' },
      expected: [['equivalent-mutants.yml', 'equivalents/schema', 2, 5]],
    },
    { name: 'served as something unknown', changes: { 'exercises/route/task.md': task('serves: http\n') }, expected: [['task.md', 'front-matter/schema', 7, 9]] },
    {
      name: 'tests problems are included',
      changes: { 'exercises/route/tests.test.js': tests.replace("'examples'", "'shown'").replace("'vitest';", "'vitest';\nimport x from 'chai';") },
      expected: [['tests.test.js', 'tests/no-examples', 1, 1], ['tests.test.js', 'tests/forbidden-import', 2, 1]],
    },
  ];
  it.each(cases)('$name', ({ changes, expected }) => {
    const { diagnostics } = loadExercise('exercises/route', course(changes));
    const where = diagnostics.map((d) => [d.file.replace('exercises/route/', ''), d.rule, d.line, d.column]);
    expect(where).toEqual(expected);
  });
});

describe('loadExercise result', () => {
  it('assembles the exercise with defaults, the task body and sorted mutants', () => {
    const files = course({ 'exercises/route/mutants/aa-first.js': '// mistake: comes first.\n// learner: Your code seems to make this mistake.\nfunction route() {}\n' });
    const { exercise, diagnostics } = loadExercise('exercises/route', files);
    expect(diagnostics).toEqual([]);
    expect(exercise).toMatchObject({
      type: 'exercise', id: 'route', language: 'js', functions: ['route'], hints: [], dir: 'exercises/route',
      task: 'Write `route(msg)`.\n', taskLine: 8, starter, solution, tests, testsFile: 'exercises/route/tests.test.js',
      limits: { callMs: 1000, runMs: 10_000, memoryMb: 64 },
    });
    if (exercise?.kind !== 'code') throw new Error('route should load as a code exercise');
    expect(exercise.mutants.map((m) => [m.name, m.file, m.mistake])).toEqual([
      ['aa-first', 'exercises/route/mutants/aa-first.js', 'comes first.'],
      ['answers-nothing', 'exercises/route/mutants/answers-nothing.js', 'answers nothing.'],
    ]);
  });

  it('carries the equivalent mutants when the folder has equivalent-mutants.yml', () => {
    const yml = 'mutants:\n  - mutator: StringLiteral\n    original: "\'x\'"\n    replacement: \'""\'\n    reason: Never shown.\n';
    const { exercise, diagnostics } = loadExercise('exercises/route', course({ 'exercises/route/equivalent-mutants.yml': yml }));
    expect(diagnostics).toEqual([]);
    if (exercise?.kind !== 'code') throw new Error('route should load as a code exercise');
    expect(exercise.equivalentMutants).toEqual({
      file: 'exercises/route/equivalent-mutants.yml',
      entries: [{ mutator: 'StringLiteral', original: "'x'", replacement: '""', occurrence: 1, reason: 'Never shown.', line: 2, column: 5 }],
    });
    expect(loadExercise('exercises/route', course()).exercise).not.toHaveProperty('equivalentMutants');
  });

  it.each([
    ['front matter invalid', { 'exercises/route/task.md': task('bogus: 1\n') }],
    ['solution missing', { 'exercises/route/solution.js': undefined }],
    ['tests missing', { 'exercises/route/tests.test.js': undefined }],
  ])('gives no exercise when %s', (_name, changes) => {
    expect(loadExercise('exercises/route', course(changes)).exercise).toBeUndefined();
  });

  it('takes the language from the files when the front matter is invalid, so nothing else is reported', () => {
    const { diagnostics } = loadExercise('exercises/route', course({ ...ts, 'exercises/route/task.md': task('bogus: 1\n', 'ts') }));
    expect(diagnostics.map((d) => d.rule)).toEqual(['front-matter/unknown-key']);
  });

  it('carries `serves` (what the page reads to offer `course serve`), and nothing when it is absent', () => {
    const served = loadExercise('exercises/route', course({ 'exercises/route/task.md': task('serves: mcp\n') })).exercise;
    expect(served).toMatchObject({ kind: 'code', serves: 'mcp' });
    expect(loadExercise('exercises/route', course()).exercise).not.toHaveProperty('serves');
  });

  it('throws on a folder path that is not exercises/<id>', () => {
    expect(() => loadExercise('route', course())).toThrow(/exercises\/<id>/);
    expect(() => loadExercise('exercises/route/', course())).toThrow(/forward slashes/);
  });
});
