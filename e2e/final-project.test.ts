/**
 * The final project in real Chromium (conformance-server, eight files, content.js read-only): a tab
 * per file; the starter fails scenario groups; the reference with two deliberate mistakes in the
 * tools that talk to the client fails those two scenarios' groups, each showing the conversation
 * the router had, message by message; the reference in every tab passes; and the exported work
 * passes the real `course grade` and the real `course conform` (30 of 30 scenarios), so the page,
 * the grader and the protocol's own suite agree.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLI_TIMEOUT, runCli, tempDir } from '../runner/cli/testing/cli-harness.ts';
import { courseData, exercisePanel, launch, newPage, root, submitAndRead, typeInEditor, waitForEditor, waitForLesson } from './browser.ts';

const ID = 'conformance-server';
const LESSON = 'final-project';
const solution = (file: string) => readFileSync(join(root, 'exercises', ID, 'solution', file), 'utf8');

/** The reference's text with one piece replaced; throws when the piece is not there, so a changed reference is noticed. */
function changed(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`The reference's tools.js no longer has ${JSON.stringify(from)}: update the deliberate mistake.`);
  return text.replace(from, to);
}
// Two mistakes, one in each tool that talks to the client: progress that goes back (0, 100, 50),
// and a sampling request whose message content is the prompt string instead of a text block.
const WRONG_TOOLS = changed(changed(solution('tools.js'), 'for (const progress of [0, 50, 100])', 'for (const progress of [0, 100, 50])'), "content: text(prompt) }]", 'content: prompt }]');

let browser: Browser;
let page: Page;
let errors: string[];
let files: { name: string; readonly: boolean }[] = [];
let exported = '';

const panel = () => exercisePanel(page, ID);
const tab = (name: string) => panel().locator(`[role="tab"][data-file="${name}"]`);

async function openTab(name: string): Promise<void> {
  await tab(name).click();
  await expect.poll(() => tab(name).getAttribute('aria-selected')).toBe('true');
  await waitForEditor(panel());
}

/** Pastes the reference (or `own` for a file) into every editable tab. */
async function fillTabs(own: Record<string, string> = {}): Promise<void> {
  for (const { name, readonly } of files) {
    if (readonly) continue;
    await openTab(name);
    await typeInEditor(page, panel(), own[name] ?? solution(name));
  }
}

/** A failed check of a scenario's group, opened; the group is the first part of its name. */
async function failedCheck(group: string): Promise<Locator> {
  const failed = panel().locator('.test-fail').filter({ has: page.locator('.test-name', { hasText: new RegExp(`^${group} > `) }) });
  expect(await failed.count(), `a failed check of the group ${group}`).toBe(1);
  await failed.locator('details').first().evaluate((d) => ((d as HTMLDetailsElement).open = true));
  return failed;
}

/** The calls a failed check's transcript shows, in order: the method of each message route got. */
async function calledMethods(failed: Locator): Promise<string[]> {
  const calls = await failed.locator('.transcript tbody tr td:first-child code').allInnerTexts();
  return calls.map((call) => /\bmethod"?:\s*"([^"]+)"/.exec(call)?.[1] ?? call);
}

/** The conversation under the call a check looked at, one line per message: who sent it, and its method or what it answered. */
async function conversation(failed: Locator): Promise<string[]> {
  const rows = failed.getByRole('list', { name: 'The conversation your code had' }).first().locator('li');
  return (await rows.allInnerTexts()).map((row) => {
    const from = row.startsWith('router → client') ? 'router' : row.startsWith('client → router') ? 'client' : '?';
    const method = /"method":\s*"([^"]+)"/.exec(row)?.[1];
    return `${from}: ${method ?? (/"result"/.test(row) ? 'result' : /"error"/.test(row) ? 'error' : row)}`;
  });
}

