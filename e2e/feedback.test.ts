/**
 * Feedback in the page beyond pass and fail: a learner who types the id-0-as-notification mistake
 * into `route` and submits reads that mistake's sentence above the failed checks, with a way to
 * the hint that addresses it (the mutant answered the failing inputs exactly as their code did);
 * the reference solution gets no such sentence. A mutant's code reaches the page only in the
 * chunk that names a code exercise's mistakes, or that checks an examples exercise, never in a
 * lesson's chunk. In the capstone, a failed check shows the SDK client's exchange with the wrong
 * answer marked, under a headline in the course's words.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { courseData, exercisePanel, launch, newPage, root, solutionOf, submitAndRead, typeInEditor, waitForLesson } from './browser.ts';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  await page.goto(`${inject('baseUrl')}#/lesson/the-router`);
  await waitForLesson(page);
});

afterAll(async () => {
  await browser?.close();
});

/** A learner's own way of making the mistake (not the mutant's text): route's table, then a truthiness test of the id. */
const ID_ZERO_MISTAKE = `${solutionOf('route').split('\nfunction route')[0]}

function route(msg) {
  if (msg.id) return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params || {}) };
  return null;
}
`;

describe('a known mistake, named', () => {
  it('a learner who treats id 0 as a notification reads that mistake and can open its hint', async () => {
    const route = (await courseData()).exercises.find((e) => e.id === 'route');
    const mutant = route?.kind === 'code' ? route.mutants.find((m) => m.name === 'id-zero-notification') : undefined;
    if (!mutant?.hint) throw new Error('route has no id-zero-notification mutant with a hint');
    const panel = exercisePanel(page, 'route');
    await typeInEditor(page, panel, ID_ZERO_MISTAKE);
    expect(await submitAndRead(page, 'route')).toMatch(/of \d+ checks passed/);
    const note = panel.getByRole('note', { name: 'A known mistake' });
    await note.waitFor();
    expect(await note.innerText()).toContain(mutant.learner);
    // Above the failed checks, where it is read first.
    const order = await panel.evaluate((el) => [...el.querySelectorAll('.known-mistake, .results')].map((e) => e.className));
    expect(order[0]).toContain('known-mistake');
    await note.getByRole('button', { name: `Show hint ${mutant.hint}` }).click();
    const hint = panel.locator(`.hint-list li:nth-child(${mutant.hint})`);
    await expect.poll(() => hint.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("gives the verdict without a name when the mistakes' chunk cannot be fetched, never 'could not start'", async () => {
    const { page: fresh, context } = await newPage(browser);
    // Every request for the chunk that names mistakes fails, as on a flaky connection.
    const blocked = /course-mutants/;
    await fresh.route(blocked, (request) => request.abort('failed'));
    await fresh.goto(`${inject('baseUrl')}#/lesson/the-router`);
    await waitForLesson(fresh);
    const panel = exercisePanel(fresh, 'route');
    await typeInEditor(fresh, panel, ID_ZERO_MISTAKE);
    expect(await submitAndRead(fresh, 'route')).toMatch(/of \d+ checks passed/);
    expect(await panel.innerText()).not.toMatch(/could not start/);
    expect(await panel.locator('.known-mistake').count()).toBe(0);
    expect(await panel.locator('li.test-fail, li.test-error').count()).toBeGreaterThan(0);
    // Chromium keeps a failed module import for the page's life, so the name comes back after a
    // reload, not on the next Submit; the verdicts never depended on it.
    await fresh.unroute(blocked);
    await fresh.reload();
    await waitForLesson(fresh);
    await submitAndRead(fresh, 'route');
    await exercisePanel(fresh, 'route').getByRole('note', { name: 'A known mistake' }).waitFor();
    await context.close();
  });

  it('the reference solution passes with no mistake named, and Run never names one', async () => {
    const panel = exercisePanel(page, 'route');
    await typeInEditor(page, panel, solutionOf('route'));
    expect(await submitAndRead(page, 'route')).toMatch(/^All \d+ checks passed/);
    expect(await panel.locator('.known-mistake').count()).toBe(0);
    await typeInEditor(page, panel, ID_ZERO_MISTAKE);
    await submitAndRead(page, 'route', 'Run examples');
    expect(await panel.locator('.known-mistake').count()).toBe(0);
  });

  it("ships a mutant's code only in the chunk that names its exercise's mistakes, or checks an examples exercise", async () => {
    const { exercises } = await courseData();
    const dist = join(root, 'dist', 'assets');
    // Backslashes dropped: a chunk holds the mutants' text escaped inside a JSON string.
    const plain = (text: string) => text.replace(/\\+/g, '');
    const chunks = await Promise.all((await readdir(dist)).filter((f) => f.endsWith('.js')).map(async (f) => ({ file: f, text: plain(await readFile(join(dist, f), 'utf8')) })));
    // The chunks of `virtual:course-examples/<id>` and `virtual:course-mutants/<id>`, as the build's manifest names them.
    const manifest = JSON.parse(await readFile(join(root, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const chunkOf = (prefix: string) => new Set(Object.entries(manifest).flatMap(([key, chunk]) => (key.includes(prefix) ? [chunk.file.replace(/^assets\//, '')] : [])));
    const allowed = new Set([...chunkOf('virtual:course-examples/'), ...chunkOf('virtual:course-mutants/')]);
    const code = exercises.flatMap((e) => (e.kind === 'code' ? [e] : []));
    expect(chunkOf('virtual:course-mutants/').size).toBe(code.filter((e) => e.mutants.length > 0).length);
    for (const exercise of code) {
      for (const m of exercise.mutants) {
        // Each mutant's mistake line is in its code; no chunk but those may hold it.
        const holding = chunks.filter((c) => c.text.includes(plain(m.mistake)));
        expect(holding.length, m.file).toBeGreaterThan(0);
        expect(holding.filter((c) => !allowed.has(c.file)).map((c) => c.file), m.file).toEqual([]);
      }
    }
  });
});

describe('the messages of a failed check', () => {
  it('shows the SDK client exchange in the capstone, the wrong answer marked, under a sentence in course words', async () => {
    const capstone = (await courseData()).exercises.find((e) => e.id === 'mcp-server');
    if (capstone?.kind !== 'code') throw new Error('mcp-server is not a code exercise');
    const source = capstone.mutants.find((m) => m.name === 'replies-to-notifications')?.source;
    if (typeof source !== 'string') throw new Error('mcp-server has no replies-to-notifications mutant of one file');
    await page.goto(`${inject('baseUrl')}#/lesson/${capstone.lesson}`);
    await waitForLesson(page);
    const panel = exercisePanel(page, 'mcp-server');
    await typeInEditor(page, panel, source);
    await submitAndRead(page, 'mcp-server');
    const check = panel.locator('li.test-fail', { hasText: 'notifications/initialized got no reply' });
    // Open its details (the first failed check starts open).
    if (!(await check.locator('details').first().evaluate((d) => (d as HTMLDetailsElement).open))) await check.locator('summary').first().click();
    await expect.poll(() => check.locator('.test-message').innerText()).toMatch(/^route answered notifications\/initialized with a reply with error; this check expects null/);
    const table = check.getByRole('table');
    expect(await table.locator('caption').innerText()).toMatch(/exchange so far/);
    const marked = table.locator('tr.transcript-marked');
    expect(await marked.count()).toBe(1);
    expect(await marked.innerText()).toContain('notifications/initialized');
    // The exchange so far, in order: the SDK client's initialize comes before the notification it
    // marks (the capstone's first example, a tools/list before any initialize, may come first).
    const rows = await table.locator('tbody tr').allInnerTexts();
    const initialize = rows.findIndex((r) => /method: "initialize"/.test(r));
    expect(initialize).toBeGreaterThanOrEqual(0);
    expect(initialize).toBeLessThan(rows.findIndex((r) => r.includes('notifications/initialized')));
  });
});

describe('a failed Submit with a long value', () => {
  it('lists the failures first, the passes folded, and wraps long values inside the panel at 1280 and 360 px', async () => {
    // Fails only on ids of 1,000 characters or more, so the smallest failing input keeps one
    // (the ids' edge values include such a string) and every part of the results shows it.
    const longIdOnly = solutionOf('mcp-server').replace(/function route\(msg\) \{/, "function route(msg) {\n  if (typeof msg.id === 'string' && msg.id.length >= 1000) return null;");
    await page.goto(`${inject('baseUrl')}#/lesson/mcp-capstone`);
    await waitForLesson(page);
    const panel = exercisePanel(page, 'mcp-server');
    await typeInEditor(page, panel, longIdOnly);
    expect(await submitAndRead(page, 'mcp-server')).toMatch(/of \d+ checks passed/);
    const failed = panel.locator('li.test-fail, li.test-error');
    expect(await failed.count()).toBeGreaterThan(0);
    // Failures come first, the first one open with its headline; the passes are folded under them.
    const first = panel.locator('.results li.test').first();
    expect(await first.getAttribute('class')).toMatch(/test-(fail|error)/);
    expect(await first.locator('details').first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => first.locator('.test-message').innerText()).toMatch(/\S/);
    const passed = panel.locator('details.passed-tests');
    expect(await passed.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await passed.locator('summary').innerText()).toMatch(/^\d+ checks passed$/);
    expect(await panel.locator('li.test-pass:visible').count()).toBe(0);
    // Every failure open, so each of its blocks and its exchange is laid out.
    await panel.evaluate((el) => el.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
    expect(await panel.innerText()).toContain('x'.repeat(200));
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `page width at ${width} px` }).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe("the task's own examples", () => {
  it("Run catches a router that takes id 0 for a notification, since notification-null's task shows id 0", async () => {
    await page.goto(`${inject('baseUrl')}#/lesson/the-router`);
    await waitForLesson(page);
    const panel = exercisePanel(page, 'notification-null');
    const falsy = solutionOf('notification-null').replace(/function route\(msg\) \{/, 'function route(msg) {\n  if (!msg.id) return null;');
    await typeInEditor(page, panel, falsy);
    const summary = await submitAndRead(page, 'notification-null', 'Run examples');
    expect(summary).toMatch(/^\d+ of \d+ examples passed\.$/);
    expect(await panel.locator('li.test-fail .test-name').allInnerTexts()).toContain("the task's request with id 0 gets its reply, id 0 and all: 0 is an id");
  });
});
