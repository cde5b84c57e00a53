/**
 * An exercise of several files in real Chromium (two-transports: table.js, http.js, and stdio.js
 * read-only): a tab per file, two files edited, a run error marked in the tab of the file that
 * threw, both files kept across a reload, the work exported, imported into empty storage, and the
 * export graded by the real `course grade`.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli, tempDir } from '../runner/cli/testing/cli-harness.ts';
import { editorText, exercisePanel, launch, newPage, root, submitAndRead, typeInEditor, waitForEditor, waitForLesson } from './browser.ts';

const ID = 'two-transports';
const LESSON = 'one-table-many-transports';
const solution = (file: string) => readFileSync(join(root, 'exercises', ID, 'solution', file), 'utf8');
// http.js that throws on its fourth line: the run error belongs in http.js's tab.
const THROWING_HTTP = "import { dispatch } from './table.js';\n\nexport function serveHttp(request) {\n  throw new Error('http.js broke on purpose');\n}\n";

let browser: Browser;
let page: Page;
let errors: string[];
let exported = '';

const panel = () => exercisePanel(page, ID);
const tab = (where: Locator, name: string) => where.locator(`[role="tab"][data-file="${name}"]`);

async function openTab(where: Locator, name: string): Promise<void> {
  await tab(where, name).click();
  await expect.poll(() => tab(where, name).getAttribute('aria-selected')).toBe('true');
  await waitForEditor(where);
}

describe('an exercise of several files, as a learner', () => {
  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await newPage(browser));
    await page.goto(`${inject('baseUrl')}#/lesson/${LESSON}`);
    await waitForLesson(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows a tab per file, the one task.md opens first selected and the read-only one said so', async () => {
    const tabs = panel().getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['table.js', 'http.js', 'stdio.js (read-only)']);
    expect(await tab(panel(), 'http.js').getAttribute('aria-selected')).toBe('true');
  });

  it('marks a run error in the tab of the file that threw', async () => {
    await openTab(panel(), 'table.js');
    await typeInEditor(page, panel(), solution('table.js'));
    await openTab(panel(), 'http.js');
    await typeInEditor(page, panel(), THROWING_HTTP);
    await submitAndRead(page, ID, 'Run examples');
    await expect.poll(() => tab(panel(), 'http.js').innerText()).toMatch(/^http\.js \(\d+ problems?\)$/);
    expect(await tab(panel(), 'table.js').innerText()).toBe('table.js');
    // The marker sits on the line that threw, in http.js's editor.
    await panel().locator('.code-editor .squiggly-error').first().waitFor({ timeout: 30_000 });
    expect(await panel().innerText()).toContain('http.js broke on purpose');
  });

  it('passes once both files are right', async () => {
    await typeInEditor(page, panel(), solution('http.js'));
    expect(await submitAndRead(page, ID)).toMatch(/passed/);
    expect(await panel().locator('.badge-pass').count()).toBe(1);
  });

  it('keeps both files across a reload', async () => {
    await page.reload();
    await waitForLesson(page);
    for (const file of ['table.js', 'http.js']) {
      await openTab(panel(), file);
      // The first line of each file (a long line wraps: its first words).
      await expect.poll(() => editorText(panel())).toContain((solution(file).split('\n')[0] as string).slice(0, 30));
    }
  });

  it('exports every file of the exercise in a version 2 work file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export my work' }).click()]);
    exported = readFileSync(await download.path(), 'utf8');
    const work = JSON.parse(exported);
    expect(work.version).toBe(2);
    expect(work.exercises[ID]).toMatchObject({ passed: true, files: { 'table.js': solution('table.js'), 'http.js': solution('http.js'), 'stdio.js': solution('stdio.js') } });
    expect(work.exercises[ID]).not.toHaveProperty('code');
  });

  it('imports the export into empty storage, files and all', async () => {
    const fresh = await newPage(browser);
    await fresh.page.goto(`${inject('baseUrl')}#/lesson/${LESSON}`);
    await waitForLesson(fresh.page);
    const [chooser] = await Promise.all([fresh.page.waitForEvent('filechooser'), fresh.page.getByRole('button', { name: 'Import', exact: true }).click()]);
    await chooser.setFiles({ name: 'work.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await fresh.page.getByText(/Imported your work for \d+ exercises/).waitFor();
    const saved = await fresh.page.evaluate(() => JSON.parse(localStorage.getItem('jsonrpc-course/progress') ?? '{}'));
    expect(saved.exercises[ID].files['http.js']).toBe(solution('http.js'));
    const there = exercisePanel(fresh.page, ID);
    await openTab(there, 'table.js');
    await expect.poll(() => editorText(there)).toContain((solution('table.js').split('\n')[0] as string).slice(0, 30));
    expect(fresh.errors).toEqual([]);
    await fresh.context.close();
  });

  it('grades the export with course grade, as a teacher does', async () => {
    const { dir, remove } = await tempDir();
    try {
      const file = join(dir, 'work.json');
      await writeFile(file, exported);
      const { code, stdout } = await runCli(['grade', '--exercise', ID, file, '--format', 'json']);
      expect(code, stdout).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ status: 'pass' });
    } finally {
      await remove();
    }
  });

  it('raised no page errors along the way', () => {
    expect(errors).toEqual([]);
  });
});
