/**
 * Vite plugin serving `virtual:course`: the whole parsed course (lessons and exercises, without
 * mutants) as JSON, plus the content diagnostics. In the dev server (`npm run dev`, the
 * instructors' preview) any change under lessons/ or exercises/ rebuilds the module and
 * hot-updates the open page without a reload.
 */
import { join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatDiagnostic, type Diagnostic } from '../runner/content/diagnostic.ts';
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

function moduleSource(course: Course, diagnostics: Diagnostic[]): string {
  const payload = JSON.stringify({ course, diagnostics });
  return [
    // JSON.parse of a string literal starts faster than an object literal this size.
    `const data = JSON.parse(${JSON.stringify(payload)});`,
    'export const course = data.course;',
    'export const diagnostics = data.diagnostics;',
    // Self-accepting: the page's course store listens for the event and re-renders in place.
    'if (import.meta.hot) {',
    '  import.meta.hot.accept((next) => {',
    "    if (next) window.dispatchEvent(new CustomEvent('course-update', { detail: { course: next.course, diagnostics: next.diagnostics } }));",
    '  });',
    '}',
  ].join('\n');
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
    resolveId: {
      filter: { id: new RegExp(`^${publicId}$`) },
      handler: () => resolvedId,
    },
    load: {
      // A hook filter: the bundler skips the JS call for every other module.
      filter: { id: new RegExp(`^${resolvedId}$`) },
      async handler() {
        const { course, diagnostics } = loadCourse(await readCourseFiles(root));
        for (const d of diagnostics) if (d.severity === 'error') this.warn(formatDiagnostic(d));
        return moduleSource(courseForWeb(course), diagnostics);
      },
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
