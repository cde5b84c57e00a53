/**
 * Vite plugin serving the course to the web app as virtual modules:
 * - `virtual:course`: the whole parsed course (mutants removed) and its diagnostics;
 * - `virtual:course-outline`: the outline every page needs, the diagnostics, and `lessonLoaders`,
 *   one dynamic import per lesson;
 * - `virtual:course-lesson/<id>`: one lesson with its exercises and its Markdown already parsed
 *   into trees (a chunk loaded on opening it).
 * In the dev server (`npm run dev`, the instructors' preview) any change under lessons/ or
 * exercises/ rebuilds the modules and hot-updates the open page without a reload.
 */
import { join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadCourse, formatDiagnostic, type Diagnostic, type Course } from '../runner/content/index.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';
import { bundleOf, outlineOf } from './src/course/split.ts';
import { markdownTree } from './src/markdown/markdown-tree.ts';

export interface CoursePluginOptions {
  /** Course root holding lessons/ and exercises/; defaults to the repository root. */
  root?: string;
}

const PREFIX = 'virtual:course';
const WHOLE = 'virtual:course';
const OUTLINE = 'virtual:course-outline';
const LESSON = 'virtual:course-lesson/';
const watchedFolders = ['lessons', 'exercises'];

/** The course as the web app receives it: mutants are for the CLI's checks, never shipped. */
export function courseForWeb(course: Course): Course {
  return {
    lessons: course.lessons,
    exercises: course.exercises.map((exercise) => ({ ...exercise, mutants: [] })),
  };
}

/** `export const` lines for JSON values; JSON.parse of a string starts faster than a literal. */
function jsonExports(values: Record<string, unknown>): string[] {
  return Object.entries(values).map(([name, value]) => `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(value))});`);
}

/** Self-accepting module: the page's course store hears `event` and re-renders in place. */
function hotAccept(event: string, names: string[]): string[] {
  const detail = names.map((n) => `${n}: next.${n}`).join(', ');
  return [
    'if (import.meta.hot) {',
    '  import.meta.hot.accept((next) => {',
    `    if (next) window.dispatchEvent(new CustomEvent(${JSON.stringify(event)}, { detail: { ${detail} } }));`,
    '  });',
    '}',
  ];
}

function wholeModule(course: Course, diagnostics: Diagnostic[]): string {
  return [...jsonExports({ course: courseForWeb(course), diagnostics }), ...hotAccept('course-update', ['course', 'diagnostics'])].join('\n');
}

function outlineModule(course: Course, diagnostics: Diagnostic[]): string {
  const loaders = course.lessons.map((l) => `  ${JSON.stringify(l.id)}: () => import(${JSON.stringify(LESSON + l.id)}),`);
  return [
    ...jsonExports({ outline: outlineOf(course), diagnostics }),
    'export const lessonLoaders = {',
    ...loaders,
    '};',
    ...hotAccept('course-outline-update', ['outline', 'diagnostics', 'lessonLoaders']),
  ].join('\n');
}

function lessonModule(course: Course, lessonId: string): string {
  const bundle = bundleOf(course, lessonId, { markdownTree });
  return [...jsonExports({ bundle: bundle ?? null }), ...hotAccept('course-lesson-update', ['bundle'])].join('\n');
}

/** Creates the plugin; add it to `plugins` in vite.config.ts. */
export function coursePlugin(options: CoursePluginOptions = {}): Plugin {
  const root = options.root ?? join(import.meta.dirname, '..');
  const isCourseFile = (file: string) => {
    const rel = relative(root, file);
    return watchedFolders.some((folder) => rel.startsWith(folder + sep));
  };
  // Parsed once per build, and again after each content change in the dev server.
  let loaded: Promise<{ course: Course; diagnostics: Diagnostic[] }> | undefined;
  let reported = false;
  const load = () => (loaded ??= readCourseFiles(root).then(loadCourse));

  return {
    name: 'course',
    resolveId: {
      filter: { id: /^virtual:course/ },
      handler: (id) => (id === WHOLE || id === OUTLINE || id.startsWith(LESSON) ? `\0${id}` : undefined),
    },
    load: {
      // A hook filter: the bundler skips the JS call for every other module.
      filter: { id: /^\0virtual:course/ },
      async handler(id) {
        const { course, diagnostics } = await load();
        if (!reported) {
          reported = true;
          for (const d of diagnostics) if (d.severity === 'error') this.warn(formatDiagnostic(d));
        }
        const name = id.slice(1);
        if (name === WHOLE) return wholeModule(course, diagnostics);
        if (name === OUTLINE) return outlineModule(course, diagnostics);
        return lessonModule(course, name.slice(LESSON.length));
      },
    },
    configureServer(server: ViteDevServer) {
      for (const folder of watchedFolders) server.watcher.add(join(root, folder));
      const refresh = (file: string) => {
        if (!isCourseFile(file)) return;
        loaded = undefined;
        reported = false;
        for (const [id, mod] of server.moduleGraph.idToModuleMap) {
          if (id.startsWith(`\0${PREFIX}`)) void server.reloadModule(mod);
        }
      };
      server.watcher.on('add', refresh);
      server.watcher.on('change', refresh);
      server.watcher.on('unlink', refresh);
    },
  };
}
