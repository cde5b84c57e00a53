import { describe, expect, it } from 'vitest';
import { createLoadCourseCache, loadCourse } from './course.ts';

type Where = [file: string, rule: string, line: number, column: number];

const lessonText = (id: string, order: number, body: string) =>
  `---\nid: ${id}\ntitle: ${id}\norder: ${order}\nsummary: About ${id}.\n---\n${body}`;

/** An exercise folder that loads without diagnostics of its own. */
function exercise(id: string, lesson: string): Record<string, string> {
  const dir = `exercises/${id}`;
  return {
    [`${dir}/task.md`]: `---\nid: ${id}\ntitle: ${id}\nlesson: ${lesson}\nfunctions: [route]\n---\nWrite route.\n`,
    [`${dir}/starter.js`]: 'function route(msg) {}\n',
    [`${dir}/solution.js`]: 'function route(msg) {\n  return null;\n}\n',
    [`${dir}/tests.test.js`]:
      "import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\n" +
      "describe('examples', () => {\n  it('answers null', async () => {\n    expect(await route({})).toBe(null);\n  });\n});\n",
    [`${dir}/mutants/answers-undefined.js`]: '// mistake: answers undefined.\n// learner: Your code seems to make this mistake.\nfunction route(msg) {}\n',
  };
}

const base: Record<string, string> = {
  'lessons/README.md': 'Not a lesson.',
  'lessons/01-basics.md': lessonText('basics', 1, 'Text.\n\n::exercise{id=second}\n\n::exercise{id=first}\n'),
  'lessons/02-more.md': lessonText('more', 2, '::exercise{id=third}\n'),
  ...exercise('first', 'basics'),
  ...exercise('second', 'basics'),
  ...exercise('third', 'more'),
};

const load = (changes: Record<string, string | undefined> = {}) => {
  const files = Object.entries({ ...base, ...changes }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return loadCourse(new Map(files));
};

describe('loadCourse', () => {
  it('loads lessons in order and exercises by lesson, then by place in the lesson', () => {
    const { course, diagnostics } = load({ 'lessons/00-intro.md': lessonText('intro', 3, 'Hi.\n') });
    expect(diagnostics.map((d) => d.rule)).toEqual(['lesson/file-name']);
    expect(course.lessons.map((l) => [l.order, l.id])).toEqual([[1, 'basics'], [2, 'more'], [3, 'intro']]);
    expect(course.exercises.map((e) => e.id)).toEqual(['second', 'first', 'third']);
  });

  it('puts exercises whose lesson is unknown last, by id', () => {
    const { course } = load({ ...exercise('b-orphan', 'nowhere'), ...exercise('a-orphan', 'nowhere') });
    expect(course.exercises.map((e) => e.id)).toEqual(['second', 'first', 'third', 'a-orphan', 'b-orphan']);
  });

  const cases: Array<{ name: string; changes: Record<string, string | undefined>; expected: Where[] }> = [
    { name: 'a consistent course', changes: {}, expected: [] },
    {
      name: 'two lessons with one id',
      changes: { 'lessons/03-basics.md': lessonText('basics', 3, 'Again.\n') },
      expected: [['lessons/03-basics.md', 'course/duplicate-lesson-id', 2, 5]],
    },
    {
      name: 'two lessons with one order',
      changes: { 'lessons/02-other.md': lessonText('other', 2, 'Again.\n') },
      expected: [['lessons/02-other.md', 'course/duplicate-lesson-order', 4, 8]],
    },
    {
      name: 'an embed naming no exercise',
      changes: { 'lessons/02-more.md': lessonText('more', 2, '::exercise{id=third}\n\n::exercise{id=ghost}\n') },
      expected: [['lessons/02-more.md', 'course/unknown-exercise', 9, 1]],
    },
    {
      name: 'an exercise naming no lesson',
      changes: exercise('third', 'missing'),
      expected: [['exercises/third/task.md', 'course/unknown-lesson', 4, 9]],
    },
    {
      name: 'an exercise its lesson does not embed',
      changes: { 'lessons/02-more.md': lessonText('more', 2, 'Nothing here.\n') },
      expected: [['exercises/third/task.md', 'course/exercise-not-embedded', 4, 9]],
    },
    {
      name: 'an exercise embedded in another lesson only',
      changes: { 'lessons/02-more.md': lessonText('more', 2, 'Nothing.\n'), 'lessons/01-basics.md': lessonText('basics', 1, '::exercise{id=first}\n\n::exercise{id=second}\n\n::exercise{id=third}\n') },
      expected: [['exercises/third/task.md', 'course/exercise-not-embedded', 4, 9]],
    },
    {
      name: 'a broken exercise folder is reported, and its embed is not unknown',
      changes: { 'exercises/third/solution.js': undefined },
      expected: [['exercises/third/solution.js', 'exercise/missing-file', 1, 1]],
    },
    {
      name: 'files beside the exercise folders are not exercises',
      changes: { 'exercises/README.md': 'About exercises.', 'lessons/images/diagram.md': 'not a lesson' },
      expected: [],
    },
  ];
  it.each(cases)('$name', ({ changes, expected }) => {
    const { diagnostics } = load(changes);
    expect(diagnostics.map((d) => [d.file, d.rule, d.line, d.column])).toEqual(expected);
  });

  it('says where an exercise is embedded when it is not in its own lesson', () => {
    const { diagnostics } = load(cases[6]?.changes);
    expect(diagnostics[0]?.message).toContain('(it is embedded in `basics`)');
    expect(diagnostics[0]?.severity).toBe('warning');
  });
});

describe('loadCourse with a cache (the live preview)', () => {
  it('gives what a fresh load gives, and parses again only the lesson or exercise that changed', () => {
    const cache = createLoadCourseCache();
    const files = new Map(Object.entries(base));
    const first = loadCourse(files, cache);
    expect(first).toEqual(loadCourse(files));

    const edited = new Map(files);
    edited.set('lessons/02-more.md', lessonText('more', 2, 'A new paragraph.\n\n::exercise{id=third}\n'));
    edited.set('exercises/first/solution.js', 'function route(msg) {\n  return null; // edited\n}\n');
    const second = loadCourse(edited, cache);
    expect(second).toEqual(loadCourse(edited));
    const lesson = (result: typeof first, id: string) => result.course.lessons.find((l) => l.id === id);
    const exercise = (result: typeof first, id: string) => result.course.exercises.find((e) => e.id === id);
    // Unchanged: the very same objects; changed: loaded again.
    expect(lesson(second, 'basics')).toBe(lesson(first, 'basics'));
    expect(lesson(second, 'more')).not.toBe(lesson(first, 'more'));
    expect(exercise(second, 'second')).toBe(exercise(first, 'second'));
    expect(exercise(second, 'first')?.solution).toMatch(/edited/);
    expect(cache.lessons.size).toBe(2);
    expect(cache.exercises.size).toBe(3);
  });
});
