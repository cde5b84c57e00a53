/**
 * A learner's way through the lesson on messages that come the other way, in real Chromium: find it
 * on the home page between the protocol eras and the capstone, see both diagrams, run the example
 * that classifies messages, predict the ping-pong of two naive routers, answer the question on ids
 * in both directions, and solve each exercise (the starter and a known-wrong solution fail with the
 * hidden check that names the mistake, the reference solution passes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Lesson } from '../runner/content/types.ts';
import { exercisePanel, launch, lessonData, newPage, root, solutionOf, submitAndRead as submit, typeInEditor, waitForEditor, waitForLesson } from './browser.ts';

const lessonId = 'messages-the-other-way';
let browser: Browser;
let page: Page;
let errors: string[];
let lesson: Lesson;
let exerciseIds: string[];

const submitAndRead = (id: string) => submit(page, id);

describe('the lesson on messages that come the other way, as a learner', () => {
  beforeAll(async () => {
    ({ lesson, exerciseIds } = await lessonData(lessonId));
    browser = await launch();
    ({ page, errors } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('is listed on the home page after the protocol eras and before the capstone, and opens', async () => {
    await page.goto(inject('baseUrl'));
    const titles = await page.locator('.lesson-card h2').allInnerTexts();
    const at = titles.findIndex((t) => t.includes(lesson.title));
    expect(at).toBeGreaterThan(0);
    expect(titles[at]).toBe(`${lesson.order}. ${lesson.title}`);
    expect(titles[at - 1]).toMatch(/Two protocol eras/);
    expect(titles[at + 1]).toMatch(/Capstone/);
    await page.getByRole('link', { name: lesson.title }).click();
    await page.waitForURL(new RegExp(`#/lesson/${lessonId}$`));
    await waitForLesson(page);
    expect(await page.locator('h1').innerText()).toBe(lesson.title);
  });

  it('links its neighbours and every specification section it relies on', async () => {
    const nav = page.locator('article.lesson > nav.lesson-nav');
    expect(await nav.getByRole('link', { name: /Two protocol eras/ }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: /Capstone/ }).count()).toBe(1);
    for (const spec of lesson.specs) expect(await page.locator(`a[href="${spec.url}"]`).count()).toBeGreaterThan(0);
  });

  it('draws the sequence diagram of both directions, the classification flowchart and a conversation through the peer', async () => {
    const diagrams = page.locator('figure.diagram');
    expect(await diagrams.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      await diagrams.nth(i).scrollIntoViewIfNeeded();
      await diagrams.nth(i).locator('.diagram-svg svg').waitFor({ timeout: 30_000 });
    }
    expect(await diagrams.first().locator('.diagram-svg svg').textContent()).toContain('roots/list');
    expect(await diagrams.nth(2).locator('.diagram-svg svg').textContent()).toContain('notifications/cancelled');
    expect(await page.locator('.diagram-error').count()).toBe(0);
  });

  it('runs the classifying example and shows one kind per message', async () => {
    const example = page.locator('section.runnable').first();
    await example.scrollIntoViewIfNeeded();
    await example.getByRole('button', { name: 'Run', exact: true }).click();
    const output = example.locator('pre.console');
    await output.waitFor({ timeout: 30_000 });
    expect((await output.innerText()).trim().split('\n')).toEqual(['request', 'notification', 'result', 'result', 'error', 'invalid']);
  });

  it('checks the prediction of two naive routers answering each other', async () => {
    const predict = page.locator('section.predict').first();
    await predict.scrollIntoViewIfNeeded();
    await predict.getByLabel(/Your prediction/).fill('1 {"jsonrpc":"2.0","id":0,"result":{}}');
    await predict.getByRole('button', { name: 'Check my prediction' }).click();
    await predict.locator('.verdict-fail').waitFor({ timeout: 30_000 });
    await predict.getByRole('button', { name: 'Show the answer' }).click();
    const real = await predict.locator('pre.console').innerText();
    expect(real).toContain('4 {"jsonrpc":"2.0","id":0,"error":{"code":-32601');
    await predict.getByLabel(/Your prediction/).fill(real);
    await predict.getByRole('button', { name: 'Check again' }).click();
    await predict.locator('.verdict-pass').waitFor({ timeout: 30_000 });
  });

  it('answers the question on the same id in flight both ways', async () => {
    const segment = lesson.segments.find((s) => s.kind === 'question');
    if (segment?.kind !== 'question') throw new Error('The lesson has no question.');
    const question = page.locator('section.question').first();
    await question.scrollIntoViewIfNeeded();
    const options = question.locator('input[type="radio"]');
    await options.nth(segment.options.findIndex((o) => !o.correct)).check();
    await question.getByRole('button', { name: 'Check my answer' }).click();
    await question.locator('.verdict-fail').waitFor();
    await options.nth(segment.options.findIndex((o) => o.correct)).check();
    await question.getByRole('button', { name: 'Check my answer' }).click();
    await question.locator('.verdict-pass').waitFor();
    expect(await question.locator('.option-right .feedback').innerText()).toMatch(/each side numbers its own requests/);
  });

  it('has four exercises: classify, pair, report progress, talk back through a peer', () => {
    expect(exerciseIds).toEqual(['classify-incoming', 'pending-requests', 'progress-before-result', 'sampling-with-progress']);
  });

  it('fails each starter, then passes each exercise with its reference solution', async () => {
    for (const id of exerciseIds) {
      const panel = exercisePanel(page, id);
      await waitForEditor(panel);
      expect(await submitAndRead(id)).toMatch(/^\d+ of \d+ checks passed\.$/);
      await typeInEditor(page, panel, solutionOf(id));
      expect(await submitAndRead(id)).toMatch(/^All \d+ checks passed\. Well done!$/);
      await panel.locator('.badge-pass').waitFor();
    }
  });

  it("names the hidden check that a known mistake fails: the client's ping settling the server's own request", async () => {
    const id = 'pending-requests';
    const panel = exercisePanel(page, id);
    const mutant = readFileSync(join(root, 'exercises', id, 'mutants', 'client-request-settles-ours.js'), 'utf8');
    await typeInEditor(page, panel, mutant);
    expect(await submitAndRead(id)).toMatch(/^\d+ of \d+ checks passed\.$/);
    // Hidden checks show their names: the one that catches this mistake is among the failed ones.
    const failed = panel.locator('.test-fail', { hasText: "the client's ping with id 0 is answered with id 0 while the server's request 0 stays pending" });
    expect(await failed.count()).toBe(1);
    // Put the passing solution back, as a learner who fixed it would.
    await typeInEditor(page, panel, solutionOf(id));
    expect(await submitAndRead(id)).toMatch(/^All \d+ checks passed\. Well done!$/);
  });

  it('shows a failed conversation message by message, who sent each, and the reply dropped after a cancellation', async () => {
    const id = 'sampling-with-progress';
    const panel = exercisePanel(page, id);
    const mutant = readFileSync(join(root, 'exercises', id, 'mutants', 'reply-after-cancel.js'), 'utf8');
    await typeInEditor(page, panel, mutant);
    expect(await submitAndRead(id)).toMatch(/^\d+ of \d+ checks passed\.$/);
    const failed = panel.locator('.test-fail', { hasText: 'cancelled while waiting for the first summary' });
    await failed.locator('details').first().evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const rows = failed.getByRole('list', { name: 'The conversation your code had' }).locator('li');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^router → client .*"method": "sampling\/createMessage"/s),
      expect.stringMatching(/^client → router .*"method": "notifications\/cancelled"/s),
      expect.stringMatching(/^router → client .*"isError": true.*dropped: sent after the client cancelled$/s),
    ]);
    await typeInEditor(page, panel, solutionOf(id));
    expect(await submitAndRead(id)).toMatch(/^All \d+ checks passed\. Well done!$/);
  });

  it('shows the lesson as done on the home page', async () => {
    await page.goto(inject('baseUrl'));
    const card = page.locator('.lesson-card', { hasText: lesson.title });
    expect(await card.innerText()).toContain(`Done: ${exerciseIds.length} of ${exerciseIds.length} exercises passed`);
  });

  it('raised no page errors along the way', () => {
    expect(errors).toEqual([]);
  });
});
