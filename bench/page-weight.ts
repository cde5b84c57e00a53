/**
 * Initial JavaScript and CSS weight (gzip) of a lesson page: what the built index.html loads up
 * front, plus the lesson's own content chunk, before any heavy lazy chunk (Monaco, mermaid, the
 * runner). Reads dist/.vite/manifest.json, so run `npm run build` first.
 * Usage: npx tsx bench/page-weight.ts [--lesson the-router] [--json]
 * Exits 1 when the heaviest lesson page is over the 250 KB goal or a heavy chunk loads up front.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const GOAL_KB = 250;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Files a chunk loads up front: itself, its CSS and its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('dist/.vite/manifest.json has no entry: run `npm run build` first.');
const initial = staticClosure(entryKey);

function lazyWeight(match: RegExp): number {
  const key = Object.keys(manifest).find((k) => match.test(k));
  if (!key) return 0;
  let total = 0;
  for (const file of staticClosure(key)) if (!initial.has(file)) total += gzipSize(file);
  return total;
}

/** The content chunk of each lesson (served by web/vite-plugin-course.ts as virtual:course-lesson/<id>). */
const lessonChunks = Object.entries(manifest)
  .filter(([key]) => key.includes('virtual:course-lesson/'))
  .map(([key, chunk]) => ({ id: key.slice(key.indexOf('virtual:course-lesson/') + 'virtual:course-lesson/'.length), file: chunk.file, gzip: 0 }))
  .map((l) => ({ ...l, gzip: gzipSize(l.file) }))
  .sort((a, b) => b.gzip - a.gzip);
const lessonArg = process.argv.indexOf('--lesson');
const lessonId = lessonArg > 0 ? process.argv[lessonArg + 1] : 'the-router';
const lesson = lessonChunks.find((l) => l.id === lessonId);
if (!lesson) throw new Error(`No content chunk for the lesson "${lessonId}"; lessons: ${lessonChunks.map((l) => l.id).join(', ')}.`);
const heaviestLesson = lessonChunks[0]!;

const shell = [...initial].map((file) => ({ file, gzip: gzipSize(file) }));
const files = [...shell, { file: lesson.file, gzip: lesson.gzip }];
const js = files.filter((f) => f.file.endsWith('.js')).reduce((n, f) => n + f.gzip, 0);
const css = files.filter((f) => f.file.endsWith('.css')).reduce((n, f) => n + f.gzip, 0);
const html = gzipSize('index.html');
const worstTotal = js + css - lesson.gzip + heaviestLesson.gzip;
const heavy = files.filter((f) => /monaco|editor\.api|mermaid|cytoscape|katex/.test(f.file));

const report = {
  lesson: lesson.id,
  initial: { jsKb: kb(js), cssKb: kb(css), htmlKb: kb(html), totalKb: kb(js + css), files: files.map((f) => ({ ...f, gzip: kb(f.gzip) })) },
  heaviestLesson: { id: heaviestLesson.id, totalKb: kb(worstTotal) },
  lazy: {
    monacoKb: kb(lazyWeight(/monaco-code-editor/)),
    mermaidKb: kb(lazyWeight(/mermaid\.core/)),
    runnerKb: kb(lazyWeight(/runner\/browser\/index/)),
  },
  goalKb: GOAL_KB,
};

if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`Initial load of the lesson page "${lesson.id}" (gzip -9):`);
  for (const f of report.initial.files) console.log(`  ${f.file.padEnd(44)} ${String(f.gzip).padStart(7)} KB`);
  console.log(`  JavaScript ${report.initial.jsKb} KB + CSS ${report.initial.cssKb} KB = ${report.initial.totalKb} KB (goal < ${GOAL_KB} KB); index.html ${report.initial.htmlKb} KB`);
  console.log(`Heaviest lesson page ("${report.heaviestLesson.id}"): ${report.heaviestLesson.totalKb} KB`);
  console.log(`Lazy, loaded on demand: Monaco ${report.lazy.monacoKb} KB, mermaid ${report.lazy.mermaidKb} KB (plus per-diagram chunks), runner ${report.lazy.runnerKb} KB`);
}
if (heavy.length > 0) {
  console.error(`Heavy modules are in the initial load: ${heavy.map((f) => f.file).join(', ')}. Load them with import().`);
  process.exit(1);
}
if (report.heaviestLesson.totalKb > GOAL_KB) process.exit(1);
