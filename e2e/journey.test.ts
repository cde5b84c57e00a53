/**
 * A learner's journey through the router lesson in real Chromium, with the real browser runner:
 * read, see the diagrams, run an example, answer the prediction and the question, write examples
 * of route before writing it (an invalid one, a valid set that misses mistakes, then one that
 * catches them all), fail then pass each exercise by typing into Monaco, use a hint, reveal the
 * solution, reset and undo, reload and find everything as left, export and re-import.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Lesson } from '../runner/content/types.ts';
import { checkExamples, editorText, exercisePanel, launch, lessonData, newPage, solutionOf, submitAndRead as submit, typeInEditor, waitForEditor, waitForLesson } from './browser.ts';

const lessonId = 'the-router';
let browser: Browser;
let page: Page;
let errors: string[];
let lesson: Lesson;
let exerciseIds: string[];
/** The lesson's code exercises, and its one examples exercise (before route). */
let codeIds: string[];
let examplesId: string;
let exported = '';

const baseUrl = () => inject('baseUrl');

const submitAndRead = (id: string, button?: 'Submit' | 'Run examples') => submit(page, id, button);

describe('the router lesson, as a learner', () => {
  beforeAll(async () => {
    let examplesIds: string[];
    ({ lesson, exerciseIds, codeIds, examplesIds } = await lessonData(lessonId));
    examplesId = examplesIds[0] ?? '';
    browser = await launch();
    ({ page, errors } = await newPage(browser));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('finds the lesson on the home page and opens it', async () => {
    await page.goto(baseUrl());
    await expect.poll(() => page.locator('h1').innerText()).toBe('Build a JSON-RPC router');
    await page.getByRole('link', { name: /The router/ }).click();
    await page.waitForURL(/#\/lesson\/the-router$/);
    await waitForLesson(page);
    expect(await page.locator('h1').innerText()).toBe(lesson.title);
    // GitHub alerts render as callouts, the marker text gone.
    expect(await page.locator('.callout').count()).toBeGreaterThan(0);
    expect(await page.locator('main').innerText()).not.toContain('[!IMPORTANT]');
  });

  it('shows every diagram as SVG once scrolled into view', async () => {
    const diagrams = page.locator('figure.diagram');
    const expected = lesson.segments.filter((s) => s.kind === 'mermaid').length;
    expect(await diagrams.count()).toBe(expected);
    for (let i = 0; i < expected; i++) {
      await diagrams.nth(i).scrollIntoViewIfNeeded();
      await diagrams.nth(i).locator('.diagram-svg svg').waitFor({ timeout: 30_000 });
    }
    expect(await page.locator('.diagram-error').count()).toBe(0);
  });

  it('runs an example and shows its console output', async () => {
    const example = page.locator('section.runnable').first();
    await example.scrollIntoViewIfNeeded();
    await example.getByRole('button', { name: 'Run', exact: true }).click();
    const output = example.locator('pre.console');
    await output.waitFor({ timeout: 30_000 });
    expect((await output.innerText()).trim().length).toBeGreaterThan(0);
  });

  it('checks a prediction against the real output, keeps the answer back after a wrong try until asked, then shows the explanation', async () => {
    const predict = page.locator('section.predict').first();
    await predict.scrollIntoViewIfNeeded();
    await predict.getByLabel(/Your prediction/).fill('something else entirely');
    await predict.getByRole('button', { name: 'Check my prediction' }).click();
    await predict.locator('.verdict-fail').waitFor({ timeout: 30_000 });
    // A first wrong try gives nothing away: no real output, no explanation, until asked.
    expect(await predict.locator('.explanation').count()).toBe(0);
    expect(await predict.locator('pre.console').count()).toBe(0);
    await predict.getByRole('button', { name: 'Show the answer' }).click();
    await expect.poll(() => predict.locator('.explanation').isVisible()).toBe(true);
    const real = await predict.locator('pre.console').innerText();
    await predict.getByLabel(/Your prediction/).fill(`  ${real}  `);
    await predict.getByRole('button', { name: 'Check again' }).click();
    await predict.locator('.verdict-pass').waitFor({ timeout: 30_000 });
  });

  it('answers the question, with feedback for each option chosen', async () => {
    const segment = lesson.segments.find((s) => s.kind === 'question');
    if (segment?.kind !== 'question') throw new Error('The router lesson has no question.');
    const question = page.locator('section.question').first();
    await question.scrollIntoViewIfNeeded();
    const wrong = segment.options.findIndex((o) => !o.correct);
    const right = segment.options.findIndex((o) => o.correct);
    const options = question.locator('input[type="radio"]');
    await options.nth(wrong).check();
    await question.getByRole('button', { name: 'Check my answer' }).click();
    await question.locator('.verdict-fail').waitFor();
    expect(await question.locator('.option-wrong .feedback').count()).toBe(1);
    await options.nth(right).check();
    await question.getByRole('button', { name: 'Check my answer' }).click();
    await question.locator('.verdict-pass').waitFor();
    expect(await question.locator('.option-right .feedback').count()).toBe(1);
  });

  /** Examples of route in the form the task shows: `{ message, reply }` with a ping request. */
  const ping = (id: unknown, reply: unknown) => ({ message: { jsonrpc: '2.0', id, method: 'ping' }, reply });
  const pong = (id: unknown) => ({ jsonrpc: '2.0', id, result: { pong: true } });
  const examplesFile = (...list: unknown[]) => `const examples = ${JSON.stringify(list, null, 2)};\n`;

  it('writes examples before route: one invalid, named without the correct reply', async () => {
    expect(exerciseIds[0]).toBe(examplesId);
    const panel = exercisePanel(page, examplesId);
    await waitForEditor(panel);
    await typeInEditor(page, panel, examplesFile(ping(1, pong(1)), ping(5, { jsonrpc: '2.0', id: 5, result: { ok: true } })));
    const summary = await checkExamples(page, examplesId);
    expect(summary).toBe('1 of 2 examples is not valid: fix it first. The valid one catches 5 of the 10 known mistakes; 5 are not caught yet.');
    const list = panel.getByRole('list', { name: 'Your examples' });
    expect(await list.locator('.test-pass').count()).toBe(1);
    const invalid = list.locator('.test-fail');
    expect(await invalid.count()).toBe(1);
    expect(await invalid.innerText()).toMatch(/Your example 2 expects .*"ok": true.* for this message, but that is not what a correct route answers/);
    // What a correct router answers for id 5 appears nowhere: no received value, no correct reply.
    expect(await panel.locator('.results').innerText()).not.toMatch(/pong/);
  });

  it('a valid set that misses mistakes: the caught ones named, the others counted, a hint offered', async () => {
    const panel = exercisePanel(page, examplesId);
    await typeInEditor(page, panel, examplesFile(ping(1, pong(1)), ping(2, pong(2))));
    expect(await checkExamples(page, examplesId)).toBe('All 2 examples are valid. They catch 5 of the 10 known mistakes; 5 are not caught yet.');
    const caught = panel.getByRole('region', { name: /Known mistakes caught: 5 of 10/ });
    expect(await caught.locator('.caught-list li').count()).toBe(5);
    expect(await caught.locator('.caught-list li').first().innerText()).toMatch(/^caught: a router that /);
    const text = await caught.innerText();
    expect(text).toContain('5 known mistakes are not caught by any of your examples yet.');
    // Not caught means not described: nothing says which ones (id 0, string ids).
    expect(text).not.toMatch(/id 0|string id|id null/);
    expect(await panel.locator('.badge-pass').count()).toBe(0);
    await caught.getByRole('button', { name: 'Show a hint' }).click();
    const hint = panel.getByRole('list', { name: 'Hints' }).locator('li').first();
    await expect.poll(() => hint.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('examples that catch every mistake pass the exercise', async () => {
    const panel = exercisePanel(page, examplesId);
    await typeInEditor(page, panel, solutionOf(examplesId));
    expect(await checkExamples(page, examplesId)).toBe('All 5 examples are valid. They catch all 10 known mistakes. Well done!');
    expect(await panel.locator('.caught-list li').count()).toBe(10);
    expect(await panel.locator('.missed').count()).toBe(0);
    await panel.locator('.badge-pass').waitFor();
  });

  it('fails the first exercise with the starter, showing expected and received', async () => {
    const id = codeIds[0]!;
    await waitForEditor(exercisePanel(page, id));
    const summary = await submitAndRead(id);
    expect(summary).toMatch(/^\d+ of \d+ checks passed\.$/);
    const panel = exercisePanel(page, id);
    expect(await panel.getByRole('list', { name: 'Results of all checks' }).count()).toBe(1);
    expect(await panel.locator('.test-fail, .test-error').count()).toBeGreaterThan(0);
    expect(await panel.locator('.badge', { hasText: 'hidden check' }).count()).toBeGreaterThan(0);
  });

  it('marks a syntax error at its line in the editor', async () => {
    const id = codeIds[0]!;
    const panel = exercisePanel(page, id);
    await typeInEditor(page, panel, 'const handlers = {};\nfunction route(msg) {\nreturn {;\n}\n', 'type');
    const summary = await submitAndRead(id, 'Run examples');
    expect(summary).toBe('Your code has a syntax error, so no check ran.');
    expect(await panel.locator('.results .run-error').innerText()).toMatch(/line 3/);
    await expect.poll(() => panel.locator('.code-editor .squiggly-error').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('marks a runtime error at its line in the editor', async () => {
    const id = codeIds[0]!;
    const panel = exercisePanel(page, id);
    await typeInEditor(page, panel, "const handlers = {};\nfunction route(msg) {\nthrow new Error('not written yet');\n}\n", 'type');
    const summary = await submitAndRead(id, 'Run examples');
    expect(summary).toMatch(/of \d+ examples? passed/);
    expect(await panel.locator('.results').innerText()).toMatch(/line 3\b/);
    await expect.poll(() => panel.locator('.code-editor .squiggly-error').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('reveals a hint, one at a time', async () => {
    const id = codeIds[0]!;
    const panel = exercisePanel(page, id);
    await panel.getByRole('button', { name: /Show a hint \(1 of \d+\)/ }).click();
    expect(await panel.getByRole('list', { name: 'Hints' }).locator('li').count()).toBe(1);
    expect(await panel.getByRole('button', { name: /Show the next hint \(2 of \d+\)/ }).count()).toBe(1);
  });

  it('passes every code exercise after failing it first', async () => {
    for (const [i, id] of codeIds.entries()) {
      const panel = exercisePanel(page, id);
      if (i > 0) {
        await waitForEditor(panel);
        expect(await submitAndRead(id)).toMatch(/^\d+ of \d+ checks passed\.$/);
      }
      await typeInEditor(page, panel, solutionOf(id));
      expect(await submitAndRead(id)).toMatch(/^All \d+ checks passed\. Well done!$/);
      await panel.locator('.badge-pass').waitFor();
    }
  });

  it('shows the solution beside the learner code without touching it', async () => {
    const id = codeIds[0]!;
    const panel = exercisePanel(page, id);
    const before = await editorText(panel);
    await panel.getByRole('button', { name: 'Show solution' }).click();
    await panel.locator('.solution .monaco-diff-editor').waitFor({ timeout: 60_000 });
    expect(await editorText(panel)).toBe(before);
  });

  it('resets to the starter and undoes the reset', async () => {
    const id = codeIds[1]!;
    const panel = exercisePanel(page, id);
    const mine = await editorText(panel);
    await panel.getByRole('button', { name: 'Reset to starter' }).click();
    await expect.poll(() => editorText(panel)).not.toBe(mine);
    await panel.getByRole('button', { name: 'Undo reset' }).click();
    await expect.poll(() => editorText(panel)).toBe(mine);
  });

  it('finds everything as it was left after a reload', async () => {
    // Read once the editor has grown to its content (until then it shows the lines near the cursor).
    // Its first words: a long line wraps.
    const firstLine = (solutionOf(codeIds[0]!).split('\n')[0] as string).slice(0, 30);
    await expect.poll(() => editorText(exercisePanel(page, codeIds[0]!))).toContain(firstLine);
    const codeBefore = await editorText(exercisePanel(page, codeIds[0]!));
    await page.reload();
    await waitForLesson(page);
    for (const id of exerciseIds) expect(await exercisePanel(page, id).locator('.badge-pass').count()).toBe(1);
    expect(await page.locator('section.predict .verdict-pass').count()).toBe(1);
    expect(await page.locator('section.question .verdict-pass').count()).toBe(1);
    const first = exercisePanel(page, codeIds[0]!);
    expect(await first.getByRole('list', { name: 'Hints' }).locator('li').count()).toBe(1);
    await waitForEditor(first);
    await expect.poll(() => editorText(first)).toBe(codeBefore);
    // Nothing ran on load: no results until the learner asks.
    expect(await page.locator('.test-list').count()).toBe(0);
    await page.goto(baseUrl());
    const card = page.locator('.lesson-card', { hasText: lesson.title });
    expect(await card.innerText()).toContain(`Done: ${exerciseIds.length} of ${exerciseIds.length} exercises passed`);
  });

  it('exports the work as one JSON file, in the name the learner typed for the teacher', async () => {
    await page.getByRole('textbox', { name: "Your name (for your teacher's report)" }).fill(' Ann "A." Lee ');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export my work' }).click()]);
    await page.getByRole('status').filter({ hasText: 'Your work was downloaded as one file, in the name of Ann "A." Lee.' }).waitFor();
    expect(download.suggestedFilename()).toMatch(/^jsonrpc-course-work-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    exported = readFileSync(path, 'utf8');
    const work = JSON.parse(exported);
    expect(work).toMatchObject({ format: 'jsonrpc-course-work', version: 2, learner: 'Ann "A." Lee' });
    expect(work.exercises[codeIds[0]!]).toMatchObject({ language: 'js', passed: true, hintsSeen: 1, solutionRevealed: true });
    expect(work.exercises[examplesId]).toMatchObject({ language: 'js', passed: true, hintsSeen: 1, code: solutionOf(examplesId) });
    for (const id of exerciseIds) expect(work.exercises[id].passed).toBe(true);
  });

  it('imports the file into a fresh browser and restores code and progress', async () => {
    const fresh = await newPage(browser);
    await fresh.page.goto(`${baseUrl()}#/lesson/${lessonId}`);
    await waitForLesson(fresh.page);
    expect(await fresh.page.locator('.badge-pass').count()).toBe(0);
    const [chooser] = await Promise.all([fresh.page.waitForEvent('filechooser'), fresh.page.getByRole('button', { name: 'Import', exact: true }).click()]);
    await chooser.setFiles({ name: 'work.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await fresh.page.getByText(/Imported your work for \d+ exercises/).waitFor();
    expect(await fresh.page.locator('.badge-pass').count()).toBe(exerciseIds.length);
    const work = JSON.parse(exported) as { exercises: Record<string, { code: string }> };
    const saved = await fresh.page.evaluate(() => JSON.parse(localStorage.getItem('jsonrpc-course/progress') ?? '{}'));
    for (const id of exerciseIds) expect(saved.exercises[id].code).toBe(work.exercises[id]!.code);
    const panel = exercisePanel(fresh.page, codeIds[0]!);
    await waitForEditor(panel);
    await expect.poll(() => editorText(panel)).toContain(work.exercises[codeIds[0]!]!.code.split('\n')[0]?.slice(0, 30));
    // The name came with the work: the next export is in the same name.
    expect(await fresh.page.getByRole('textbox', { name: "Your name (for your teacher's report)" }).inputValue()).toBe('Ann "A." Lee');
    expect(fresh.errors).toEqual([]);
    await fresh.context.close();
  });

  it('raised no page errors along the way', () => {
    expect(errors).toEqual([]);
  });
});
