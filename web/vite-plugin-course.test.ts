import { describe, expect, it } from 'vitest';
import { coursePlugin } from './vite-plugin-course.ts';

type Handler = (this: { warn(message: string): void }, id: string) => unknown;

function hooks() {
  const plugin = coursePlugin();
  const resolve = (plugin.resolveId as { handler: (id: string) => string | undefined }).handler;
  const load = (plugin.load as { handler: Handler }).handler;
  const warnings: string[] = [];
  const context = { warn: (message: string) => void warnings.push(message) };
  return { resolve, load: (id: string) => load.call(context, id) as Promise<string>, warnings };
}

describe('coursePlugin', () => {
  it.each([
    ['virtual:course', '\0virtual:course'],
    ['virtual:course-outline', '\0virtual:course-outline'],
    ['virtual:course-lesson/the-router', '\0virtual:course-lesson/the-router'],
    ['virtual:courseware', undefined],
  ])('resolves %s', (id, resolved) => {
    expect(hooks().resolve(id)).toBe(resolved);
  });

  it('serves the outline with one lazy loader per lesson and no lesson text or tests', async () => {
    const source = await hooks().load('\0virtual:course-outline');
    expect(source).toContain('"the-router": () => import("virtual:course-lesson/the-router")');
    expect(source).not.toContain('describe(');
    expect(source).toContain('import.meta.hot.accept');
  });

  it('serves one lesson with its exercises, mutants removed', async () => {
    const source = await hooks().load('\0virtual:course-lesson/the-router');
    const json = /export const bundle = JSON\.parse\((".*")\);/.exec(source)?.[1];
    const bundle = JSON.parse(JSON.parse(json ?? '"null"'));
    expect(bundle.lesson.id).toBe('the-router');
    expect(bundle.exercises.map((e: { id: string }) => e.id)).toContain('route');
    // No mutant's code: only what names a learner's mistake.
    expect(bundle.exercises.every((e: object) => !('mutants' in e))).toBe(true);
    expect(bundle.exercises.every((e: { knownMistakes: unknown[] }) => Array.isArray(e.knownMistakes))).toBe(true);
    // The task's Markdown comes parsed, without source positions.
    const task = bundle.exercises.find((e: { id: string }) => e.id === 'route').task;
    expect(bundle.markdown[task].type).toBe('root');
    expect(JSON.stringify(bundle.markdown)).not.toContain('"position"');
  });

  it('serves null for an unknown lesson', async () => {
    expect(await hooks().load('\0virtual:course-lesson/no-such-lesson')).toContain('export const bundle = JSON.parse("null")');
  });
});
