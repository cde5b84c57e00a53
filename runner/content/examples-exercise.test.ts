import { describe, expect, it } from 'vitest';
import { loadCourse } from './course.ts';
import { examplesKindHint } from './examples-exercise.ts';
import { loadExercise } from './exercise.ts';

const codeTask = (functions = '[route]') => `---\nid: route\ntitle: Route\nlesson: the-router\nfunctions: ${functions}\n---\nWrite \`route(msg)\`.\n`;
const examplesTask = (extra = '', id = 'route-examples') => `---\nid: ${id}\ntitle: Before route\nlesson: the-router\nkind: examples\nof: route\n${extra}---\nWrite examples.\n`;
const mutant = (catches = '// catches: a router that answers nothing\n') =>
  `// mistake: answers nothing.\n// learner: Your router seems to answer nothing.\n${catches}function route(msg) {\n  return undefined;\n}\n`;
const examples = 'const examples = [\n  { message: { id: 1 }, reply: { ok: true } },\n];\n';

/** A course with the code exercise `route` and the examples exercise `route-examples`, then `changes`. */
function files(changes: Record<string, string | undefined> = {}): Map<string, string> {
  const all: Record<string, string | undefined> = {
    'lessons/01-the-router.md': '---\nid: the-router\ntitle: The router\norder: 1\nsummary: Route.\n---\n::exercise{id=route-examples}\n\n::exercise{id=route}\n',
    'exercises/route/task.md': codeTask(),
    'exercises/route/starter.js': 'function route(msg) {}\n',
    'exercises/route/solution.js': 'function route(msg) {\n  return { ok: true };\n}\n',
    'exercises/route/tests.test.js': "import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\ndescribe('examples', () => {\n  it('ok', async () => {\n    expect(await route({})).toEqual({ ok: true });\n  });\n});\n",
    'exercises/route/mutants/answers-nothing.js': mutant(),
    'exercises/route-examples/task.md': examplesTask(),
    'exercises/route-examples/starter.js': 'const examples = [];\n',
    'exercises/route-examples/solution.js': examples,
    ...changes,
  };
  return new Map(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const where = (diagnostics: { file: string; rule: string; line: number }[]) => diagnostics.map((d) => [d.file, d.rule, d.line]);

describe('loading an examples exercise', () => {
  it('reads the kind, `of` and the defaults, with no tests or mutants of its own', () => {
    const { exercise, diagnostics } = loadExercise('exercises/route-examples', files());
    expect(diagnostics).toEqual([]);
    expect(exercise).toMatchObject({ kind: 'examples', of: 'route', input: 'message', compare: 'exact', language: 'js', starter: 'const examples = [];\n', solution: examples });
    expect(exercise).not.toHaveProperty('threshold');
    expect(exercise).not.toHaveProperty('tests');
  });

  it('reads a code exercise as kind code when task.md does not say', () => {
    expect(loadExercise('exercises/route', files()).exercise?.kind).toBe('code');
  });

  it.each([
    ['no starter', { 'exercises/route-examples/starter.js': undefined }, [['exercises/route-examples/starter.js', 'exercise/missing-file', 1]]],
    ['no reference examples', { 'exercises/route-examples/solution.js': undefined }, [['exercises/route-examples/solution.js', 'exercise/missing-file', 1]]],
    ['reference examples that define no `examples`', { 'exercises/route-examples/solution.js': 'const cases = [];\n' }, [['exercises/route-examples/solution.js', 'exercise/missing-function', 1]]],
    ['tests of its own', { 'exercises/route-examples/tests.test.js': 'x' }, [['exercises/route-examples/tests.test.js', 'exercise/unexpected-file', 1]]],
    ['a field of the code kind', { 'exercises/route-examples/task.md': examplesTask('functions: [route]\n') }, [['exercises/route-examples/task.md', 'front-matter/unknown-key', 7]]],
    ['a threshold of 0, and nothing else', { 'exercises/route-examples/task.md': examplesTask('threshold: 0\n') }, [['exercises/route-examples/task.md', 'front-matter/schema', 7]]],
    ['an unknown way to compare', { 'exercises/route-examples/task.md': examplesTask('compare: loose\n') }, [['exercises/route-examples/task.md', 'front-matter/schema', 7]]],
  ])('reports %s', (_name, changes, expected) => {
    expect(where(loadExercise('exercises/route-examples', files(changes)).diagnostics)).toEqual(expected);
  });

  it('names the kinds when task.md names another', () => {
    const { diagnostics } = loadExercise('exercises/route', files({ 'exercises/route/task.md': codeTask().replace('functions', 'kind: quiz\nfunctions') }));
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('must be "code" (the default) or "examples"')]);
  });

  it('tells the kind from the text of task.md, even when it does not validate', () => {
    expect(examplesKindHint(examplesTask())).toBe(true);
    expect(examplesKindHint(examplesTask().replace('kind: examples', "kind: 'examples' # the learner writes examples"))).toBe(true);
    expect(examplesKindHint(codeTask())).toBe(false);
    expect(examplesKindHint('---\ntitle: x\n---\nkind: examples\n')).toBe(false);
  });
});

