import { EventEmitter } from 'node:events';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { coursePlugin } from './vite-plugin-course.ts';

type Handler = (this: { warn(message: string): void }, id: string) => unknown;

function hooks(options: Parameters<typeof coursePlugin>[0] = {}) {
  const plugin = coursePlugin(options);
  const resolve = (plugin.resolveId as { handler: (id: string) => string | undefined }).handler;
  const load = (plugin.load as { handler: Handler }).handler;
  const warnings: string[] = [];
  const context = { warn: (message: string) => void warnings.push(message) };
  return { resolve, load: (id: string) => load.call(context, id) as Promise<string>, warnings };
}

// Each serving test loads the whole course through the Markdown toolchain, as a build does: a few
// seconds quiet, 23 s in a Node 24 run beside a full suite (load average 15), past the unit
// project's 20 s.
describe('coursePlugin', { timeout: 120_000 }, () => {
  it.each([
    ['virtual:course', '\0virtual:course'],
    ['virtual:course-outline', '\0virtual:course-outline'],
    ['virtual:course-lesson/the-router', '\0virtual:course-lesson/the-router'],
    ['virtual:course-examples', '\0virtual:course-examples'],
    ['virtual:course-examples/route-examples', '\0virtual:course-examples/route-examples'],
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
    // No mutant: its code and sentence come in a chunk of their own on a failing Submit.
    expect(bundle.exercises.every((e: object) => !('mutants' in e) && !('knownMistakes' in e))).toBe(true);
    // An examples exercise names its target; what checking it runs is in a chunk of its own.
    const examples = bundle.exercises.find((e: { id: string }) => e.id === 'route-examples');
    expect(examples).toMatchObject({ kind: 'examples', checkable: true, target: { function: 'route', mutants: 10 } });
    expect(source).not.toContain('msg.id || null');
    expect(source).not.toContain('a router that');
    // The task's Markdown comes parsed, without source positions.
    const task = bundle.exercises.find((e: { id: string }) => e.id === 'route').task;
    expect(bundle.markdown[task].type).toBe('root');
    expect(JSON.stringify(bundle.markdown)).not.toContain('"position"');
  });

  it('serves what checking an examples exercise runs in a chunk of its own, loaded on demand', async () => {
    const loaders = await hooks().load('\0virtual:course-examples');
    expect(loaders).toContain('"route-examples": () => import("virtual:course-examples/route-examples")');
    const source = await hooks().load('\0virtual:course-examples/route-examples');
    const json = /export const job = JSON\.parse\((".*")\);/.exec(source)?.[1];
    const job = JSON.parse(JSON.parse(json ?? '"null"'));
    expect(job).toMatchObject({ kind: 'examples', id: 'route-examples', target: { id: 'route', function: 'route' } });
    expect(job.target.mutants.map((m: { name: string }) => m.name)).toContain('id-zero-notification');
  });

  it("serves a code exercise's mutants in a chunk of their own, loaded on a failing Submit", async () => {
    const loaders = await hooks().load('\0virtual:course-mutants');
    expect(loaders).toContain('"route": () => import("virtual:course-mutants/route")');
    const source = await hooks().load('\0virtual:course-mutants/route');
    const json = /export const suspects = JSON\.parse\((".*")\);/.exec(source)?.[1];
    const suspects = JSON.parse(JSON.parse(json ?? '"null"'));
    expect(suspects.mutants.map((m: { name: string }) => m.name)).toContain('id-zero-notification');
    expect(suspects.fingerprints.mutants['id-zero-notification']).toContain('echoing the id > a request with id 0 is answered with id 0');
  });

  it('serves no loader and no check or mutants chunk in an assessed build: it ships no solution and no mutant', async () => {
    const assessed = hooks({ build: 'assessed' });
    expect(await assessed.load('\0virtual:course-examples')).not.toContain('import(');
    expect(await assessed.load('\0virtual:course-examples/route-examples')).toContain('export const job = JSON.parse("null")');
    expect(await assessed.load('\0virtual:course-mutants')).not.toContain('import(');
    expect(await assessed.load('\0virtual:course-mutants/route')).toContain('export const suspects = JSON.parse("null")');
  });

  it('serves null for an unknown lesson', async () => {
    expect(await hooks().load('\0virtual:course-lesson/no-such-lesson')).toContain('export const bundle = JSON.parse("null")');
  });
});

