/**
 * Section 2, run latency in Chromium: time from "run" to verdict for one exercise in submit mode,
 * through the browser host (opaque-origin frame, a fresh worker per run), beside the floor: the
 * same grading core and tests in the same page with an in-page host that crosses no realm.
 *
 * cold: the first run in a fresh tab (frame and first worker start inside the run), one per tab.
 * warm: later runs in one tab, `PAUSE_MS` apart (a learner clicks seconds apart; the pause lets
 *       the next worker start between runs, as it does then); also back to back, for comparison.
 * Then where a warm run's time goes: the host's operations timed from the page (the harness's
 * `traced` runner), beside the bare round trip between the page and an echoing worker in a
 * sandboxed frame, which is the floor under every call a sandboxed run makes.
 * Last, the real app's Submit as a learner clicks it, first and warm (app-submit.ts), beside
 * the harness's cold and warm runs.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { startHarness } from '../e2e/sandbox-setup.ts';
import type { CodeExercise } from '../runner/content/types.ts';
import { benchAppSubmit, type HarnessFigures } from './app-submit.ts';
import { loadExercise } from './corpus.ts';
import { stats, type BenchContext, type BenchSection, type SectionOptions } from './report.ts';

const EXERCISE = 'full-error-routing';
const PAUSE_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

async function timeRun(page: Page, runner: string, exercise: CodeExercise): Promise<number> {
  const { value, ms } = await page.evaluate(([e, s, r]) => window.harness.grade(e, s, 'submit', r), [exercise, exercise.solution, runner] as const);
  if (value.status !== 'pass') throw new Error(`bench: the reference solution did not pass in the ${runner} runner: ${JSON.stringify(value).slice(0, 400)}`);
  return ms;
}

/**
 * The section: the harness rows, then the app's own Submit (app-submit.ts) beside them, measured
 * after the harness's browser is closed so the two do not compete.
 */
export async function benchBrowserLatency(ctx: BenchContext, options: SectionOptions): Promise<BenchSection> {
  const { section, figures } = await benchHarness(ctx, options);
  const app = await benchAppSubmit(ctx, options, figures);
  return { ...section, rows: [...section.rows, ...app.rows], notes: [...section.notes, ...app.notes], failures: [...section.failures, ...app.failures] };
}

