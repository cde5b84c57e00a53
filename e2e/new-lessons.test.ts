/**
 * The lessons after the capstone (resources; prompts, logging and completion; content and tool
 * errors) in real Chromium, as a learner goes through each: found on the home page, every
 * diagram drawn, the first example run, the question answered wrong then right, and each code
 * exercise failed with its starter, then passed with its reference typed into Monaco. The final
 * project's own journey is e2e/final-project.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Lesson } from '../runner/content/types.ts';
import { exercisePanel, launch, lessonData, newPage, solutionOf, submitAndRead, typeInEditor, waitForEditor, waitForLesson } from './browser.ts';

const LESSONS = ['resources', 'prompts-logging-completion', 'content-and-tool-errors'];

describe.each(LESSONS)('the lesson %s, as a learner', (lessonId) => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let lesson: Lesson;
  let codeIds: string[];

  beforeAll(async () => {
    ({ lesson, codeIds } = await lessonData(lessonId));
    browser = await launch();
    ({ page, errors } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('is listed on the home page and opens', async () => {
    await page.goto(inject('baseUrl'));
    await page.getByRole('link', { name: lesson.title }).first().click();
    await page.waitForURL(new RegExp(`#/lesson/${lessonId}$`));
    await waitForLesson(page);
    expect(await page.locator('h1').innerText()).toBe(lesson.title);
  });

  it('draws every diagram', async () => {
    const diagrams = page.locator('figure.diagram');
    const expected = lesson.segments.filter((s) => s.kind === 'mermaid').length;
    expect(expected).toBeGreaterThan(0);
    expect(await diagrams.count()).toBe(expected);
    for (let i = 0; i < expected; i++) {
      await diagrams.nth(i).scrollIntoViewIfNeeded();
      await diagrams.nth(i).locator('.diagram-svg svg').waitFor({ timeout: 30_000 });
    }
    expect(await page.locator('.diagram-error').count()).toBe(0);
  });

  it('runs its first example and shows what it printed', async () => {
    const example = page.locator('section.runnable').first();
    await example.scrollIntoViewIfNeeded();
    await example.getByRole('button', { name: 'Run', exact: true }).click();
    const output = example.locator('pre.console');
    await output.waitFor({ timeout: 30_000 });
    expect((await output.innerText()).trim().length).toBeGreaterThan(0);
  });

  it('answers its question wrong, then right, with feedback each time', async () => {
    const segment = lesson.segments.find((s) => s.kind === 'question');
    if (segment?.kind !== 'question') throw new Error(`The lesson ${lessonId} has no question.`);
    const question = page.locator('section.question').first();
    await question.scrollIntoViewIfNeeded();
    const options = question.locator('input[type="radio"]');
    await options.nth(segment.options.findIndex((o) => !o.correct)).check();
    await question.getByRole('button', { name: 'Check my answer' }).click();
    await question.locator('.verdict-fail').waitFor();
    await options.nth(segment.options.findIndex((o) => o.correct)).check();
    await question.getByRole('button', { name: 'Check my answer' }).click();
    await question.locator('.verdict-pass').waitFor();
  });

  it('fails each exercise with its starter, then passes it with the reference', async () => {
    expect(codeIds.length).toBeGreaterThan(0);
    for (const id of codeIds) {
      const panel = exercisePanel(page, id);
      await waitForEditor(panel);
      expect(await submitAndRead(page, id)).toMatch(/^\d+ of \d+ checks passed\.$/);
      await typeInEditor(page, panel, solutionOf(id));
      expect(await submitAndRead(page, id)).toMatch(/^All \d+ checks passed\. Well done!$/);
      await panel.locator('.badge-pass').waitFor();
    }
    expect(errors).toEqual([]);
  }, 180_000);
});
