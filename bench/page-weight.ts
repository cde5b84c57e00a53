/**
 * Initial JavaScript and CSS weight (gzip) of a lesson page: what the built index.html loads up
 * front, plus the lesson's own content chunk, before any heavy lazy chunk (Monaco, mermaid, the
 * runner). Reads `<dist>/.vite/manifest.json`, so the app must be built first.
 * `measurePageWeight` is what section 3 of `npm run bench` reports; run as a script it prints the
 * same figures for dist/:
 *   npx tsx bench/page-weight.ts [--lesson the-router] [--json]
 * The script exits 1 when the heaviest lesson page is over the goal or a heavy chunk loads up front.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (only the members read here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A built file and its size compressed with gzip -9, in bytes. */
export interface WeighedFile {
  file: string;
  gzip: number;
}

/** What a lesson page weighs; every size is gzip -9 bytes. */
export interface PageWeight {
  lesson: string;
  /** The entry's static closure (JS, CSS) plus the lesson's content chunk. */
  initial: { js: number; css: number; total: number; html: number; files: WeighedFile[] };
  /** The same for the lesson whose content chunk is the largest. */
  heaviestLesson: { id: string; total: number };
  /** Lazy chunks with what they import that the initial load does not have yet; null when no chunk matched. */
  lazy: { monaco: number | null; mermaid: number | null; runner: number | null };
  /** Files of the initial load that belong to a heavy library: each one is a defect. */
  heavyInitial: string[];
}

/** The goal of issue 3: the heaviest lesson page's initial JS + CSS under this many KB (gzip). */
export const PAGE_WEIGHT_GOAL_KB = 250;

/** Manifest keys of the lazy chunks; anchored so that mermaid's per-diagram chunks do not match. */
const LAZY = {
  monaco: /\/monaco-code-editor\.tsx$/,
  mermaid: /\/mermaid\.core\.mjs$/,
  runner: /runner\/browser\/index\.ts$/,
};
/** Output files of libraries that must only load on demand. */
const HEAVY = /monaco|editor\.api|mermaid|cytoscape|katex/;
/** web/vite-plugin-course.ts serves each lesson's content as this virtual module. */
const LESSON_MODULE = 'virtual:course-lesson/';

/** KB (1,024 bytes) with one decimal, as printed. */
export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * Weighs the lesson page `lessonId` of the app built in `distDir` from its manifest. Throws when
 * the build has no manifest or no such lesson: the build is wrong, not the page.
 */
export function measurePageWeight(options: { distDir: string; lessonId: string }): PageWeight {
  const { distDir, lessonId } = options;
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`measurePageWeight: cannot read ${manifestFile} (${(error as Error).message}); build the app first (npm run build).`);
  }
  const sizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) sizes.set(file, (size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length));
    return size;
  };

  // Files a chunk loads up front: itself, its CSS and its static imports, transitively.
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) seen.add(css);
    for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
    return seen;
  };

  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error(`measurePageWeight: ${manifestFile} has no entry chunk; is it the app's build?`);
  const shell = staticClosure(entryKey);

  const lazyWeight = (match: RegExp): number | null => {
    const key = Object.keys(manifest).find((k) => match.test(k));
    if (!key) return null;
    let total = 0;
    for (const file of staticClosure(key)) if (!shell.has(file)) total += gzipSize(file);
    return total;
  };

  const lessons = Object.entries(manifest)
    .filter(([key]) => key.includes(LESSON_MODULE))
    .map(([key, chunk]) => ({ id: key.slice(key.indexOf(LESSON_MODULE) + LESSON_MODULE.length), file: chunk.file, gzip: gzipSize(chunk.file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const lesson = lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new Error(`measurePageWeight: no content chunk for the lesson "${lessonId}"; lessons: ${lessons.map((l) => l.id).join(', ')}.`);
  const heaviest = lessons[0] ?? lesson;

  const files = [...shell, lesson.file].map((file) => ({ file, gzip: gzipSize(file) }));
  const sum = (suffix: string) => files.filter((f) => f.file.endsWith(suffix)).reduce((n, f) => n + f.gzip, 0);
  const js = sum('.js');
  const css = sum('.css');
  return {
    lesson: lesson.id,
    initial: { js, css, total: js + css, html: gzipSize('index.html'), files },
    heaviestLesson: { id: heaviest.id, total: js + css - lesson.gzip + heaviest.gzip },
    lazy: { monaco: lazyWeight(LAZY.monaco), mermaid: lazyWeight(LAZY.mermaid), runner: lazyWeight(LAZY.runner) },
    heavyInitial: files.map((f) => f.file).filter((file) => HEAVY.test(file)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { lesson: { type: 'string', default: 'the-router' }, json: { type: 'boolean', default: false } } });
  const weight = measurePageWeight({ distDir: join(import.meta.dirname, '..', 'dist'), lessonId: values.lesson });
  const lazyKb = (bytes: number | null) => (bytes === null ? 'not found' : `${kb(bytes)} KB`);
  if (values.json) console.log(JSON.stringify({ ...weight, goalKb: PAGE_WEIGHT_GOAL_KB }, null, 2));
  else {
    console.log(`Initial load of the lesson page "${weight.lesson}" (gzip -9):`);
    for (const f of weight.initial.files) console.log(`  ${f.file.padEnd(44)} ${String(kb(f.gzip)).padStart(7)} KB`);
    console.log(`  JavaScript ${kb(weight.initial.js)} KB + CSS ${kb(weight.initial.css)} KB = ${kb(weight.initial.total)} KB (goal < ${PAGE_WEIGHT_GOAL_KB} KB); index.html ${kb(weight.initial.html)} KB`);
    console.log(`Heaviest lesson page ("${weight.heaviestLesson.id}"): ${kb(weight.heaviestLesson.total)} KB`);
    console.log(`Lazy, loaded on demand: Monaco ${lazyKb(weight.lazy.monaco)}, mermaid ${lazyKb(weight.lazy.mermaid)} (plus per-diagram chunks), runner ${lazyKb(weight.lazy.runner)}`);
  }
  if (weight.heavyInitial.length > 0) {
    console.error(`Heavy modules are in the initial load: ${weight.heavyInitial.join(', ')}. Load them with import().`);
    process.exit(1);
  }
  if (kb(weight.heaviestLesson.total) > PAGE_WEIGHT_GOAL_KB) process.exit(1);
}
