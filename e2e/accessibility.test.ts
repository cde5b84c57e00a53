/**
 * axe-core on the home and lesson pages (no serious or critical violation), in light and dark
 * themes, with Monaco and the diagrams loaded; screenshots of the lesson page at desktop and
 * 360 px widths go to .artifacts/screenshots/ for review.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkExamples, exercisePanel, launch, newPage, root, seriousViolations, typeInEditor, waitForLesson } from './browser.ts';

const screenshots = join(root, '.artifacts', 'screenshots');
let browser: Browser;

/** Scrolls through the page so lazy parts (diagrams, editors) load, then back to the top. */
async function loadEverything(page: Page): Promise<void> {
  await waitForLesson(page);
  for (const selector of ['figure.diagram', 'section.exercise']) {
    const items = page.locator(selector);
    for (let i = 0; i < (await items.count()); i++) await items.nth(i).scrollIntoViewIfNeeded();
  }
  await page.locator('section.exercise .monaco-editor').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => document.querySelectorAll('.diagram-waiting').length === 0, undefined, { timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('accessibility', () => {
  beforeAll(async () => {
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`home page has no serious or critical axe violation (${colorScheme})`, async () => {
      const { page, context } = await newPage(browser);
      await page.emulateMedia({ colorScheme });
      await page.goto(inject('baseUrl'));
      await page.locator('.lesson-card').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`lesson page has no serious or critical axe violation (${colorScheme})`, async () => {
      const { page, context } = await newPage(browser);
      await page.emulateMedia({ colorScheme });
      await page.goto(`${inject('baseUrl')}#/lesson/the-router`);
      await loadEverything(page);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`examples exercise with its results shown has no serious or critical axe violation (${colorScheme})`, async () => {
      const { page, context } = await newPage(browser);
      await page.emulateMedia({ colorScheme });
      await page.goto(`${inject('baseUrl')}#/lesson/the-router`);
      await waitForLesson(page);
      // An invalid example, valid ones that miss mistakes: every part of the results shows.
      const panel = exercisePanel(page, 'route-examples');
      const ping = (id: number, result: object) => ({ message: { jsonrpc: '2.0', id, method: 'ping' }, reply: { jsonrpc: '2.0', id, result } });
      await typeInEditor(page, panel, `const examples = ${JSON.stringify([ping(1, { pong: true }), ping(2, { ok: true })])};\n`);
      await checkExamples(page, 'route-examples');
      await panel.locator('.caught').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('writes screenshots of the lesson page at desktop and 360 px widths', async () => {
    mkdirSync(screenshots, { recursive: true });
    for (const [name, width] of [
      ['lesson-desktop', 1280],
      ['lesson-360', 360],
    ] as const) {
      const { page, context } = await newPage(browser, { width, height: 900 });
      await page.goto(`${inject('baseUrl')}#/lesson/the-router`);
      await loadEverything(page);
      // Nothing may stick out sideways: the page must be usable without horizontal scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(screenshots, `${name}.png`) });
      await page.screenshot({ path: join(screenshots, `${name}-full.png`), fullPage: true });
      await context.close();
    }
  });
});
