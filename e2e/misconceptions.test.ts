/**
 * Naming the learner's mistake in the page: a learner who types the id-0-as-notification mistake
 * into `route` and submits reads that mistake's sentence above the failed checks, with a way to
 * the hint that addresses it; the reference solution gets no such sentence. The page never holds
 * a mutant's code, only sentences and fingerprints (checked in the lesson's chunk).
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
    const mutant = (await courseData()).exercises.find((e) => e.id === 'route')?.mutants.find((m) => m.name === 'id-zero-notification');
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

  it("ships no mutant's code to the page", async () => {
    const mutants = (await courseData()).exercises.flatMap((e) => e.mutants);
    const dist = join(root, 'dist', 'assets');
    const chunks = await Promise.all((await readdir(dist)).filter((f) => f.endsWith('.js')).map((f) => readFile(join(dist, f), 'utf8')));
    const all = chunks.join('\n');
    // Each mutant's mistake line is in its code and nowhere else; its learner sentence is shipped.
    for (const m of mutants) expect(all.includes(m.mistake), m.file).toBe(false);
    expect(all).toContain(JSON.stringify(mutants[0]?.learner).slice(1, 40));
  });
});
