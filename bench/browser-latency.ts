/**
 * `npm run bench:browser`: time from "run" to verdict in Chromium for one exercise (submit mode),
 * through the browser host (opaque-origin frame, a fresh worker per run), beside the floor: the
 * same grading core in the same page with an in-page host that crosses no realm at all.
 *
 *   npm run bench:browser -- [--exercise full-error-routing] [--runs 40] [--cold 30] [--pause 250]
 *
 * cold: the first run in a fresh tab (frame and first worker start inside the run), one per tab.
 * warm: later runs in one tab, `pause` ms apart (a learner clicks seconds apart; the pause lets
 *       the next worker start between runs, as it does then); also back to back, for comparison.
 * Goals (issue 3): warm median < 50 ms and < 5x the floor's; cold median < 300 ms.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { loadExerciseById } from '../e2e/sandbox-course.ts';
import { startHarness } from '../e2e/sandbox-setup.ts';
import type { Exercise } from '../runner/content/types.ts';

const { values } = parseArgs({
  options: {
    exercise: { type: 'string', default: 'full-error-routing' },
    runs: { type: 'string', default: '40' },
    cold: { type: 'string', default: '30' },
    pause: { type: 'string', default: '250' },
  },
});
const runs = Number(values.runs);
const coldRuns = Number(values.cold);
const pause = Number(values.pause);

const exercise = await loadExerciseById(values.exercise);

async function timeRun(page: Page, runner: string, ex: Exercise = exercise): Promise<number> {
  const { value, ms } = await page.evaluate(([e, s, r]) => window.harness.grade(e, s, 'submit', r), [ex, ex.solution, runner] as const);
  if (value.status !== 'pass') throw new Error(`bench: the reference solution did not pass in the ${runner} runner: ${JSON.stringify(value).slice(0, 400)}`);
  return ms;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stats(samples: number[]): { median: number; p95: number; min: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] as number, n: sorted.length };
}

const harness = await startHarness();
try {
  const cold: Record<string, number[]> = { sandbox: [], floor: [] };
  for (let i = 0; i < coldRuns; i++) {
    for (const runner of ['sandbox', 'floor']) {
      const page = await harness.newPage();
      await sleep(100); // let the tab settle after load, as a learner reads before clicking
      cold[runner]?.push(await timeRun(page, runner));
      await page.close();
    }
  }

  const page = await harness.newPage();
  const warm: Record<string, number[]> = { sandbox: [], 'sandbox, back to back': [], floor: [] };
  for (const runner of ['sandbox', 'floor']) await timeRun(page, runner); // the first (cold) runs
  for (let i = 0; i < runs; i++) {
    // Interleaved, so that machine noise hits all series alike.
    await sleep(pause);
    warm.sandbox?.push(await timeRun(page, 'sandbox'));
    await sleep(pause);
    warm.floor?.push(await timeRun(page, 'floor'));
    warm['sandbox, back to back']?.push(await timeRun(page, 'sandbox'));
  }

  const rows: [string, ReturnType<typeof stats>][] = [
    ['cold, sandbox', stats(cold.sandbox ?? [])],
    ['cold, floor (in-page)', stats(cold.floor ?? [])],
    ['warm, sandbox', stats(warm.sandbox ?? [])],
    ['warm, sandbox, back to back', stats(warm['sandbox, back to back'] ?? [])],
    ['warm, floor (in-page)', stats(warm.floor ?? [])],
  ];
  const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
  console.log(`\nbench:browser — ${exercise.id}, submit mode (${exercise.tests.match(/\bit\(/g)?.length ?? '?'} tests), Chromium ${harness.browser.version()}`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (this machine has other work; numbers are wall time)\n`);
  console.log(`${'series'.padEnd(30)}${'median'.padStart(10)}${'p95'.padStart(10)}${'min'.padStart(10)}   runs`);
  for (const [name, s] of rows) console.log(`${name.padEnd(30)}${ms(s.median)}${ms(s.p95)}${ms(s.min)}   ${s.n}`);

  const warmS = rows[2]?.[1] as ReturnType<typeof stats>;
  const floorS = rows[4]?.[1] as ReturnType<typeof stats>;
  const coldS = rows[0]?.[1] as ReturnType<typeof stats>;
  const goals: [string, boolean][] = [
    [`warm median ${warmS.median.toFixed(1)} ms < 50 ms`, warmS.median < 50],
    [`warm median < 5x floor median (${(warmS.median / floorS.median).toFixed(1)}x)`, warmS.median < 5 * floorS.median],
    [`cold median ${coldS.median.toFixed(1)} ms < 300 ms`, coldS.median < 300],
  ];
  console.log('');
  for (const [goal, met] of goals) console.log(`${met ? 'met   ' : 'MISSED'}  ${goal}`);
  if (goals.some(([, met]) => !met)) process.exitCode = 1;
} finally {
  await harness.close();
}
