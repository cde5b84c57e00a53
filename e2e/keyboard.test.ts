/**
 * Keyboard only: reach the first exercise of the router lesson with Tab, write a passing
 * solution, submit with Ctrl+Shift+Enter, leave the editor (Ctrl+M makes Tab move focus), run the
 * examples from the button and reveal a hint, all without the mouse.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, solutionOf, waitForLesson } from './browser.ts';

let browser: Browser;

/** Pages where Ctrl+M has made Tab move focus out of the code editors. */
const tabMovesFocus = new WeakSet<Page>();

/**
 * Presses Tab until `predicate` holds for the focused element; fails after `max` presses. When Tab
 * lands in a code editor on the way (an editor that finishes loading while its placeholder has
 * focus takes that focus, sooner or later depending on the machine), it presses Ctrl+M once, as
 * the editor tells a keyboard user to, so Tab moves on instead of indenting. Ctrl+M toggles one
 * mode for every editor of the page, so a Tab that leaves focus in the editor it was in means the
 * mode is off (a press was lost, or a second one turned it off again): Ctrl+M turns it on.
 */
async function tabUntil(page: Page, predicate: string, max = 400): Promise<void> {
  const markEditor = () => page.evaluate(() => {
    const editor = document.activeElement?.closest('.monaco-editor') ?? null;
    (window as unknown as { focusedEditor: Element | null }).focusedEditor = editor;
  });
  for (let i = 0; i < max; i++) {
    await markEditor();
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(() => { const el = document.activeElement; return !!el && (${predicate}); })()`)) return;
    const where = await page.evaluate(() => {
      const editor = document.activeElement?.closest('.monaco-editor') ?? null;
      return { inEditor: editor !== null, stayed: editor !== null && editor === (window as unknown as { focusedEditor: Element | null }).focusedEditor };
    });
    if (where.stayed || (where.inEditor && !tabMovesFocus.has(page))) {
      await page.keyboard.press('Control+M');
      tabMovesFocus.add(page);
    }
  }
  const at = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ').join('.') : ''} in ${el.closest('section')?.className ?? 'no section'}` : 'nothing';
  });
  throw new Error(`Focus never reached an element where ${predicate} after ${max} Tab presses; it is on ${at}.`);
}

const inRouteEditor = "!!el.closest('section.exercise[data-exercise=\"route\"] .code-editor')";

describe('keyboard only', () => {
  beforeAll(async () => {
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('completes the first exercise without the mouse', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${inject('baseUrl')}#/lesson/the-router`);
    await waitForLesson(page);

    // Tab onto the editor (its loading placeholder hands focus on to Monaco), then type.
    await tabUntil(page, inRouteEditor);
    const panel = page.locator('section.exercise[data-exercise="route"]');
    await panel.locator('.monaco-editor').waitFor({ timeout: 60_000 });
    await page.waitForFunction(`(() => { const el = document.activeElement; return !!el && !!el.closest('.monaco-editor'); })()`, undefined, {
      timeout: 10_000,
    });
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(solutionOf('route'));

    await page.keyboard.press('Control+Shift+Enter');
    await panel.locator('.run-summary', { hasText: /^All \d+ checks passed/ }).waitFor({ timeout: 60_000 });
    expect(await panel.locator('.badge-pass').count()).toBe(1);

    // Leave the editor: Ctrl+M switches Tab from indenting to moving focus.
    await page.keyboard.press('Control+M');
    tabMovesFocus.add(page);
    await tabUntil(page, "el.tagName === 'BUTTON' && el.textContent === 'Run examples'", 10);
    await page.keyboard.press('Enter');
    await panel.locator('.run-summary', { hasText: /example passed|examples passed/ }).waitFor({ timeout: 60_000 });

    await tabUntil(page, "el.tagName === 'BUTTON' && /Show a hint/.test(el.textContent)", 30);
    await page.keyboard.press('Enter');
    await panel.getByRole('list', { name: 'Hints' }).waitFor();
    // The revealed hint takes focus so it is read next.
    expect(await page.evaluate(() => document.activeElement?.closest('.hint-list') !== null)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers the question with arrow keys and Enter', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${inject('baseUrl')}#/lesson/the-router`);
    await waitForLesson(page);
    await tabUntil(page, "el.type === 'radio'");
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await tabUntil(page, "el.tagName === 'BUTTON' && el.textContent === 'Check my answer'", 5);
    await page.keyboard.press('Enter');
    const question = page.locator('section.question');
    await question.locator('.feedback').waitFor();
    expect(await question.locator('.verdict').innerText()).not.toBe('');
    await context.close();
  });
});
