/**
 * Section 6, the instructors' live preview (`npm run dev`): from saving a lesson or a task.md to
 * the open page showing the new text, in headless Chromium against Vite's dev server. Beside it,
 * the floor measured the same way: an edit of the app's stylesheet, which Vite hot-updates with no
 * course plugin involved. Measured on a quiet machine, then with busy processes on every core
 * (twice as many as cores), since instructors preview while other things run.
 *
 * The dev server runs on a temporary copy of the tree (bench/trees.ts), so the edits never touch
 * the repository. With `--before <ref>` that commit's tree is measured too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, realpath, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch } from '../e2e/browser.ts';
import { root } from './corpus.ts';
import { stats, type BenchContext, type BenchRow, type BenchSection, type SectionOptions } from './report.ts';
import { copyWorkingTree, exportCommit, type Tree } from './trees.ts';

const LESSON_ID = 'the-router';
const LESSON_FILE = 'lessons/01-the-router.md';
/** An exercise embedded in that lesson, whose task text the page shows. */
const EXERCISE_ID = 'route';
const STYLES = 'web/src/styles.css';
/** Longest wait for one edit to show before it counts as a failure. */
const EDIT_TIMEOUT_MS = 60_000;

interface Edit {
  name: string;
  file: string;
  /** The file's text with probe `n` added. */
  change(original: string, n: number): string;
  /** Runs in the page: true once probe `n` shows. */
  shown: (n: number) => boolean;
}

const EDITS: Edit[] = [
  {
    name: 'lesson',
    file: LESSON_FILE,
    change: (text, n) => `${text}\n\nBench probe ${n} of the lesson.\n`,
    shown: (n) => (document.querySelector('article.lesson')?.textContent ?? '').includes(`Bench probe ${n} of the lesson.`),
  },
  {
    name: 'task.md',
    file: `exercises/${EXERCISE_ID}/task.md`,
    change: (text, n) => `${text}\n\nBench probe ${n} of the task.\n`,
    shown: (n) => (document.querySelector('section.exercise[data-exercise="route"] .task')?.textContent ?? '').includes(`Bench probe ${n} of the task.`),
  },
  {
    name: 'stylesheet (floor)',
    file: STYLES,
    change: (text, n) => `${text}\n:root { --bench-probe: ${n}; }\n`,
    shown: (n) => getComputedStyle(document.documentElement).getPropertyValue('--bench-probe').trim() === String(n),
  },
];

/** Starts busy processes, one loop each; `stop` ends exactly those. */
function burnCpu(processes: number): { stop(): void } {
  const children: ChildProcess[] = Array.from({ length: processes }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return { stop: () => children.forEach((c) => c.kill('SIGKILL')) };
}

async function startDevServer(tree: Tree): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: join(tree.dir, 'vite.config.ts'),
    root: join(tree.dir, 'web'),
    cacheDir: join(tree.dir, '.vite-cache'),
    logLevel: 'warn',
    clearScreen: false,
    // The copy's node_modules is a link to this repository's: allow serving from there.
    server: { port: 0, fs: { allow: [tree.dir, await realpath(join(root, 'node_modules'))] } },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('live preview: the dev server did not report its address.');
  return { url, close: () => server.close() };
}

async function openLesson(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${url}#/lesson/${LESSON_ID}`);
  await page.locator('article.lesson[aria-busy="false"]').waitFor({ timeout: 120_000 });
  await page.locator(`section.exercise[data-exercise="${EXERCISE_ID}"] .task`).waitFor({ timeout: 60_000 });
  return page;
}

/** Saves `edits` one after another, timing each from the write to the page showing it. */
async function timeEdits(tree: Tree, page: Page, edit: Edit, times: number, probe: { n: number }, failures: string[]): Promise<number[]> {
  const file = join(tree.dir, edit.file);
  const original = await readFile(file, 'utf8');
  const samples: number[] = [];
  try {
    for (let k = 0; k < times; k++) {
      const n = ++probe.n;
      const started = performance.now();
      await writeFile(file, edit.change(original, n));
      try {
        await page.waitForFunction(edit.shown, n, { polling: 'raf', timeout: EDIT_TIMEOUT_MS });
        samples.push(performance.now() - started);
      } catch {
        failures.push(`${tree.label}: the ${edit.name} edit did not show within ${EDIT_TIMEOUT_MS / 1000} s.`);
        return samples;
      }
      // Let the watcher and the page settle before the next save.
      await new Promise((r) => setTimeout(r, 400));
    }
  } finally {
    await writeFile(file, original);
  }
  return samples;
}

const ms = (x: number) => `${Math.round(x)} ms`;

export async function benchLivePreview(ctx: BenchContext, options: SectionOptions): Promise<BenchSection> {
  const times = options.quick ? 2 : 5;
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const failures: string[] = [];
  const trees: Tree[] = [];
  const browser = await launch();
  try {
    if (options.before) trees.push(await exportCommit(options.before));
    trees.push(await copyWorkingTree());
    const probe = { n: 0 };
    for (const tree of trees) {
      ctx.log(`${tree.label}: starting the dev server...`);
      const server = await startDevServer(tree);
      try {
        const page = await openLesson(browser, server.url);
        for (const loaded of [false, true]) {
          const burner = loaded ? burnCpu(cpus().length * 2) : undefined;
          try {
            if (loaded) await new Promise((r) => setTimeout(r, 2000));
            const load = loadavg()[0] ?? 0;
            const medians = new Map<string, number>();
            for (const edit of EDITS) {
              ctx.log(`${tree.label}: ${edit.name} edits${loaded ? ', loaded' : ''}...`);
              const samples = await timeEdits(tree, page, edit, times, probe, failures);
              if (samples.length) medians.set(edit.name, stats(samples).median);
            }
            const floor = medians.get('stylesheet (floor)');
            for (const edit of EDITS.slice(0, 2)) {
              const median = medians.get(edit.name);
              if (median === undefined) continue;
              rows.push({
                measure: `${tree.label}: ${edit.name} saved -> page updated, ${loaded ? `loaded (${cpus().length * 2} busy processes)` : 'quiet'} (median of ${times})`,
                value: ms(median),
                ...(floor !== undefined ? { baseline: `${ms(floor)}: a stylesheet edit`, ratio: `${(median / floor).toFixed(1)}x` } : {}),
                ...(loaded ? {} : { goal: { text: '<= 1 s on a quiet machine', met: median <= 1000 } }),
                raw: { medianMs: median, ...(floor !== undefined ? { floorMs: floor } : {}), load, loaded },
              });
            }
            notes.push(`${tree.label}, ${loaded ? 'loaded' : 'quiet'}: load average ${load.toFixed(1)} when the series started.`);
          } finally {
            burner?.stop();
          }
        }
        await page.close();
      } finally {
        await server.close();
      }
    }
    notes.push('Each edit appends a paragraph (or a CSS custom property) to a copy of the file and waits, polling every frame, until the open page shows it; the file is restored after each series.');
    return { title: '6. Live preview', rows, notes, failures };
  } finally {
    await browser.close();
    for (const tree of trees) await tree.remove();
  }
}
