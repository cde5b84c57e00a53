/**
 * Section 2's app rows: the real app's Submit, click to verdict, as a learner clicks it. The app
 * is built into a temporary folder (build-app.ts) and served by web/serve.ts; headless Chromium
 * (e2e/browser.ts's launch and page helpers) opens the lesson that embeds the exercise, waits
 * for its Monaco editor, pastes a submission into it, and clicks the panel's Submit button.
 * submit-probe.ts times the click to the verdict on screen, in the page.
 *
 * first: the first Submit after a page load, each in a fresh browser context (empty cache and
 *        storage): whatever of the runner's chunk, the sandbox frame and its worker and the chunk
 *        of known mistakes the app has not prepared before the click (it prepares them from the
 *        learner's first edit, here the paste), clicked 250 ms and 2 s after the paste. The
 *        reference solution and a mutant take turns.
 * warm:  later Submits in one page (after one untimed first), the reference and the mutant in
 *        turn, each text changed by a comment so no two Submits grade the same text.
 */
import { loadavg } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { exercisePanel, launch, newPage, root, solutionOf, typeInEditor, waitForEditor, waitForLesson } from '../e2e/browser.ts';
import { serve } from '../web/serve.ts';
import { buildApp } from './build-app.ts';
import { stats, type BenchContext, type BenchRow, type SectionOptions } from './report.ts';
import { readingProblem, submitProbeScript, type ExpectedVerdict, type SubmitReading } from './submit-probe.ts';
import { currentTree, exportCommit, type Tree } from './trees.ts';

const EXERCISE = 'full-error-routing';
/** The lesson that embeds it (`::exercise{id=full-error-routing}` in lessons/01-the-router.md). */
const LESSON = 'the-router';
/** A mutant the known-mistake diagnosis names: a failing Submit runs the extra sandboxes that name it. */
const MUTANT = 'error-id-null';
/** Between pasting and clicking, and between warm Submits: a learner is not faster than this. */
const PAUSE_MS = 250;
/**
 * How long after pasting the first Submit is clicked: at once, and after a learner's pause. The
 * app may prepare a first Submit while the learner edits, so the dwell can change the figure.
 */
const FIRST_DWELLS_MS = [PAUSE_MS, 2_000] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;

type Kind = 'pass' | 'fail';

interface Submission {
  source: string;
  expected: ExpectedVerdict;
}

/** What the app rows need from the harness rows measured just before, for the baseline column. */
export interface HarnessFigures {
  cold: { median: number; p95: number };
  warm: { median: number; p95: number };
}

export interface AppSubmitPart {
  rows: BenchRow[];
  notes: string[];
  failures: string[];
}

/** One Submit: arm the probe, click as a learner does, wait for the probe's reading. */
async function timeSubmit(page: Page, submission: Submission, label: string, failures: string[]): Promise<SubmitReading | undefined> {
  await page.evaluate(submitProbeScript(EXERCISE));
  await exercisePanel(page, EXERCISE).getByRole('button', { name: 'Submit', exact: true }).click();
  const handle = await page.waitForFunction(() => window.__submitProbe?.paintedAt !== undefined && window.__submitProbe, null, { timeout: 60_000 });
  const reading = (await handle.jsonValue()) as SubmitReading;
  const problem = readingProblem(reading, submission.expected, label);
  if (problem) {
    failures.push(problem);
    return undefined;
  }
  return reading;
}

/** A fresh context on the lesson page, with the editor ready, `source` in it and `dwell` ms passed. */
async function openWith(browser: Browser, url: string, source: string, dwell = PAUSE_MS) {
  const { context, page, errors } = await newPage(browser);
  await page.goto(url);
  await waitForLesson(page);
  const panel = exercisePanel(page, EXERCISE);
  await waitForEditor(panel);
  await typeInEditor(page, panel, source);
  await sleep(dwell);
  return { context, page, panel, errors };
}

interface Series {
  /** First Submits by the dwell between paste and click. */
  first: { dwell: number; readings: Record<Kind, SubmitReading[]> }[];
  warm: Record<Kind, SubmitReading[]>;
}

interface Counts {
  loads: number;
  warmPages: number;
  warmEach: number;
}

