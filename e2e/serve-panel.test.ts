/**
 * The serve panel of the capstone in real Chromium: absent before the exercise passes (a failing
 * Submit included), there once the reference solution passes and after a reload; its command
 * names the file "Export my work" downloads; its Copy buttons copy (by keyboard, by mouse, and
 * through the fallback when the Clipboard API refuses), show "Copied", and the page stays
 * axe-clean in both themes and fits 360 px (screenshots in .artifacts/screenshots/serve-panel-*.png).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { courseData, exercisePanel, launch, newPage, root, seriousViolations, solutionOf, submitAndRead, typeInEditor, waitForEditor, waitForLesson } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let exerciseId: string;
let lessonId: string;
let fileName = '';
const screenshots = join(root, '.artifacts', 'screenshots');

const panel = () => exercisePanel(page, exerciseId);
const servePanel = () => panel().locator('section.serve-panel');
/** The copyable block whose caption starts with `caption`. */
const block = (caption: string | RegExp) => servePanel().locator('figure.copyable', { has: page.locator('figcaption', { hasText: caption }) });
const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

async function copyWithKeyboard(button: Locator): Promise<void> {
  await button.focus();
  await page.keyboard.press('Enter');
}

describe('the serve panel of an exercise that is an MCP server', () => {
  beforeAll(async () => {
    // The exercise the content data marks as an MCP server (`serves: mcp`), not a name known here.
    // The capstone's panel is the one walked through here (the final project is served the same way).
    const served = (await courseData()).exercises.filter((e) => e.kind === 'code' && e.serves === 'mcp');
    expect(served.map((e) => e.id)).toEqual(['mcp-server', 'conformance-server']);
    exerciseId = served[0]?.id ?? '';
    lessonId = served[0]?.lesson ?? '';
    browser = await launch();
    ({ context, page, errors } = await newPage(browser));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('is not there before the exercise passes, nor after a failing Submit', async () => {
    await page.goto(`${inject('baseUrl')}#/lesson/${lessonId}`);
    await waitForLesson(page);
    await waitForEditor(panel());
    expect(await servePanel().count()).toBe(0);
    const summary = await submitAndRead(page, exerciseId);
    expect(summary).not.toMatch(/^All \d+ checks passed/);
    expect(await servePanel().count()).toBe(0);
  });

  it('appears once the reference solution passes, and stays after a reload', async () => {
    await typeInEditor(page, panel(), solutionOf(exerciseId));
    expect(await submitAndRead(page, exerciseId)).toMatch(/^All \d+ checks passed/);
    await servePanel().waitFor();
    expect(await servePanel().getByRole('heading', { level: 3 }).innerText()).toBe('Serve your router to a real MCP host');
    await page.reload();
    await waitForLesson(page);
    await servePanel().waitFor();
  });

  it('exports the work from the panel, and its command serves that very file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), servePanel().getByRole('button', { name: 'Export my work' }).click()]);
    fileName = download.suggestedFilename();
    expect(fileName).toMatch(/^jsonrpc-course-work-\d{4}-\d{2}-\d{2}\.json$/);
    await expect.poll(() => servePanel().getByRole('status').first().innerText()).toBe(`Downloaded ${fileName}.`);
    expect(await block(/^Move the file/).locator('pre').innerText()).toBe(`npx course serve ${fileName}`);
  });

  it('copies the command from the keyboard and says so', async () => {
    const command = block(/^Move the file/);
    const button = command.locator('button.copy-button');
    expect(await button.innerText()).toBe('Copy the command');
    await copyWithKeyboard(button);
    await expect.poll(() => button.innerText()).toBe('Copied');
    expect(await command.getByRole('status').innerText()).toBe('Copied the command to the clipboard.');
    expect(await clipboard()).toBe(`npx course serve ${fileName}`);
    // "Copied" goes back to the button's name after a moment.
    await expect.poll(() => button.innerText(), { timeout: 5_000 }).toBe('Copy the command');
  });

  it('copies the Claude Desktop entry as valid JSON naming the CLI and the exported file', async () => {
    const entry = block(/^Claude Desktop/);
    expect(await entry.locator('figcaption').innerText()).toBe('Claude Desktop: claude_desktop_config.json');
    await entry.getByRole('button', { name: 'Copy the Claude Desktop entry' }).click();
    await expect.poll(() => entry.locator('button.copy-button').innerText()).toBe('Copied');
    expect(JSON.parse(await clipboard())).toEqual({
      mcpServers: { 'jsonrpc-course': { command: 'node', args: ['/path/to/course/runner/cli/bin.cjs', 'serve', `/path/to/${fileName}`] } },
    });
  });

  it('falls back to the copy command when the Clipboard API refuses', async () => {
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Refused for the test.', 'NotAllowedError'));
    });
    const entry = block(/^VS Code/);
    const button = entry.locator('button.copy-button');
    await copyWithKeyboard(button);
    await expect.poll(() => button.innerText()).toBe('Copied');
    // The fallback puts the focus back on the button, so the keyboard user is where they were.
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    const copied = JSON.parse(await clipboard()) as { servers: Record<string, { type: string; args: string[] }> };
    expect(copied.servers['jsonrpc-course']).toMatchObject({ type: 'stdio', args: ['/path/to/course/runner/cli/bin.cjs', 'serve', `/path/to/${fileName}`] });
  });

  it('has no serious or critical axe violation, in light and dark themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await servePanel().scrollIntoViewIfNeeded();
      expect(await seriousViolations(page), colorScheme).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('fits 360 px without sideways scrolling; screenshots go to .artifacts/screenshots/', async () => {
    mkdirSync(screenshots, { recursive: true });
    await page.emulateMedia({ colorScheme: 'light' });
    for (const [name, width] of [
      ['serve-panel-desktop', 1280],
      ['serve-panel-360', 360],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await servePanel().scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await servePanel().screenshot({ path: join(screenshots, `${name}.png`) });
    }
  });
});
