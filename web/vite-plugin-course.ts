/**
 * Vite plugin serving the course to the web app as virtual modules:
 * - `virtual:course`: the whole parsed course (mutants removed) and its diagnostics;
 * - `virtual:course-outline`: the outline every page needs, the diagnostics, and `lessonLoaders`,
 *   one dynamic import per lesson;
 * - `virtual:course-lesson/<id>`: one lesson with its exercises and its Markdown already parsed
 *   into trees (a chunk loaded on opening it);
 * - `virtual:course-examples`: one loader per examples exercise, and `virtual:course-examples/<id>`
 *   what checking its examples runs (a chunk loaded on the first Check; practice builds only);
 * - `virtual:course-mutants`: one loader per code exercise, and `virtual:course-mutants/<id>` its
 *   mutants' code and fingerprints, which name a failing Submit's mistake (practice builds only).
 * In the dev server (`npm run dev`, the instructors' preview) any change under lessons/ or
 * exercises/ reloads the course and hot-updates, without a page reload, exactly the modules whose
 * code changed; there the diagnostics also include diagrams mermaid cannot parse.
 */
import { join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { createLoadCourseCache, loadCourse, formatDiagnostic, type Diagnostic, type Course } from '../runner/content/index.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';
import { examplesJobOf, mutantSuspects, pageExercise, type BuildMode } from './src/course/page-exercise.ts';
import { bundleOf, outlineOf } from './src/course/split.ts';
import { lessonChunks, preloadScript } from './lesson-preload.ts';
import { markdownTree } from './src/markdown/markdown-tree.ts';

export interface CoursePluginOptions {
  /** Course root holding lessons/ and exercises/; defaults to $COURSE_ROOT, then the repository root. */
  root?: string;
  /**
   * `assessed` ships each exercise's visible examples only, with the number of hidden checks,
   * and no reference solution (web/src/course/page-exercise.ts). Defaults to `assessed` when Vite
   * runs in that mode (`vite build --mode assessed`, i.e. `npm run build:assessed`), else `practice`.
   */
  build?: BuildMode;
}

const PREFIX = 'virtual:course';
const WHOLE = 'virtual:course';
const OUTLINE = 'virtual:course-outline';
const LESSON = 'virtual:course-lesson/';
const EXAMPLES = 'virtual:course-examples';
const EXAMPLES_JOB = 'virtual:course-examples/';
const MUTANTS = 'virtual:course-mutants';
const MUTANTS_OF = 'virtual:course-mutants/';
const watchedFolders = ['lessons', 'exercises'];
/** How long a course file must be quiet after a change before the dev server reads it. */
const SETTLE_MS = 25;

/** The course as the web app receives it: mutants are for the CLI's checks, never shipped (see page-exercise.ts). */
export function courseForWeb(course: Course, mode: BuildMode = 'practice') {
  const find = (id: string) => course.exercises.find((e) => e.id === id);
  return { lessons: course.lessons, exercises: course.exercises.map((exercise) => pageExercise(exercise, mode, find)) };
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

function wholeModule(course: Course, diagnostics: Diagnostic[], mode: BuildMode): string {
  return [...jsonExports({ course: courseForWeb(course, mode), diagnostics }), ...hotAccept('course-update', ['course', 'diagnostics'])].join('\n');
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

function lessonModule(course: Course, lessonId: string, trees: (markdown: string) => ReturnType<typeof markdownTree>, mode: BuildMode): string {
  const bundle = bundleOf(course, lessonId, { markdownTree: trees, mode });
  return [...jsonExports({ bundle: bundle ?? null }), ...hotAccept('course-lesson-update', ['bundle'])].join('\n');
}

/**
 * One loader per examples exercise: the chunk with what checking its examples runs (the
 * reference solution and mutants of its `of`). None in an assessed build, which ships no solution.
 */
function examplesModule(course: Course, mode: BuildMode): string {
  const ids = mode === 'practice' ? course.exercises.filter((e) => e.kind === 'examples').map((e) => e.id) : [];
  // Not self-accepting: an edit reaches the examples panel, whose next check then imports anew.
  return ['export const examplesLoaders = {', ...ids.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(EXAMPLES_JOB + id)}),`), '};'].join('\n');
}

function examplesJobModule(course: Course, id: string, mode: BuildMode): string {
  const exercise = course.exercises.find((e) => e.id === id);
  const find = (other: string) => course.exercises.find((e) => e.id === other);
  const job = mode === 'practice' && exercise?.kind === 'examples' && find(exercise.of)?.kind === 'code' ? examplesJobOf(exercise, find) : null;
  return jsonExports({ job }).join('\n');
}

/**
 * One loader per code exercise: the chunk with its mutants' code and fingerprints, which name a
 * failing Submit's mistake by running the mutants on its failing inputs. None in an assessed
 * build, which ships no mutant.
 */
function mutantsModule(course: Course, mode: BuildMode): string {
  const ids = mode === 'practice' ? course.exercises.filter((e) => e.kind === 'code' && e.mutants.length > 0).map((e) => e.id) : [];
  return ['export const mutantsLoaders = {', ...ids.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(MUTANTS_OF + id)}),`), '};'].join('\n');
}

