/**
 * Helpers shared by the sandbox probe tests: a tiny probe exercise, calls into the harness page,
 * and the check every probe ends with (page responsive, next run working).
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { GradeRequest, SnippetResult } from '../runner/core/runner-api.ts';
import type { RunResult } from '../runner/core/result.ts';

export type ProbeExercise = GradeRequest['exercise'];

export interface Metered<T> {
  value: T;
  /** Longest gap between the page's 5 ms timer ticks during the run (includes OS scheduling noise). */
  maxGapMs: number;
  /** Longest task on the page's main thread during the run (Long Tasks API; 0 when none over 50 ms). */
  maxTaskMs: number;
  ms: number;
}

/** The page must handle a timer, a frame and a click within this many ms. */
export const RESPONSIVE_MS = 200;

/** An exercise whose tests file is `tests` (vitest syntax, importing `route`). */
export function probeExercise(tests: string, limits: Partial<ProbeExercise['limits']> = {}): ProbeExercise {
  return {
    id: 'probe',
    language: 'js',
    functions: ['route'],
    limits: { callMs: 500, runMs: 8000, memoryMb: 64, ...limits },
    testsFile: 'exercises/probe/tests.test.js',
    tests,
  };
}

/** Tests `route(1)` ... `route(count)` expecting `n + 1`, one test per call, all visible. */
export function callsExercise(count = 4, limits: Partial<ProbeExercise['limits']> = {}): ProbeExercise {
  const its = Array.from({ length: count }, (_, i) => `  it('call ${i + 1}', async () => { expect(await route(${i + 1})).toBe(${i + 2}); });`);
  return probeExercise(
    `import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\ndescribe('examples', () => {\n${its.join('\n')}\n});\n`,
    limits,
  );
}

export const GOOD = 'function route(n) {\n  return n + 1;\n}\n';

export function grade(page: Page, exercise: ProbeExercise, source: string, runner = 'sandbox', abortAfterMs?: number): Promise<Metered<RunResult>> {
  return page.evaluate(([e, s, r, a]) => window.harness.grade(e, s, 'submit', r, a), [exercise, source, runner, abortAfterMs] as const);
}

export function snippet(page: Page, code: string, runner = 'sandbox', timeoutMs = 2000): Promise<Metered<SnippetResult>> {
  return page.evaluate(([c, r, t]) => window.harness.snippet(c, t, r), [code, runner, timeoutMs] as const);
}

export const statuses = (result: RunResult) => result.tests.map((t) => t.status);

/** A click on the page's button is handled, and its handler ran within RESPONSIVE_MS of the click. */
export async function expectClickHandled(page: Page, options: { timeout?: number } = {}): Promise<void> {
  const before = await page.evaluate(() => window.harness.clicks());
  await page.click('#ping', options);
  await page.waitForFunction((n) => window.harness.clicks() > n, before, options);
  expect(await page.evaluate(() => window.harness.clickDelayMs())).toBeLessThan(RESPONSIVE_MS);
}

/** Every probe ends here: timers, frames and clicks are handled promptly and the next run passes. */
export async function expectHealthy(page: Page, runner = 'sandbox'): Promise<void> {
  expect(page.isClosed()).toBe(false);
  expect(await page.evaluate(() => window.harness.responsive())).toBeLessThan(RESPONSIVE_MS);
  await expectClickHandled(page, { timeout: 5000 });
  const next = await grade(page, callsExercise(2), GOOD, runner);
  expect(next.value.status).toBe('pass');
}

/** Values the codec must carry or describe (a function comes back as a description: its name). */
export const UNCLONABLE = probeExercise(`import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';
describe('examples', () => {
  it('a function', async () => { expect(await route('function')).toMatchObject({ name: 'helper' }); });
  it('a symbol', async () => { expect(typeof (await route('symbol'))).toBe('symbol'); });
  it('a cycle', async () => { const v = await route('cycle'); expect(v.self).toBe(v); });
  it('a proxy', async () => { expect(await route('proxy')).toEqual({ a: 1 }); });
  it('a throwing getter', async () => { expect(await route('getter')).toEqual({ ok: 1, bad: 2 }); });
  it('a BigInt', async () => { expect(await route('bigint')).toBe(10n); });
});
`);

export const UNCLONABLE_SOURCE = `function route(kind) {
  if (kind === 'function') return function helper() {};
  if (kind === 'symbol') return Symbol('s');
  if (kind === 'cycle') { const o = { name: 'loop' }; o.self = o; return o; }
  if (kind === 'proxy') return new Proxy({ a: 1 }, {});
  if (kind === 'getter') return { ok: 1, get bad() { throw new Error('no'); } };
  if (kind === 'bigint') return 10n;
}
`;

export const UNCLONABLE_STATUSES = ['pass', 'pass', 'pass', 'pass', 'fail', 'pass'];
