/**
 * Section 3 of `npm run bench`: page weight and first content of a lesson page.
 *
 * Weight: the app is built into a temporary folder and its manifest weighed (page-weight.ts).
 * First content: the same build is served by the app's own static server (web/serve.ts) beside
 * floor.html, a static page of the same lesson text (floor-page.ts), and headless Chromium loads
 * each in a fresh context, interleaved, timing the first paint of the lesson's first sentence
 * (paint-probe.ts). Goals (issue 3): the heaviest lesson page's initial JS + CSS under 250 KB
 * gzip with no heavy library in it; the lesson text visible within 2x the static page's time.
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launch } from '../e2e/browser.ts';
import { loadCourse } from '../runner/content/course.ts';
import type { Lesson } from '../runner/content/types.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';
import { serve } from '../web/serve.ts';
import { buildApp } from './build-app.ts';
import { timeFirstPaint, type FirstPaint } from './first-paint.ts';
import { firstSentence, floorPageHtml } from './floor-page.ts';
import { kb, measurePageWeight, PAGE_WEIGHT_GOAL_KB, type PageWeight } from './page-weight.ts';
import { stats, type BenchContext, type BenchSection, type SectionOptions } from './report.ts';

const LESSON_ID = 'the-router';
/** The lesson text must be visible within this many times the static page's median. */
const FIRST_CONTENT_GOAL = 2;
/** Loads per page (app and floor each), at full speed and with the CPU slowed down. */
const LOADS = { full: 30, slow: 15, quick: 4 };
/** DevTools' CPU throttling factor standing for a slow laptop. */
const SLOW_CPU = 4;

const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (values: number[]) => (values.length ? stats(values).median : NaN);

export async function benchPageAndFirstContent(ctx: BenchContext, options: SectionOptions): Promise<BenchSection> {
  const section: BenchSection = { title: '3. Page weight and first content', rows: [], notes: [], failures: [] };
  const { course } = loadCourse(await readCourseFiles(join(import.meta.dirname, '..')));
  const lesson = course.lessons.find((l) => l.id === LESSON_ID);
  if (!lesson) {
    section.failures.push(`The lesson "${LESSON_ID}" is not in the course; section 3 measures its page.`);
    return section;
  }

  ctx.log('building the app into a temporary folder…');
  const app = await buildApp();
  try {
    ctx.log(`built in ${(app.ms / 1000).toFixed(1)} s: ${app.dir}`);
    const weight = measurePageWeight({ distDir: app.dir, lessonId: LESSON_ID });
    weightRows(section, weight);

    const css = weight.initial.files.find((f) => f.file.endsWith('.css'))?.file;
    await writeFile(join(app.dir, 'floor.html'), floorPageHtml({ lesson, cssHref: css ? `./${css}` : 'data:text/css,' }));
    await firstContentRows(ctx, section, { dir: app.dir, lesson, weight, quick: options.quick });
  } finally {
    await app.remove();
  }
  return section;
}

function weightRows(section: BenchSection, weight: PageWeight): void {
  const lazyKb = (bytes: number | null) => (bytes === null ? 'not found' : `${kb(bytes)} KB`);
  section.rows.push(
    {
      measure: `lesson page "${weight.lesson}", initial JS + CSS (gzip)`,
      value: `${kb(weight.initial.total)} KB (JS ${kb(weight.initial.js)}, CSS ${kb(weight.initial.css)})`,
      goal: { text: `< ${PAGE_WEIGHT_GOAL_KB} KB`, met: kb(weight.initial.total) < PAGE_WEIGHT_GOAL_KB },
      raw: { jsBytes: weight.initial.js, cssBytes: weight.initial.css, totalBytes: weight.initial.total, htmlBytes: weight.initial.html },
    },
    {
      measure: `heaviest lesson page "${weight.heaviestLesson.id}", initial JS + CSS (gzip)`,
      value: `${kb(weight.heaviestLesson.total)} KB`,
      goal: { text: `< ${PAGE_WEIGHT_GOAL_KB} KB`, met: kb(weight.heaviestLesson.total) < PAGE_WEIGHT_GOAL_KB },
      raw: { totalBytes: weight.heaviestLesson.total },
    },
    {
      measure: 'lazy chunks, loaded on demand (gzip, beyond the initial load)',
      value: `Monaco ${lazyKb(weight.lazy.monaco)}, mermaid ${lazyKb(weight.lazy.mermaid)} (+ a chunk per diagram type), runner ${lazyKb(weight.lazy.runner)}`,
      raw: { monacoBytes: weight.lazy.monaco ?? -1, mermaidBytes: weight.lazy.mermaid ?? -1, runnerBytes: weight.lazy.runner ?? -1 },
    },
  );
  section.notes.push(`Initial load of "${weight.lesson}": ${weight.initial.files.map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.gzip)} KB`).join(', ')}.`);
  if (weight.heavyInitial.length) section.failures.push(`Heavy modules are in the initial load: ${weight.heavyInitial.join(', ')}. Load them with import().`);
  for (const [name, bytes] of Object.entries(weight.lazy)) {
    if (bytes === null) section.failures.push(`No ${name} chunk in the build's manifest: the pattern in bench/page-weight.ts no longer matches its source path.`);
  }
}

