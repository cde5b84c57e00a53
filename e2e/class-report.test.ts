/**
 * The HTML class report in Chromium, opened from disk as a teacher opens a CI artifact: a class
 * is graded by `course grade --format json` and reported by `course report --html`; the page
 * must load nothing and run nothing, show its charts with names, and pass axe (no serious or
 * critical violation) in light and dark, its tables of every submission opened too.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClass } from '../runner/cli/testing/class-fixture.ts';
import { CLI_TIMEOUT, REPO, runCli, tempDir } from '../runner/cli/testing/cli-harness.ts';
import { launch, newPage } from './browser.ts';

const EXERCISES = ['full-error-routing', 'notification-null', 'route'];

let browser: Browser;
let dir = '';
let remove = async () => {};
let reportUrl = '';

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the HTML class report', () => {
  beforeAll(async () => {
    ({ dir, remove } = await tempDir());
    await writeClass(REPO, dir, EXERCISES, 40);
    await mkdir(join(dir, 'results'));
    const results: string[] = [];
    for (const exercise of EXERCISES) {
      const file = `results/${exercise}.json`;
      const run = await runCli(['grade', '--exercise', exercise, `submissions/${exercise}/`, '--format', 'json', '--out', file, '--root', REPO], { cwd: dir });
      expect(run.code, run.stderr).toBe(1);
      results.push(file);
    }
    const report = await runCli(['report', ...results, '--html', 'report.html'], { cwd: dir });
    expect(report.code, report.stderr).toBe(0);
    reportUrl = pathToFileURL(join(dir, 'report.html')).href;
    browser = await launch();
  }, CLI_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await remove();
  });

  it('opens from disk, fetches and runs nothing, and shows each chart as a named image', async () => {
    const { page, context, errors } = await newPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(reportUrl);
    expect(requested).toEqual([reportUrl]);
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Class report');
    for (const exercise of EXERCISES) {
      const section = page.getByRole('region', { name: exercise, exact: true });
      await expect.poll(() => section.count()).toBe(1);
      expect(await section.getByRole('img', { name: `Scores of ${exercise}` }).isVisible()).toBe(true);
      expect(await section.getByRole('img', { name: `Failure rate of each test of ${exercise}` }).isVisible()).toBe(true);
      expect(await section.getByRole('img', { name: `Known mistakes in ${exercise}` }).isVisible()).toBe(true);
      expect(await section.getByRole('table', { name: `Tests of ${exercise}, most failed first` }).isVisible()).toBe(true);
    }
    // The overview links to each exercise's section.
    await page.getByRole('navigation', { name: 'Exercises' }).getByRole('link', { name: 'route' }).click();
    expect(page.url()).toMatch(/#exercise-3$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation, and a screenshot (${colorScheme})`, async () => {
      const { page, context } = await newPage(browser);
      await page.emulateMedia({ colorScheme });
      await page.goto(reportUrl);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(colorScheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
      // The charts' text follows the theme too.
      const labelFill = await page.locator('figure svg text').first().evaluate((text) => getComputedStyle(text).fill);
      expect(labelFill).toBe(colorScheme === 'dark' ? 'rgb(230, 237, 243)' : 'rgb(31, 35, 40)');
      const shot = join(dir, `class-report-${colorScheme}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      expect(statSync(shot).size).toBeGreaterThan(10_000);
      // Every submission's table too.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('fits a 360 px wide screen without sideways scrolling of the page', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 800 });
    await page.goto(reportUrl);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