describe('coursePlugin in the dev server', () => {
  /** A copy of the course with a broken diagram in the first lesson, and a fake dev server. */
  async function devServer() {
    const root = await mkdtemp(join(tmpdir(), 'course-plugin-'));
    const repo = join(import.meta.dirname, '..');
    for (const folder of ['lessons', 'exercises']) await cp(join(repo, folder), join(root, folder), { recursive: true });
    const first = join(root, 'lessons', '01-the-router.md');
    const lines = (await readFile(first, 'utf8')).split('\n');
    const fence = lines.findIndex((l) => l.startsWith('```mermaid'));
    lines.splice(fence + 2, 0, '  A -> B');
    await writeFile(first, lines.join('\n'));

    const plugin = coursePlugin({ root });
    const load = (plugin.load as { handler: Handler }).handler;
    const context = { warn: () => {} };
    const watcher = new EventEmitter() as EventEmitter & { add(path: string): void };
    watcher.add = () => {};
    const graph = new Map<string, { id: string }>();
    const reloaded: string[] = [];
    const codes = new Map<string, string>();
    const server = {
      watcher,
      moduleGraph: { idToModuleMap: graph },
      reloadModule: async (mod: { id: string }) => {
        reloaded.push(mod.id);
        codes.set(mod.id, (await load.call(context, mod.id)) as string);
      },
      config: { logger: { error: (message: string) => reloaded.push(`error: ${message}`) } },
    };
    (plugin.configureServer as (server: unknown) => void)(server);
    const open = async (id: string) => {
      graph.set(id, { id });
      return (await load.call(context, id)) as string;
    };
    return { root, open, watcher, reloaded, codes, remove: () => rm(root, { recursive: true, force: true }) };
  }

  it('shows diagrams mermaid cannot parse among the diagnostics, and an edit reloads only the modules whose code changed', async () => {
    const dev = await devServer();
    try {
      const outline = await dev.open('\0virtual:course-outline');
      expect(outline).toMatch(/lesson\/diagram/);
      await dev.open('\0virtual:course-lesson/the-router');
      await dev.open('\0virtual:course-lesson/validating-messages');

      const second = join(dev.root, 'lessons', '02-validating-messages.md');
      await writeFile(second, `${await readFile(second, 'utf8')}\nA new closing paragraph.\n`);
      dev.watcher.emit('change', second);
      await vi.waitFor(() => expect(dev.reloaded).toEqual(['\0virtual:course-lesson/validating-messages']), { timeout: 20_000 });

      // A save seen half-written (the watcher passed on the truncation, not the write) still
      // serves the saved text: the course is read once the file has been quiet.
      const task = join(dev.root, 'exercises', 'route', 'task.md');
      const text = await readFile(task, 'utf8');
      await writeFile(task, '');
      dev.watcher.emit('change', task);
      await writeFile(task, `${text}\nSaved in two steps.\n`);
      await vi.waitFor(() => expect(dev.codes.get('\0virtual:course-lesson/the-router')).toContain('Saved in two steps.'), { timeout: 20_000 });
      dev.reloaded.length = 1;

      // Fixing the diagram changes the diagnostics, so the outline is reloaded too.
      const first = join(dev.root, 'lessons', '01-the-router.md');
      await writeFile(first, (await readFile(first, 'utf8')).replace('  A -> B\n', ''));
      dev.watcher.emit('change', first);
      await vi.waitFor(() => expect(dev.reloaded.slice(1).sort()).toEqual(['\0virtual:course-lesson/the-router', '\0virtual:course-outline']), { timeout: 20_000 });
    } finally {
      await dev.remove();
    }
    // Three saves, each waited for up to 20 s: on a busy machine the whole takes more than the
    // project's 20 s per test (the Node 22 run, beside a full npm test).
  }, 120_000);
});