describe('an examples exercise in the course', () => {
  it('is clean when `of` is a code exercise whose mutants say what they catch', () => {
    expect(loadCourse(files()).diagnostics).toEqual([]);
  });

  it.each([
    ['`of` names no exercise', { 'exercises/route-examples/task.md': examplesTask().replace('of: route', 'of: ghost') }, [['exercises/route-examples/task.md', 'examples/unknown-of', 6]]],
    [
      '`of` names an examples exercise',
      {
        'exercises/route-examples/task.md': examplesTask().replace('of: route', 'of: more-examples'),
        'exercises/more-examples/task.md': examplesTask('', 'more-examples').replace('lesson: the-router', 'lesson: the-router'),
        'exercises/more-examples/starter.js': 'const examples = [];\n',
        'exercises/more-examples/solution.js': examples,
        'lessons/01-the-router.md': '---\nid: the-router\ntitle: The router\norder: 1\nsummary: Route.\n---\n::exercise{id=route-examples}\n\n::exercise{id=route}\n\n::exercise{id=more-examples}\n',
      },
      [['exercises/route-examples/task.md', 'examples/of-not-code', 6]],
    ],
    ['a function `of` does not have', { 'exercises/route-examples/task.md': examplesTask('function: dispatch\n') }, [['exercises/route-examples/task.md', 'examples/unknown-function', 7]]],
    [
      'no function when `of` has several',
      { 'exercises/route/task.md': codeTask('[route, reset]'), 'exercises/route/solution.js': 'function route() {}\nfunction reset() {}\n' },
      [['exercises/route-examples/task.md', 'examples/function-needed', 6], ['exercises/route/tests.test.js', 'tests/untested-function', 1]],
    ],
    ['a threshold above the number of mutants', { 'exercises/route-examples/task.md': examplesTask('threshold: 2\n') }, [['exercises/route-examples/task.md', 'examples/threshold', 7]]],
    ['a borrowed mutant that does not say what it catches', { 'exercises/route/mutants/answers-nothing.js': mutant('') }, [['exercises/route/mutants/answers-nothing.js', 'examples/mutant-no-catches', 1]]],
    [
      '`of` without mutants',
      { 'exercises/route/mutants/answers-nothing.js': undefined },
      [['exercises/route-examples/task.md', 'examples/no-mutants', 6], ['exercises/route/task.md', 'exercise/no-mutants', 1]],
    ],
  ])('reports %s', (_name, changes, expected) => {
    expect(where(loadCourse(files(changes)).diagnostics)).toEqual(expected);
  });

  it('reports a mutant without `catches` once, however many examples exercises borrow it', () => {
    const second = {
      'exercises/second-examples/task.md': examplesTask('', 'second-examples'),
      'exercises/second-examples/starter.js': 'const examples = [];\n',
      'exercises/second-examples/solution.js': examples,
      'lessons/01-the-router.md': '---\nid: the-router\ntitle: The router\norder: 1\nsummary: Route.\n---\n::exercise{id=route-examples}\n\n::exercise{id=second-examples}\n\n::exercise{id=route}\n',
      'exercises/route/mutants/answers-nothing.js': mutant(''),
    };
    expect(where(loadCourse(files(second)).diagnostics)).toEqual([['exercises/route/mutants/answers-nothing.js', 'examples/mutant-no-catches', 1]]);
  });
});