describe('the final project, as a learner', () => {
  beforeAll(async () => {
    const exercise = (await courseData()).exercises.find((e) => e.id === ID);
    if (exercise?.kind !== 'code' || !exercise.files) throw new Error(`The course has no exercise "${ID}" of several files.`);
    files = exercise.files.map((f) => ({ name: f.name, readonly: f.readonly }));
    browser = await launch();
    ({ page, errors } = await newPage(browser));
    await page.goto(`${inject('baseUrl')}#/lesson/${LESSON}`);
    await waitForLesson(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the exercise with a tab per file of task.md, server.js open and content.js read-only", async () => {
    // The panel (the task's long text, the editor, the results) is taller than the window:
    // waitForEditor scrolls to the editor itself, which loads once it is in view.
    await waitForEditor(panel());
    const tabs = panel().getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(files.map((f) => (f.readonly ? `${f.name} (read-only)` : f.name)));
    expect(files.filter((f) => f.readonly).map((f) => f.name)).toEqual(['content.js']);
    expect(await tab('server.js').getAttribute('aria-selected')).toBe('true');
  });

  it('fails the starter, naming the scenario groups it fails', { timeout: 180_000 }, async () => {
    expect(await submitAndRead(page, ID)).toMatch(/^\d+ of \d+ checks passed\.$/);
    const failedGroups = new Set((await panel().locator('.test-fail .test-name').allInnerTexts()).map((name) => name.split(' > ')[0]));
    for (const group of ['resources-list', 'prompts-list', 'tools-call-with-progress', 'tools-call-sampling']) expect(failedGroups).toContain(group);
  });

  it('shows, under each tool that talks to the client wrongly, the conversation in order', { timeout: 180_000 }, async () => {
    await fillTabs({ 'tools.js': WRONG_TOOLS });
    expect(await submitAndRead(page, ID)).toMatch(/^\d+ of \d+ checks passed\.$/);
    const failedGroups = new Set((await panel().locator('.test-fail .test-name').allInnerTexts()).map((name) => name.split(' > ')[0]));
    // Of the groups named after the suite's scenarios (a name without spaces), only the two with a mistake fail.
    expect([...failedGroups].filter((g) => !/\s/.test(g as string)).sort()).toEqual(['tools-call-sampling', 'tools-call-with-progress']);

    // Progress: the suite's client connects, then calls the tool; the router sends three progress
    // notifications, in the order it sent them, before its answer.
    const progress = await failedCheck('tools-call-with-progress');
    expect(await progress.innerText()).toMatch(/Progress values should be increasing/);
    expect(await calledMethods(progress)).toEqual(['initialize', 'notifications/initialized', 'tools/call']);
    expect(await conversation(progress)).toEqual(['router: notifications/progress', 'router: notifications/progress', 'router: notifications/progress', 'router: result']);
    const steps = await progress.getByRole('list', { name: 'The conversation your code had' }).first().locator('li').allInnerTexts();
    expect(steps.slice(0, 3).map((row) => Number(/"progress":\s*(\d+)/.exec(row)?.[1]))).toEqual([0, 100, 50]);

    // Sampling: the router's request to the client, the client's answer, then the router's answer.
    const sampling = await failedCheck('tools-call-sampling');
    expect(await sampling.innerText()).toMatch(/Server did not request sampling from client/);
    expect(await calledMethods(sampling)).toEqual(['initialize', 'notifications/initialized', 'tools/call']);
    expect(await conversation(sampling)).toEqual(['router: sampling/createMessage', 'client: result', 'router: result']);
    const request = await sampling.getByRole('list', { name: 'The conversation your code had' }).first().locator('li').first().innerText();
    // The mistake itself is in what is shown: the prompt string where a text block belongs.
    expect(request).toMatch(/"content":\s*"Test prompt for sampling"/);
  });

  it('passes once every tab holds the reference', { timeout: 180_000 }, async () => {
    await openTab('tools.js');
    await typeInEditor(page, panel(), solution('tools.js'));
    expect(await submitAndRead(page, ID)).toMatch(/^All \d+ checks passed\. Well done!$/);
    await panel().locator('.badge-pass').waitFor();
  });

  it('exports every file of the exercise', async () => {
    // The header's button: once the project passes, its serve panel offers one too (it is a server).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('banner').getByRole('button', { name: 'Export my work' }).click()]);
    exported = readFileSync(await download.path(), 'utf8');
    const work = JSON.parse(exported);
    expect(work.exercises[ID]).toMatchObject({ passed: true, files: Object.fromEntries(files.map((f) => [f.name, solution(f.name)])) });
  });

  it('passes `course grade` and `course conform` (30 of 30 scenarios) on the export, as the page said', { timeout: CLI_TIMEOUT * 2 }, async () => {
    const { dir, remove } = await tempDir();
    try {
      const file = join(dir, 'work.json');
      await writeFile(file, exported);
      const grade = await runCli(['grade', '--exercise', ID, file, '--format', 'json']);
      const conform = await runCli(['conform', file, '--exercise', ID]);
      expect(grade.code, grade.stdout + grade.stderr).toBe(0);
      expect(JSON.parse(grade.stdout)).toMatchObject({ status: 'pass' });
      expect(conform.code, conform.stdout + conform.stderr).toBe(0);
      expect(conform.stdout).toMatch(/^30 of 30 scenarios passed \(/m);
    } finally {
      await remove();
    }
  });

  it('raised no page errors along the way', () => {
    expect(errors).toEqual([]);
  });
});