async function benchHarness(ctx: BenchContext, options: SectionOptions): Promise<{ section: BenchSection; figures: HarnessFigures }> {
  const coldRuns = options.quick ? 5 : 30;
  const warmRuns = options.quick ? 8 : 40;
  const tracedRuns = options.quick ? 5 : 20;
  const exercise = await loadExercise(EXERCISE);
  const tests = exercise.tests.match(/\bit\(/g)?.length ?? 0;
  ctx.log('building the harness page and starting Chromium...');
  const harness = await startHarness();
  try {
    ctx.log(`cold runs: ${coldRuns} fresh tabs per runner...`);
    const cold: Record<'sandbox' | 'floor', number[]> = { sandbox: [], floor: [] };
    for (let i = 0; i < coldRuns; i++) {
      for (const runner of ['sandbox', 'floor'] as const) {
        const page = await harness.newPage();
        await sleep(100); // the tab settles after load, as a learner reads before clicking
        cold[runner].push(await timeRun(page, runner, exercise));
        await page.close();
      }
    }

    ctx.log(`warm runs: ${warmRuns} per series, interleaved...`);
    const page = await harness.newPage();
    const warm: Record<'sandbox' | 'backToBack' | 'floor', number[]> = { sandbox: [], backToBack: [], floor: [] };
    for (const runner of ['sandbox', 'floor']) await timeRun(page, runner, exercise); // their cold runs
    for (let i = 0; i < warmRuns; i++) {
      // Interleaved, so that machine noise hits every series alike.
      await sleep(PAUSE_MS);
      warm.sandbox.push(await timeRun(page, 'sandbox', exercise));
      await sleep(PAUSE_MS);
      warm.floor.push(await timeRun(page, 'floor', exercise));
      warm.backToBack.push(await timeRun(page, 'sandbox', exercise));
    }

    ctx.log(`where the time goes: ${tracedRuns} traced runs, and bare round trips...`);
    const breakdown = { calls: [] as number[], load: [] as number[], total: [] as number[], callCount: 0 };
    await page.evaluate(() => window.harness.trace());
    for (let i = 0; i < tracedRuns; i++) {
      await sleep(PAUSE_MS);
      const total = await timeRun(page, 'traced', exercise);
      const trace = await page.evaluate(() => window.harness.trace());
      const calls = trace.filter((t) => t.op === 'call');
      breakdown.calls.push(sum(calls.map((t) => t.ms)));
      breakdown.load.push(sum(trace.filter((t) => t.op === 'load').map((t) => t.ms)));
      breakdown.total.push(total);
      breakdown.callCount = calls.length;
    }
    // A call's message is about this size: a JSON-RPC request encoded by the codec.
    const payload = JSON.stringify({ type: 'call', seq: 1, name: 'route', args: [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'x'.repeat(40) } }] });
    await sleep(PAUSE_MS);
    const trips = await page.evaluate(([n, p]) => window.harness.roundTrips(n, p), [200, payload] as const);

    const c = { sandbox: stats(cold.sandbox), floor: stats(cold.floor) };
    const w = { sandbox: stats(warm.sandbox), backToBack: stats(warm.backToBack), floor: stats(warm.floor) };
    const trip = stats(trips);
    const tripMean = sum(trips) / trips.length;
    const parts = { calls: stats(breakdown.calls).median, load: stats(breakdown.load).median, total: stats(breakdown.total).median };
    const warmRatio = w.sandbox.median / w.floor.median;
    const series = (s: ReturnType<typeof stats>) => `${ms(s.median)} median, ${ms(s.p95)} p95 (${s.n} runs)`;
    const requests = breakdown.callCount + 1;

    const figures: HarnessFigures = { cold: c.sandbox, warm: w.sandbox };
    const section: BenchSection = {
      title: '2. Run latency (Chromium)',
      rows: [
        {
          measure: `Run to verdict, warm: ${EXERCISE}, submit (${tests} tests)`,
          value: series(w.sandbox),
          baseline: `${series(w.floor)}: same tests in the page, no sandbox`,
          ratio: `${warmRatio.toFixed(1)}x`,
          goal: { text: 'median < 50 ms and <= 3x the floor', met: w.sandbox.median < 50 && warmRatio <= 3 },
          raw: { median: w.sandbox.median, p95: w.sandbox.p95, floorMedian: w.floor.median, floorP95: w.floor.p95, ratio: warmRatio },
        },
        {
          measure: 'Run to verdict, warm, back to back (no pause between runs)',
          value: series(w.backToBack),
          baseline: `${ms(w.floor.median)} median (floor)`,
          ratio: `${(w.backToBack.median / w.floor.median).toFixed(1)}x`,
          raw: { median: w.backToBack.median, p95: w.backToBack.p95 },
        },
        {
          measure: 'Run to verdict, cold: first run in a fresh tab (frame and worker start)',
          value: series(c.sandbox),
          baseline: `${series(c.floor)}: floor, first run in a fresh tab`,
          ratio: `${(c.sandbox.median / c.floor.median).toFixed(1)}x`,
          goal: { text: 'median < 300 ms', met: c.sandbox.median < 300 },
          raw: { median: c.sandbox.median, p95: c.sandbox.p95, floorMedian: c.floor.median },
        },
        {
          measure: `Where a warm run goes (median of ${tracedRuns} traced runs)`,
          value: `${ms(parts.total)}: ${breakdown.callCount} calls ${ms(parts.calls)} (${(parts.calls / breakdown.callCount).toFixed(2)} ms each), load ${ms(parts.load)}, the judge in the page the rest`,
          baseline: `bare round trip page <-> sandboxed worker: ${trip.median.toFixed(2)} ms median, ${tripMean.toFixed(2)} ms mean (${trip.n}); x ${requests} requests = ${ms(tripMean * requests)}`,
          raw: { total: parts.total, calls: parts.calls, load: parts.load, callCount: breakdown.callCount, roundTripMedian: trip.median, roundTripMean: tripMean },
        },
      ],
      notes: [
        `Chromium ${harness.browser.version()}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end; warm runs ${PAUSE_MS} ms apart.`,
        `Each sandboxed run crosses processes ${requests} times (one load, ${breakdown.callCount} calls): Chromium runs the opaque-origin frame, and so its worker, in a process of its own. The bare round trip times the number of requests is the part of the gap to the floor that the design (judge in the page, learner code behind an opaque origin) makes unavoidable.`,
        'Timers in a page that is not cross-origin isolated have 0.1 ms resolution, so single round trips read as 0.1 or 0.2 ms; the mean over many is the figure to multiply.',
      ],
      failures: [],
    };
    return { section, figures };
  } finally {
    await harness.close();
  }
}