/** The app of one tree, built and served, its Submit measured first and warm. */
async function measureTree(ctx: BenchContext, browser: Browser, tree: { label: string; dir: string }, submissions: Record<Kind, Submission>, counts: Counts, failures: string[]): Promise<Series> {
  const series: Series = { first: FIRST_DWELLS_MS.map((dwell) => ({ dwell, readings: { pass: [], fail: [] } })), warm: { pass: [], fail: [] } };
  ctx.log(`app (${tree.label}): building into a temporary folder…`);
  const app = await buildApp({ root: tree.dir });
  const server = await serve({ dir: app.dir, port: 0 });
  try {
    // The route format is web/src/state/route.ts's: `#/lesson/<id>`.
    const url = `${server.url}#/lesson/${LESSON}`;
    ctx.log(`app (${tree.label}), first Submit: ${counts.loads} fresh page loads each for the reference and the mutant, per dwell (${FIRST_DWELLS_MS.join(', ')} ms)…`);
    for (let i = 0; i < counts.loads; i++) {
      for (const first of series.first) {
        // Alternating which goes first, so that noise hits both alike.
        for (const kind of i % 2 === 0 ? (['pass', 'fail'] as const) : (['fail', 'pass'] as const)) {
          const { context, page, errors } = await openWith(browser, url, submissions[kind].source, first.dwell);
          const reading = await timeSubmit(page, submissions[kind], `${tree.label}, first Submit ${first.dwell} ms after the paste, ${kind}, load ${i + 1}`, failures);
          if (reading) first.readings[kind].push(reading);
          if (errors.length) failures.push(`${tree.label}: page errors on load ${i + 1}: ${errors.join('; ').slice(0, 300)}`);
          await context.close();
        }
      }
    }

    ctx.log(`app (${tree.label}), warm Submit: ${counts.warmPages} page(s), ${counts.warmEach} Submits each of the reference and the mutant…`);
    let n = 0;
    for (let p = 0; p < counts.warmPages; p++) {
      const { context, page, panel, errors } = await openWith(browser, url, submissions.pass.source);
      await timeSubmit(page, submissions.pass, `${tree.label}, warm page ${p + 1}, its first Submit`, failures); // untimed: the page's first
      for (let i = 0; i < counts.warmEach; i++) {
        for (const kind of ['pass', 'fail'] as const) {
          // A comment changes the text, so no Submit grades a text an earlier one graded.
          await typeInEditor(page, panel, `${submissions[kind].source}\n// Submit ${++n}\n`);
          await sleep(PAUSE_MS);
          const reading = await timeSubmit(page, submissions[kind], `${tree.label}, warm Submit, ${kind}, page ${p + 1}, #${i + 1}`, failures);
          if (reading) series.warm[kind].push(reading);
        }
      }
      if (errors.length) failures.push(`${tree.label}: page errors in warm page ${p + 1}: ${errors.join('; ').slice(0, 300)}`);
      await context.close();
    }
    return series;
  } finally {
    await server.close();
    await app.remove();
  }
}

/**
 * Measures the app's Submit, of the working tree and (with `--before <ref>`) of that commit's
 * tree too; the rows put it beside the harness figures of the same run.
 */
