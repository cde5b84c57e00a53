/**
 * The app's promises that need no learner journey: a light first load (no Monaco, no runner, and
 * nothing run until asked), readable text and visible diagram sources when heavy chunks cannot
 * load, damaged saved data that never breaks the page, and a page for unknown addresses.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exercisePanel, launch, newPage, typeInEditor, waitForLesson } from './browser.ts';

let browser: Browser;
const lessonUrl = () => `${inject('baseUrl')}#/lesson/the-router`;

describe('the app', () => {
  beforeAll(async () => {
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the lesson without loading Monaco or starting the runner', async () => {
    const { page, context, errors } = await newPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(lessonUrl());
    await waitForLesson(page);
    await page.waitForTimeout(1_500);
    expect(requested.filter((url) => /monaco|editor\.api|ts\.worker|editor\.worker/.test(url))).toEqual([]);
    // The runner creates its sandbox frame on the first run only: nothing runs on page load.
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.locator('.test-list, pre.console').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('paints the opening of a lesson first and the rest just after: all segments, then the links to other lessons', async () => {
    const { page, context, errors } = await newPage(browser);
    // Records what the article held when it was first inserted, before any later render.
    await page.addInitScript(() => {
      const seen: { busy: string | null; children: number }[] = [];
      (window as unknown as { __firstArticle: typeof seen }).__firstArticle = seen;
      new MutationObserver(() => {
        const article = document.querySelector('article.lesson');
        if (article && seen.length === 0) seen.push({ busy: article.getAttribute('aria-busy'), children: article.children.length });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(lessonUrl());
    await waitForLesson(page);
    const first = await page.evaluate(() => (window as unknown as { __firstArticle: { busy: string | null; children: number }[] }).__firstArticle[0]);
    // Order line, title and the opening segments only.
    expect(first).toEqual({ busy: 'true', children: 4 });
    expect(await page.locator('article.lesson > nav.lesson-nav').count()).toBe(1);
    expect(await page.locator('article.lesson section.exercise').count()).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fetches the opened lesson's chunk beside the entry script, once", async () => {
    const { page, context, errors } = await newPage(browser);
    const lessonChunk = /\/assets\/the-router-[^/]*\.js$/;
    const chunkRequests: string[] = [];
    let chunkRequested!: () => void;
    const seen = new Promise<void>((resolve) => (chunkRequested = resolve));
    page.on('request', (request) => {
      if (!lessonChunk.test(new URL(request.url()).pathname)) return;
      chunkRequests.push(request.url());
      chunkRequested();
    });
    // The entry script is held until the lesson's chunk has been asked for: only index.html's
    // preload can ask for it then, since the entry's own import() runs after the entry arrives.
    let held = 0;
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      held++;
      await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await route.continue();
    });
    await page.goto(lessonUrl());
    await waitForLesson(page);
    expect(held).toBe(1);
    expect(chunkRequests).toHaveLength(1);
    expect(await page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href).filter((href) => href.includes('/the-router-')))).toEqual(chunkRequests);
    expect(errors).toEqual([]);
    await context.close();
    // An address that names no lesson preloads nothing, whatever the name.
    const other = await newPage(browser);
    await other.page.goto(`${inject('baseUrl')}#/lesson/constructor`);
    await other.page.locator('h1', { hasText: 'Page not found' }).waitFor();
    expect(await other.page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href).filter((href) => !/rolldown-runtime/.test(href)))).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });

  it("says so when the lesson's chunk cannot be loaded, and the rest of the page works", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.route(/\/assets\/the-router-[^/]*\.js$/, (route) => route.abort());
    await page.goto(lessonUrl());
    await page.getByText('This lesson could not be loaded. Check your connection, then reload the page.').waitFor();
    await page.getByRole('link', { name: 'JSON-RPC router course' }).click();
    await page.locator('h1', { hasText: 'Build a JSON-RPC router' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the lesson readable, the diagram sources visible and the code editable when lazy chunks fail', async () => {
    const { page, context } = await newPage(browser);
    // Simulate a network that drops the heavy chunks.
    await page.route(/mermaid|monaco|editor\.api/, (route) => route.abort());
    await page.goto(lessonUrl());
    await waitForLesson(page);
    const diagram = page.locator('figure.diagram').first();
    await diagram.locator('.diagram-error').waitFor({ timeout: 30_000 });
    expect(await diagram.locator('pre.diagram-source').innerText()).toContain('flowchart');
    const panel = page.locator('section.exercise').first();
    await panel.scrollIntoViewIfNeeded();
    const fallback = panel.locator('textarea.code-area');
    await fallback.waitFor({ timeout: 30_000 });
    await fallback.fill('function route(msg) { return null; }');
    await page.waitForFunction(() => (localStorage.getItem('jsonrpc-course/progress') ?? '').includes('return null'));
    await context.close();
  });

  for (const [what, saved] of [
    ['damaged', '{"version":1,"exercises":'],
    ['old', JSON.stringify({ version: 0, code: { route: 'x' } })],
  ] as const) {
    it(`tells the learner about ${what} saved data and lets them reset it`, async () => {
      const { page, context, errors } = await newPage(browser);
      await page.addInitScript((value) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('jsonrpc-course/progress', value);
          sessionStorage.setItem('seeded', '1');
        }
      }, saved);
      await page.goto(inject('baseUrl'));
      const notice = page.getByRole('alert').filter({ hasText: /saved work/ });
      await notice.waitFor();
      expect(await page.locator('.lesson-card').count()).toBeGreaterThan(0);
      // Unreadable data is left alone until the learner decides.
      expect(await page.evaluate(() => localStorage.getItem('jsonrpc-course/progress'))).toBe(saved);
      await notice.getByRole('button', { name: 'Reset saved data' }).click();
      await notice.waitFor({ state: 'detached' });
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('jsonrpc-course/progress'))) ?? 'null')).toMatchObject({ version: 1 });
      await page.reload();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('refuses an import that is not a work file, with a sentence', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(inject('baseUrl'));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import', exact: true }).click()]);
    await chooser.setFiles({ name: 'package.json', mimeType: 'application/json', buffer: Buffer.from('{"name":"x"}') });
    await page.getByText(/not an export of this course/).waitFor();
    await context.close();
  });

  it('gives the editor JSON-RPC types: msg.id completes and a wrong error.code is flagged', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(lessonUrl());
    await waitForLesson(page);
    const panel = exercisePanel(page, 'route');
    await typeInEditor(
      page,
      panel,
      [
        '/** @type {JsonRpcError} */',
        "const bad = { code: 'oops', message: 'x' };",
        '/** @param {JsonRpcRequest} msg */',
        'function route(msg) {',
        '  return msg.',
        '}',
      ].join('\n'),
    );
    // The type error (a string code) is flagged by the TypeScript worker; F8 shows the problem.
    await expect.poll(() => panel.locator('.code-editor .squiggly-error').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const problems: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('F8');
      const problem = panel.locator('.marker-widget');
      await problem.waitFor({ timeout: 10_000 });
      problems.push(await problem.innerText());
    }
    expect(problems.join('\n')).toMatch(/'string' is not assignable to type 'number'/);
    await page.keyboard.press('Escape');
    // Put the cursor after `msg.` and ask for completions.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Space');
    const suggestions = panel.locator('.suggest-widget .monaco-list-row');
    await suggestions.first().waitFor({ timeout: 30_000 });
    const labels = await suggestions.allInnerTexts();
    expect(labels.join(' ')).toMatch(/\bid\b/);
    expect(labels.join(' ')).toMatch(/\bmethod\b/);
    await context.close();
  });

  it('shows a run error once, under a headline, and names the learner\'s file as the editor does', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(lessonUrl());
    await waitForLesson(page);
    const panel = exercisePanel(page, 'route');
    await typeInEditor(page, panel, 'function route(msg) {\n  return {;\n}\n');
    await panel.getByRole('button', { name: 'Run examples', exact: true }).click();
    const summary = panel.locator('.run-summary');
    await summary.filter({ hasText: 'syntax error' }).waitFor({ timeout: 60_000 });
    expect(await summary.innerText()).toBe('Your code has a syntax error, so no check ran.');
    const text = await panel.innerText();
    const message = await panel.locator('.results .run-error').innerText();
    expect(message).toMatch(/^Syntax error on line 2, column \d+ of main\.js: /);
    // Once: not again in the status line.
    expect(text.split('Syntax error on line 2').length - 1).toBe(1);
    await context.close();
  });

  it('answers an unknown address with a way back', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${inject('baseUrl')}#/lesson/no-such-lesson`);
    await page.locator('h1', { hasText: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: /list of lessons/ }).click();
    await page.locator('h1', { hasText: 'Build a JSON-RPC router' }).waitFor();
    await context.close();
  });
});
