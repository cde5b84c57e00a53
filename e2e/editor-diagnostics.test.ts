/**
 * The editor's type checker knows the learner realm's standard library: the starter and the
 * reference solution of every exercise show no problem (`new Error`, `JSON`, `Map`, `Promise`,
 * `Object.hasOwn` are no longer "Cannot find name"), and a real type error is still marked. The
 * editor says what it finds in words under the code, which is what this test reads.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { courseData, exercisePanel, launch, newPage, typeInEditor, waitForLesson } from './browser.ts';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
});

afterAll(async () => {
  await browser?.close();
});

/** A line that is a type error in JS and TS alike: the check has run once it is reported. */
const PROBE = "\nconst __probe = Math.max('one', 2);\n";

/** Types `code` plus the probe and returns every problem the editor reports, the probe's left out. */
async function problemsIn(panel: Locator, code: string): Promise<string[]> {
  await typeInEditor(page, panel, code + PROBE);
  const probeLine = (code + PROBE).split('\n').length - 1;
  const status = panel.getByTestId('editor-problems');
  const all = async () => ((await status.getAttribute('data-problems')) ?? '').split('\n');
  await expect.poll(async () => (await all()).some((p) => p.startsWith(`line ${probeLine}:`)), { timeout: 60_000 }).toBe(true);
  await expect(status.innerText()).resolves.toMatch(/^The editor finds /);
  return (await all()).filter((p) => !p.startsWith(`line ${probeLine}:`));
}

describe('the editor of every exercise', async () => {
  const course = await courseData();
  it.each(course.exercises.map((e) => [e.id, e] as const))('%s: the starter and the solution show no problem, a type error does', async (_id, exercise) => {
    await page.goto(`${inject('baseUrl')}#/lesson/${exercise.lesson}`);
    await waitForLesson(page);
    const panel = exercisePanel(page, exercise.id);
    for (const code of [exercise.starter, exercise.solution]) {
      if (typeof code === 'string') {
        expect(await problemsIn(panel, code)).toEqual([]);
        continue;
      }
      // An exercise of several files: each editable file in its own tab (a read-only one takes no
      // typing). The starter's files are checked as the page loads them, each against siblings
      // no one has touched (a learner's first look); the solution's are all typed first, so each
      // file's imports are checked against its siblings as they end up.
      const listed = exercise.kind === 'code' ? (exercise.files ?? []) : [];
      const editable = code.filter((f) => !listed.find((l) => l.name === f.name)?.readonly);
      const open = (name: string) => panel.getByRole('tab', { name: new RegExp(`^${name.replace('.', '\\.')}`) }).click();
      if (code === exercise.solution) {
        for (const file of editable) {
          await open(file.name);
          await typeInEditor(page, panel, file.source);
        }
      }
      for (const file of editable) {
        await open(file.name);
        expect(await problemsIn(panel, file.source), file.name).toEqual([]);
      }
    }
  });
});