export async function benchAppSubmit(ctx: BenchContext, options: SectionOptions, harness: HarnessFigures): Promise<AppSubmitPart> {
  const counts: Counts = options.quick ? { loads: 3, warmPages: 1, warmEach: 3 } : { loads: 10, warmPages: 3, warmEach: 10 };
  const failures: string[] = [];
  const submissions: Record<Kind, Submission> = {
    pass: { source: solutionOf(EXERCISE), expected: { status: 'pass' } },
    fail: { source: await readFile(join(root, 'exercises', EXERCISE, 'mutants', `${MUTANT}.js`), 'utf8'), expected: { status: 'fail', mutant: MUTANT } },
  };
  const trees: Tree[] = [currentTree()];
  if (options.before) trees.push(await exportCommit(options.before));
  const browser = await launch();
  const part: AppSubmitPart = { rows: [], notes: [], failures };
  try {
    for (const tree of trees) {
      try {
        const series = await measureTree(ctx, browser, tree, submissions, counts, failures);
        const rows = appRows({ ...series, harness, label: trees.length > 1 ? ` [${tree.label}]` : '' });
        part.rows.push(...rows.rows);
        part.notes.push(...rows.notes);
      } catch (error) {
        failures.push(`${tree.label}: the app's Submit could not be measured: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await browser.close();
    for (const tree of trees) await tree.remove();
  }
  part.notes.push(
    `App rows: the app built into a temporary folder and served by web/serve.ts; #/lesson/${LESSON}, the ${EXERCISE} panel, its text pasted into Monaco, then a real click on Submit (the first: ${FIRST_DWELLS_MS.join(' or ')} ms after the paste; warm: ${PAUSE_MS} ms). Timed in the page (bench/submit-probe.ts): performance.now() when the click reaches the window, to the first frame rendered after the status line shows the verdict (rAF + MessageChannel); every verdict checked (pass for the reference, fail naming ${MUTANT} for the mutant). First Submit: ${counts.loads} fresh contexts each; warm: ${counts.warmPages} page(s) x ${counts.warmEach} each, the text changed by a comment every time. Load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end.`,
  );
  return part;
}

const shown = (r: SubmitReading) => (r.paintedAt as number) - (r.clickedAt as number);
const inDom = (r: SubmitReading) => (r.verdictAt as number) - (r.clickedAt as number);

/** Median over readings of when the last file fetched after the click had arrived (0 when none was). */
function lastFetch(readings: readonly SubmitReading[]): { median: number; files: string } {
  const ends = readings.map((r) => Math.max(0, ...(r.fetched ?? []).map((f) => f.end)));
  const names = new Set(readings.flatMap((r) => (r.fetched ?? []).map((f) => f.name.replace(/-[\w-]{8}\.js$/, '.js'))));
  return { median: ends.length ? stats(ends).median : 0, files: [...names].join(', ') || 'none' };
}

function appRows(run: Series & { harness: HarnessFigures; label: string }): Omit<AppSubmitPart, 'failures'> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const what: Record<Kind, string> = { pass: 'the reference solution (passes)', fail: `mutant ${MUTANT} (fails, mistake named)` };
  for (const { dwell, readings: byKind } of run.first) {
    for (const kind of ['pass', 'fail'] as const) {
      const readings = byKind[kind];
      if (!readings.length) continue;
      const s = stats(readings.map(shown));
      const ratio = s.median / run.harness.cold.median;
      rows.push({
        measure: `App${run.label}: first Submit after a page load, ${dwell} ms after the paste, click to verdict on screen, ${what[kind]}`,
        value: `${ms(s.median)} median, ${ms(s.p95)} p95 (${s.n} loads)`,
        baseline: `${ms(run.harness.cold.median)} median: harness, first run in a fresh tab`,
        ratio: `${ratio.toFixed(1)}x`,
        goal: { text: 'median <= 300 ms', met: s.median <= 300 },
        raw: { dwell, median: s.median, p95: s.p95, min: s.min, n: s.n, domMedian: stats(readings.map(inDom)).median, harnessColdMedian: run.harness.cold.median },
      });
      const fetch = lastFetch(readings);
      notes.push(`App${run.label}, first Submit ${dwell} ms after the paste, ${kind}: verdict in the DOM at ${ms(stats(readings.map(inDom)).median)} median; files fetched after the click (${fetch.files}) all arrived by ${ms(fetch.median)} median.`);
    }
  }
  for (const kind of ['pass', 'fail'] as const) {
    const readings = run.warm[kind];
    if (!readings.length) continue;
    const s = stats(readings.map(shown));
    rows.push({
      measure: `App${run.label}: warm Submit (later Submits in the same page), ${what[kind]}`,
      value: `${ms(s.median)} median, ${ms(s.p95)} p95 (${s.n} Submits)`,
      baseline: `${ms(run.harness.warm.median)} median: harness, warm run`,
      ratio: `${(s.median / run.harness.warm.median).toFixed(1)}x`,
      raw: { median: s.median, p95: s.p95, min: s.min, n: s.n, domMedian: stats(readings.map(inDom)).median, harnessWarmMedian: run.harness.warm.median },
    });
  }
  return { rows, notes };
}
