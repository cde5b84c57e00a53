import type { Root } from 'hast';
import { describe, expect, it } from 'vitest';
import type { Course, Exercise, Lesson } from '../../../runner/content/index.ts';
import { bundleOf, outlineOf } from './split.ts';

const exercise = (id: string, lesson: string): Exercise => ({
  type: 'exercise',
  kind: 'code',
  id,
  title: id,
  lesson,
  language: 'js',
  functions: ['route'],
  hints: [],
  limits: { callMs: 1000, runMs: 10_000, memoryMb: 64 },
  dir: `exercises/${id}`,
  task: 'task',
  taskLine: 1,
  starter: `starter ${id}`,
  solution: `solution ${id}`,
  tests: 'tests',
  testsFile: `exercises/${id}/tests.test.js`,
  variants: [],
  mutants: [{ name: 'm', file: 'f', mistake: 'x', learner: 'You do x.', source: 's' }],
});

const lesson = (id: string, order: number, exercises: string[]): Lesson => ({
  type: 'lesson',
  id,
  title: id,
  order,
  summary: 's',
  specs: [],
  file: `lessons/0${order}-${id}.md`,
  segments: [{ kind: 'markdown', line: 1, markdown: 'text' }, ...exercises.map((e) => ({ kind: 'exercise' as const, line: 2, id: e }))],
});

const course: Course = {
  lessons: [lesson('one', 1, ['a', 'b', 'missing']), lesson('two', 2, ['c'])],
  exercises: [exercise('a', 'one'), exercise('b', 'one'), exercise('c', 'two')],
};

describe('course split', () => {
  it('outlines lessons with their existing exercises, and every starter for the export', () => {
    const outline = outlineOf(course);
    expect(outline.lessons.map((l) => [l.id, l.exerciseIds])).toEqual([
      ['one', ['a', 'b']],
      ['two', ['c']],
    ]);
    expect(outline.exercises).toEqual([
      { id: 'a', title: 'a', lesson: 'one', language: 'js', starter: 'starter a' },
      { id: 'b', title: 'b', lesson: 'one', language: 'js', starter: 'starter b' },
      { id: 'c', title: 'c', lesson: 'two', language: 'js', starter: 'starter c' },
    ]);
    // No lesson text, tests or solutions in the outline.
    expect(JSON.stringify(outline)).not.toMatch(/solution a|"segments"|"tests"/);
  });

  // A stand-in parser: the tree holds its source, so the test sees which string it was built from.
  const options = { markdownTree: (markdown: string): Root => ({ type: 'root', children: [{ type: 'text', value: markdown }] }) };

  it('bundles one lesson with its exercises, mutants removed', () => {
    const bundle = bundleOf(course, 'one', options);
    expect(bundle?.lesson.id).toBe('one');
    expect(bundle?.exercises.map((e) => e.id)).toEqual(['a', 'b']);
    expect(bundle?.exercises.every((e) => !('mutants' in e) && String(e.solution).startsWith('solution'))).toBe(true);
    expect(JSON.stringify(bundle)).not.toContain('"source"');
    expect(bundleOf(course, 'nope', options)).toBeUndefined();
  });

  it('bundles a tree for each Markdown string the lesson page renders', () => {
    const bundle = bundleOf(course, 'one', options);
    expect(Object.keys(bundle?.markdown ?? {}).sort()).toEqual(['task', 'text']);
    expect(bundle?.markdown.text).toEqual(options.markdownTree('text'));
  });
});
