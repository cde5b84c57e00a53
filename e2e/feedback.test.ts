/**
 * Feedback in the page beyond pass and fail: a learner who types the id-0-as-notification mistake
 * into `route` and submits reads that mistake's sentence above the failed checks, with a way to
 * the hint that addresses it; the reference solution gets no such sentence. The page never holds
 * a mutant's code, only sentences and fingerprints (checked in the lesson's chunk). In the
 * capstone, a failed check shows the SDK client's exchange with the wrong answer marked, under a
 * headline in the course's words.
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

/** A learner's own way of making the mistake (not the mutant's text). */
const ID_ZERO_MISTAKE = `const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (!msg.id) return null;
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
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

  it('the reference solution passes with no mistake named, and Run never names one', async () => {
    const panel = exercisePanel(page, 'route');
    await typeInEditor(page, panel, solutionOf('route'));
    expect(await submitAndRead(page, 'route')).toMatch(/^All \d+ checks passed/);
    expect(await panel.locator('.known-mistake').count()).toBe(0);
    await typeInEditor(page, panel, ID_ZERO_MISTAKE);
    await submitAndRead(page, 'route', 'Run examples');
    expect(await panel.locator('.known-mistake').count()).toBe(0);
  });

  it("ships no mutant's code to the page, but in the chunk that checks an examples exercise's examples", async () => {
    const { exercises } = await courseData();
    // The mutants an examples exercise runs: their code is that exercise's point (page-exercise.ts).
    const borrowed = new Set(exercises.flatMap((e) => (e.kind === 'examples' ? [e.of] : [])));
    const dist = join(root, 'dist', 'assets');
    // Backslashes dropped: a chunk holds the mutants' text escaped inside a JSON string.
    const plain = (text: string) => text.replace(/\\+/g, '');
    const chunks = await Promise.all((await readdir(dist)).filter((f) => f.endsWith('.js')).map(async (f) => ({ file: f, text: plain(await readFile(join(dist, f), 'utf8')) })));
    // The chunks of `virtual:course-examples/<id>`, as the build's manifest names them.
    const manifest = JSON.parse(await readFile(join(root, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const checkFiles = new Set(Object.entries(manifest).flatMap(([key, chunk]) => (key.includes('virtual:course-examples/') ? [chunk.file.replace(/^assets\//, '')] : [])));
    const isCheckChunk = (chunk: { file: string }) => checkFiles.has(chunk.file);
    expect(checkFiles.size).toBe(exercises.filter((e) => e.kind === 'examples').length);
    const code = exercises.flatMap((e) => (e.kind === 'code' ? [e] : []));
    // Two exercises may share a mistake line (notification-null repeats route's jsonrpc-number).
    const borrowedLines = new Set(code.filter((e) => borrowed.has(e.id)).flatMap((e) => e.mutants.map((m) => plain(m.mistake))));
    for (const exercise of code) {
      for (const m of exercise.mutants) {
        // Each mutant's mistake line is in its code and nowhere else; its learner sentence is shipped.
        const holding = chunks.filter((c) => c.text.includes(plain(m.mistake)));
        if (borrowed.has(exercise.id)) expect(holding.length > 0 && holding.every(isCheckChunk), m.file).toBe(true);
        else expect(holding.filter((c) => !(borrowedLines.has(plain(m.mistake)) && isCheckChunk(c))).map((c) => c.file), m.file).toEqual([]);
      }
    }
    const first = exercises.find((e) => e.kind === 'code');
    if (first?.kind !== 'code') throw new Error('the course has no code exercise');
    expect(chunks.map((c) => c.text).join('\n')).toContain(JSON.stringify(first.mutants[0]?.learner).slice(1, 40));
  });
});

describe('the messages of a failed check', () => {
  it('shows the SDK client exchange in the capstone, the wrong answer marked, under a sentence in course words', async () => {
    const capstone = (await courseData()).exercises.find((e) => e.id === 'mcp-server');
    if (capstone?.kind !== 'code') throw new Error('mcp-server is not a code exercise');
    const source = capstone.mutants.find((m) => m.name === 'replies-to-notifications')?.source;
    if (!source) throw new Error('mcp-server has no replies-to-notifications mutant');
    await page.goto(`${inject('baseUrl')}#/lesson/${capstone.lesson}`);
    await waitForLesson(page);
    const panel = exercisePanel(page, 'mcp-server');
    await typeInEditor(page, panel, source);
    await submitAndRead(page, 'mcp-server');
    const check = panel.locator('li.test-fail', { hasText: 'notifications/initialized got no reply' });
    // Open its details (the first failed check starts open).
    if (!(await check.locator('details').first().evaluate((d) => (d as HTMLDetailsElement).open))) await check.locator('summary').first().click();
    await expect.poll(() => check.locator('.test-message').innerText()).toMatch(/^`route` answered `notifications\/initialized` with a reply with error; this check expects null/);
    const table = check.getByRole('table');
    expect(await table.locator('caption').innerText()).toMatch(/exchange so far/);
    const marked = table.locator('tr.transcript-marked');
    expect(await marked.count()).toBe(1);
    expect(await marked.innerText()).toContain('notifications/initialized');
    expect(await table.locator('tbody tr').first().innerText()).toContain('initialize');
  });
});

describe("the task's own examples", () => {
  it("Run catches a router that takes id 0 for a notification, since notification-null's task shows id 0", async () => {
    await page.goto(`${inject('baseUrl')}#/lesson/the-router`);
    await waitForLesson(page);
    const panel = exercisePanel(page, 'notification-null');
    const falsy = "const handlers = { ping: () => ({ pong: true }) };\n\nfunction route(msg) {\n  if (!msg.id) return null;\n  const result = handlers[msg.method](msg.params || {});\n  return { jsonrpc: '2.0', id: msg.id, result };\n}\n";
    await typeInEditor(page, panel, falsy);
    const summary = await submitAndRead(page, 'notification-null', 'Run examples');
    expect(summary).toMatch(/^\d+ of \d+ examples passed\.$/);
    expect(await panel.locator('li.test-fail .test-name').allInnerTexts()).toContain("the task's request with id 0 gets its reply, id 0 and all: 0 is an id");
  });
});