interface Series {
  app: FirstPaint[];
  floor: FirstPaint[];
}

/** `loads` app and floor loads, interleaved and alternating which goes first, so noise hits both alike. */
async function measureSeries(browser: Browser, urls: { app: string; floor: string }, sentence: string, loads: number, cpuSlowdown: number): Promise<Series> {
  const series: Series = { app: [], floor: [] };
  for (let i = 0; i < loads; i++) {
    const order = i % 2 === 0 ? (['app', 'floor'] as const) : (['floor', 'app'] as const);
    for (const page of order) series[page].push(await timeFirstPaint(browser, { url: urls[page], sentence, cpuSlowdown }));
  }
  return series;
}

async function firstContentRows(ctx: BenchContext, section: BenchSection, run: { dir: string; lesson: Lesson; weight: PageWeight; quick: boolean }): Promise<void> {
  const sentence = firstSentence(run.lesson);
  const server = await serve({ dir: run.dir, port: 0 });
  const browser = await launch();
  const load0 = loadavg()[0] ?? 0;
  try {
    // The route format is web/src/state/route.ts's: `#/lesson/<id>`.
    const urls = { app: `${server.url}#/lesson/${run.lesson.id}`, floor: `${server.url}floor.html` };
    // One load of each, untimed: the browser process's own first-use costs are not the page's.
    await measureSeries(browser, urls, sentence, 1, 1);
    const speeds = [
      { cpuSlowdown: 1, loads: run.quick ? LOADS.quick : LOADS.full, label: '' },
      { cpuSlowdown: SLOW_CPU, loads: run.quick ? LOADS.quick : LOADS.slow, label: `, CPU slowed ${SLOW_CPU}x` },
    ];
    for (const speed of speeds) {
      ctx.log(`first content${speed.label}: ${speed.loads} loads each of the app and the static page…`);
      const series = await measureSeries(browser, urls, sentence, speed.loads, speed.cpuSlowdown);
      const app = stats(series.app.map((p) => p.visible));
      const floor = stats(series.floor.map((p) => p.visible));
      const ratio = app.median / floor.median;
      section.rows.push({
        measure: `lesson text visible, "${run.lesson.id}"${speed.label}`,
        value: `${ms(app.median)} median, ${ms(app.p95)} p95`,
        baseline: `static page of the same text: ${ms(floor.median)} median, ${ms(floor.p95)} p95`,
        ratio: `${ratio.toFixed(1)}x`,
        goal: { text: `< ${FIRST_CONTENT_GOAL}x static page`, met: ratio < FIRST_CONTENT_GOAL },
        raw: { cpuSlowdown: speed.cpuSlowdown, loads: app.n, appMedianMs: app.median, appP95Ms: app.p95, floorMedianMs: floor.median, floorP95Ms: floor.p95, ratio },
      });
      section.notes.push(timelineNote(speed.label, series, run.weight));
    }
    section.notes.push(
      `First content: each load in a fresh browser context (empty cache), app and static page interleaved; Chromium ${browser.version()}, served uncompressed by web/serve.ts over loopback, load average ${load0.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
      `"Visible" is the Element Timing renderTime of the element holding the lesson's first sentence ("${sentence.slice(0, 50)}…"), marked by a MutationObserver as it is inserted, in ms since navigation start; the same probe on both pages (bench/paint-probe.ts). Loads per page: ${speeds.map((s) => `${s.loads}${s.label}`).join(', ')}, after one untimed load of each.`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Where an app load's time goes (medians), beside the floor's: the note that explains the ratio. */
function timelineNote(label: string, series: Series, weight: PageWeight): string {
  const entry = weight.initial.files.find((f) => /(^|\/)index-[^/]*\.js$/.test(f.file))?.file;
  const lessonChunk = weight.initial.files.at(-1)?.file;
  const at = (loads: FirstPaint[], file: string | undefined, key: 'start' | 'end') =>
    median(loads.flatMap((l) => l.resources.filter((r) => r.path === file).map((r) => r[key])));
  const fallbacks = [...series.app, ...series.floor].filter((p) => p.fallback).length;
  const fcp = (loads: FirstPaint[]) => median(loads.flatMap((l) => (l.fcp === undefined ? [] : [l.fcp])));
  return [
    `Medians${label}: app: document ${ms(median(series.app.map((l) => l.documentEnd)))}, entry script fetched ${ms(at(series.app, entry, 'end'))}, FCP (the shell) ${ms(fcp(series.app))},`,
    `lesson chunk requested ${ms(at(series.app, lessonChunk, 'start'))} and fetched ${ms(at(series.app, lessonChunk, 'end'))}, text inserted ${ms(median(series.app.map((l) => l.inserted)))} and painted ${ms(median(series.app.map((l) => l.visible)))};`,
    `static page: document ${ms(median(series.floor.map((l) => l.documentEnd)))}, text inserted ${ms(median(series.floor.map((l) => l.inserted)))} and painted ${ms(median(series.floor.map((l) => l.visible)))}.`,
    `Cross-check (rAF + MessageChannel after the insertion): app ${ms(median(series.app.map((l) => l.nextPaint)))}, static page ${ms(median(series.floor.map((l) => l.nextPaint)))}.`,
    fallbacks ? `${fallbacks} load(s) had no Element Timing entry and used the cross-check time.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