function mutantsOfModule(course: Course, id: string, mode: BuildMode): string {
  const exercise = course.exercises.find((e) => e.id === id);
  const suspects = mode === 'practice' && exercise?.kind === 'code' ? mutantSuspects(exercise) : null;
  return jsonExports({ suspects }).join('\n');
}

/** The module's code for a virtual id (without the leading \0). */
function moduleCode(name: string, course: Course, diagnostics: Diagnostic[], trees: (markdown: string) => ReturnType<typeof markdownTree>, mode: BuildMode): string {
  if (name === WHOLE) return wholeModule(course, diagnostics, mode);
  if (name === OUTLINE) return outlineModule(course, diagnostics);
  if (name === EXAMPLES) return examplesModule(course, mode);
  if (name.startsWith(EXAMPLES_JOB)) return examplesJobModule(course, name.slice(EXAMPLES_JOB.length), mode);
  if (name === MUTANTS) return mutantsModule(course, mode);
  if (name.startsWith(MUTANTS_OF)) return mutantsOfModule(course, name.slice(MUTANTS_OF.length), mode);
  return lessonModule(course, name.slice(LESSON.length), trees, mode);
}

/** Creates the plugin; add it to `plugins` in vite.config.ts. */
export function coursePlugin(options: CoursePluginOptions = {}): Plugin {
  const root = options.root ?? process.env.COURSE_ROOT ?? join(import.meta.dirname, '..');
  let mode: BuildMode = options.build ?? 'practice';
  let base = '/';
  const isCourseFile = (file: string) => {
    const rel = relative(root, file);
    return watchedFolders.some((folder) => rel.startsWith(folder + sep));
  };
  // In the dev server (the instructors' preview) the banner also shows diagrams mermaid cannot
  // parse; each diagram's verdict is kept by its text, so an edit re-parses only what changed.
  let serving = false;
  const diagramVerdicts = new Map<string, Promise<Diagnostic | undefined>>();
  const diagramProblems = async (course: Course): Promise<Diagnostic[]> => {
    const { checkDiagram } = await import('../runner/node/diagrams.ts');
    const verdicts = course.lessons.flatMap((lesson) =>
      lesson.segments.flatMap((segment) => {
        if (segment.kind !== 'mermaid') return [];
        const key = JSON.stringify([lesson.file, segment.line, segment.source]);
        if (!diagramVerdicts.has(key)) diagramVerdicts.set(key, checkDiagram(lesson.file, segment.line, segment.source));
        return [diagramVerdicts.get(key) as Promise<Diagnostic | undefined>];
      }),
    );
    return (await Promise.all(verdicts)).filter((d): d is Diagnostic => d !== undefined);
  };
  // After an edit only the changed lesson or exercise is parsed again, and only changed Markdown.
  const loadCache = createLoadCourseCache();
  let trees = new Map<string, ReturnType<typeof markdownTree>>();
  let treesUsed = new Map<string, ReturnType<typeof markdownTree>>();
  const tree = (markdown: string) => {
    const parsed = trees.get(markdown) ?? markdownTree(markdown);
    treesUsed.set(markdown, parsed);
    return parsed;
  };
  const read = async () => {
    // Keep the trees the last load used, so the cache stays the size of the course.
    trees = treesUsed;
    treesUsed = new Map();
    const loaded = loadCourse(await readCourseFiles(root), serving ? loadCache : undefined);
    if (!serving) return loaded;
    return { course: loaded.course, diagnostics: [...loaded.diagnostics, ...(await diagramProblems(loaded.course))] };
  };
  // Parsed once per build, and again after each content change in the dev server.
  let loaded: Promise<{ course: Course; diagnostics: Diagnostic[] }> | undefined;
  let reported = false;
  const load = () => (loaded ??= read());
  /** The code each virtual module was last served with, to reload only those that change. */
  const served = new Map<string, string>();
  /** Code a refresh computed for a module it reloads, served by the reload instead of again. */
  const fresh = new Map<string, string>();

  return {
    name: 'course',
    configResolved(config) {
      if (!options.build && config.mode === 'assessed') mode = 'assessed';
      base = config.base;
    },
    // In a build, index.html preloads the chunk of the lesson its hash names (lesson-preload.ts).
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => (ctx.bundle ? [{ tag: 'script', children: preloadScript(lessonChunks(ctx.bundle, LESSON), base), injectTo: 'head' }] : undefined),
    },
    resolveId: {
      filter: { id: /^virtual:course/ },
      handler: (id) => (id === WHOLE || id === OUTLINE || id === EXAMPLES || id === MUTANTS || id.startsWith(LESSON) || id.startsWith(EXAMPLES_JOB) || id.startsWith(MUTANTS_OF) ? `\0${id}` : undefined),
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
        const code = fresh.get(id) ?? moduleCode(id.slice(1), course, diagnostics, tree, mode);
        fresh.delete(id);
        served.set(id, code);
        return code;
      },
    },
    configureServer(server: ViteDevServer) {
      serving = true;
      for (const folder of watchedFolders) server.watcher.add(join(root, folder));
      // One refresh at a time; saves during it (editors often write twice) make one more.
      let running: Promise<void> | undefined;
      let again = false;
      const refreshOnce = async () => {
        loaded = undefined;
        reported = false;
        const { course, diagnostics } = await load();
        // Only modules the page has loaded and whose code changed are reloaded: editing one
        // lesson leaves the others, and the outline unless a title or a diagnostic changed, as
        // they are. (The outline's lazy imports put every lesson in the graph, loaded or not.)
        for (const [id, mod] of server.moduleGraph.idToModuleMap) {
          if (!id.startsWith(`\0${PREFIX}`) || !served.has(id)) continue;
          const code = moduleCode(id.slice(1), course, diagnostics, tree, mode);
          if (served.get(id) === code) continue;
          fresh.set(id, code);
          await server.reloadModule(mod);
        }
      };
      const start = () => {
        if (running) {
          again = true;
          return;
        }
        running = (async () => {
          do {
            again = false;
            await refreshOnce().catch((error: unknown) => server.config.logger.error(`course: ${(error as Error).message}`));
          } while (again);
          running = undefined;
        })();
      };
      // A save often arrives as two events (truncate, then write), and the watcher may pass on
      // only the first: the course is read once the file has been quiet for a moment, so the
      // code computed is never that of a half-written file.
      let settle: ReturnType<typeof setTimeout> | undefined;
      const refresh = (file: string) => {
        if (!isCourseFile(file)) return;
        clearTimeout(settle);
        settle = setTimeout(start, SETTLE_MS);
      };
      server.watcher.on('add', refresh);
      server.watcher.on('change', refresh);
      server.watcher.on('unlink', refresh);
    },
  };
}
