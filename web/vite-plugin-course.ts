/**
 * Vite plugin serving `virtual:course`: the whole parsed course (lessons and exercises, without
 * mutants) as JSON, plus the content diagnostics. In the dev server (`npm run dev`, the
 * instructors' preview) any change under lessons/ or exercises/ rebuilds the module and
 * hot-updates the open page without a reload.
 */
import { join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { Course } from '../runner/content/types.ts';
import { loadCourse } from '../runner/content/course.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';

export interface CoursePluginOptions {
  /** Course root holding lessons/ and exercises/; defaults to the repository root. */
  root?: string;
}

const publicId = 'virtual:course';
const resolvedId = '\0virtual:course';
const watchedFolders = ['lessons', 'exercises'];

/** The course as the web app receives it: mutants are for the CLI's checks, never shipped. */
export function courseForWeb(course: Course): Course {
  return {
    lessons: course.lessons,
    exercises: course.exercises.map((exercise) => ({ ...exercise, mutants: [] })),
  };
}

/** Creates the plugin; add it to `plugins` in vite.config.ts. */
export function coursePlugin(options: CoursePluginOptions = {}): Plugin {
  const root = options.root ?? join(import.meta.dirname, '..');
  const isCourseFile = (file: string) => {
    const rel = relative(root, file);
    return watchedFolders.some((folder) => rel.startsWith(folder + sep));
  };

  return {
    name: 'course',
    resolveId(id) {
      return id === publicId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const files = await readCourseFiles(root);
      const { course, diagnostics } = loadCourse(files);
      for (const d of diagnostics) {
        const text = `${d.file}:${d.line}:${d.column} ${d.severity} ${d.message} (${d.rule})`;
        if (d.severity === 'error') this.warn(text);
      }
      const payload = JSON.stringify({ course: courseForWeb(course), diagnostics });
      // JSON.parse of a string literal is faster to start than an object literal this size.
      return [
        `const data = JSON.parse(${JSON.stringify(payload)});`,
        'export const course = data.course;',
        'export const diagnostics = data.diagnostics;',
        // Self-accepting: the page's course store listens for the event and re-renders.
        'if (import.meta.hot) {',
        '  import.meta.hot.accept((next) => {',
        "    if (next) window.dispatchEvent(new CustomEvent('course-update', { detail: { course: next.course, diagnostics: next.diagnostics } }));",
        '  });',
        '}',
      ].join('\n');
    },
    configureServer(server: ViteDevServer) {
      for (const folder of watchedFolders) server.watcher.add(join(root, folder));
      const refresh = (file: string) => {
        if (!isCourseFile(file)) return;
        const mod = server.moduleGraph.getModuleById(resolvedId);
        if (mod) void server.reloadModule(mod);
      };
      server.watcher.on('add', refresh);
      server.watcher.on('change', refresh);
      server.watcher.on('unlink', refresh);
    },
  };
}
