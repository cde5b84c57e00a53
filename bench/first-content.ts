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
import { exportCommit } from './trees.ts';
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
  // With --before, the older tree's app is built too and loaded in the same series, interleaved.
  const before = options.before ? await exportCommit(options.before) : undefined;
  try {
    ctx.log(`built in ${(app.ms / 1000).toFixed(1)} s: ${app.dir}`);
    const weight = measurePageWeight({ distDir: app.dir, lessonId: LESSON_ID });
    weightRows(section, weight);
    const apps: AppBuild[] = [{ label: before ? 'now' : '', dir: app.dir, weight }];
    if (before) {
      ctx.log(`building ${before.label}'s app…`);
      const built = await buildApp({ root: before.dir });
      apps.push({ label: before.label, dir: built.dir, weight: measurePageWeight({ distDir: built.dir, lessonId: LESSON_ID }), remove: built.remove });
    }

    const css = weight.initial.files.find((f) => f.file.endsWith('.css'))?.file;
    await writeFile(join(app.dir, 'floor.html'), floorPageHtml({ lesson, cssHref: css ? `./${css}` : 'data:text/css,' }));
    try {
      await firstContentRows(ctx, section, { apps, lesson, quick: options.quick });
    } finally {
      for (const a of apps) await a.remove?.();
    }
  } finally {
    await app.remove();
    await before?.remove();
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

/** One build of the app to load: this tree's, or with --before an older tree's too. */
interface AppBuild {
  /** How rows name it: '' when it is the only one, else "now" or "before (<ref>)". */
  label: string;
  dir: string;
  weight: PageWeight;
  remove?: () => Promise<void>;
}

/** Each page's loads, by its URL; the static page's among them. */
type Series = Map<string, FirstPaint[]>;

/** `loads` loads of each page, interleaved and rotating which goes first, so noise hits all alike. */
async function measureSeries(browser: Browser, urls: string[], sentence: string, loads: number, cpuSlowdown: number): Promise<Series> {
  const series: Series = new Map(urls.map((url) => [url, []]));
  for (let i = 0; i < loads; i++) {
    const order = [...urls.slice(i % urls.length), ...urls.slice(0, i % urls.length)];
    for (const url of order) series.get(url)?.push(await timeFirstPaint(browser, { url, sentence, cpuSlowdown }));
  }
  return series;
}

async function firstContentRows(ctx: BenchContext, section: BenchSection, run: { apps: AppBuild[]; lesson: Lesson; quick: boolean }): Promise<void> {
  const sentence = firstSentence(run.lesson);
  // The static page is served beside the first app (this tree's), whose stylesheet it links.
  const servers = await Promise.all(run.apps.map((a) => serve({ dir: a.dir, port: 0 })));
  const browser = await launch();
  const load0 = loadavg()[0] ?? 0;
  try {
    // The route format is web/src/state/route.ts's: `#/lesson/<id>`.
    const appUrls = servers.map((server) => `${server.url}#/lesson/${run.lesson.id}`);
    const floorUrl = `${servers[0]?.url ?? ''}floor.html`;
    const urls = [...appUrls, floorUrl];
    // One load of each, untimed: the browser process's own first-use costs are not the page's.
    await measureSeries(browser, urls, sentence, 1, 1);
    const speeds = [
      { cpuSlowdown: 1, loads: run.quick ? LOADS.quick : LOADS.full, label: '' },
      { cpuSlowdown: SLOW_CPU, loads: run.quick ? LOADS.quick : LOADS.slow, label: `, CPU slowed ${SLOW_CPU}x` },
    ];
    for (const speed of speeds) {
      ctx.log(`first content${speed.label}: ${speed.loads} loads each of ${run.apps.length > 1 ? 'each app' : 'the app'} and the static page…`);
      const series = await measureSeries(browser, urls, sentence, speed.loads, speed.cpuSlowdown);
      const floorLoads = series.get(floorUrl) ?? [];
      const floor = stats(floorLoads.map((p) => p.visible));
      for (const [i, build] of run.apps.entries()) {
        const appLoads = series.get(appUrls[i] ?? '') ?? [];
        const app = stats(appLoads.map((p) => p.visible));
        const ratio = app.median / floor.median;
        const tag = build.label ? ` [${build.label}]` : '';
        section.rows.push({
          measure: `lesson text visible, "${run.lesson.id}"${speed.label}${tag}`,
          value: `${ms(app.median)} median, ${ms(app.p95)} p95`,
          baseline: `static page of the same text: ${ms(floor.median)} median, ${ms(floor.p95)} p95`,
          ratio: `${ratio.toFixed(1)}x`,
          goal: { text: `< ${FIRST_CONTENT_GOAL}x static page`, met: ratio < FIRST_CONTENT_GOAL },
          raw: { cpuSlowdown: speed.cpuSlowdown, loads: app.n, appMedianMs: app.median, appP95Ms: app.p95, floorMedianMs: floor.median, floorP95Ms: floor.p95, ratio },
        });
        section.notes.push(timelineNote(`${speed.label}${tag}`, { app: appLoads, floor: floorLoads }, build.weight));
      }
    }
    section.notes.push(
      `First content: each load in a fresh browser context (empty cache), ${run.apps.length > 1 ? 'the apps' : 'app'} and static page interleaved; Chromium ${browser.version()}, served uncompressed by web/serve.ts over loopback, load average ${load0.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
      `"Visible" is the Element Timing renderTime of the element holding the lesson's first sentence ("${sentence.slice(0, 50)}…"), marked by a MutationObserver as it is inserted, in ms since navigation start; the same probe on both pages (bench/paint-probe.ts). Loads per page: ${speeds.map((s) => `${s.loads}${s.label}`).join(', ')}, after one untimed load of each.`,
    );
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
  }
}

/** Where an app load's time goes (medians), beside the floor's: the note that explains the ratio. */
function timelineNote(label: string, series: { app: FirstPaint[]; floor: FirstPaint[] }, weight: PageWeight): string {
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
