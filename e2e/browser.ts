/**
 * Helpers of the Chromium tests: launch Debian's chromium through playwright-core, open app
 * pages, type into Monaco, run axe-core, find the course's own data (to know right and wrong
 * answers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { loadCourse } from '../runner/content/course.ts';
import type { Course, Lesson } from '../runner/content/types.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';

export const root = join(import.meta.dirname, '..');

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless Chromium; fails with the install command when it is missing. */
export async function launch(): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium is not at ${executablePath}: run \`apt-get install -y chromium\` or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A fresh context (empty storage); page errors are collected so tests can assert there were none. */
export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Waits until a lesson page has rendered all of its content: its chunk arrives after the page
 * shell, and the page renders its opening first and the rest just after (`aria-busy` until then).
 */
export async function waitForLesson(page: Page): Promise<void> {
  await page.locator('article.lesson[aria-busy="false"]').waitFor({ timeout: 30_000 });
}

/** The exercise panel of an exercise id. */
export function exercisePanel(page: Page, id: string): Locator {
  return page.locator(`section.exercise[data-exercise="${id}"]`);
}

/** Scrolls the panel into view and waits for its Monaco editor. */
export async function waitForEditor(panel: Locator): Promise<Locator> {
  // The editor's own box, not the panel's: a tall panel (the final project's) centred on screen
  // leaves its editor out of view, and Monaco loads only when the editor scrolls into view.
  await panel.locator('.code-editor').first().scrollIntoViewIfNeeded();
  const editor = panel.locator('.code-editor .monaco-editor');
  await editor.waitFor({ timeout: 60_000 });
  return editor;
}

/**
 * Replaces the editor's text as a learner would: select all, then type. Short code is typed as
 * keyboard input; longer code is pasted with Ctrl+V from the clipboard, because typing it key by
 * key would let Monaco's auto-indent and comment completion (after `/**`) change the text.
 */
export async function typeInEditor(page: Page, panel: Locator, code: string, how: 'type' | 'paste' = 'paste'): Promise<void> {
  const editor = await waitForEditor(panel);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  if (how === 'type') {
    await page.keyboard.insertText(code);
    return;
  }
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.keyboard.press('ControlOrMeta+V');
  // In an exercise of several files, the text is saved under the open tab's file.
  const tab = panel.locator('[role="tab"][aria-selected="true"]');
  const file = (await tab.count()) ? ((await tab.getAttribute('data-file')) ?? '') : '';
  await page.waitForFunction(
    ([id, expected, name]) => {
      const saved = JSON.parse(localStorage.getItem('jsonrpc-course/progress') ?? '{}') as { exercises?: Record<string, { code?: string; files?: Record<string, string> }> };
      const entry = saved.exercises?.[id];
      return (name ? entry?.files?.[name] : entry?.code) === expected;
    },
    [(await panel.getAttribute('data-exercise')) ?? '', code, file] as const,
    { timeout: 5_000 },
  );
}

/** Clicks Submit (or Run examples) on an exercise and returns the run's one-line summary once it is there. */
export async function submitAndRead(page: Page, id: string, button: 'Submit' | 'Run examples' = 'Submit'): Promise<string> {
  const panel = exercisePanel(page, id);
  const summary = panel.locator('.run-summary');
  await panel.getByRole('button', { name: button, exact: true }).click();
  await summary.filter({ hasText: /passed|could not|error|stopped|Your code/i }).waitFor({ timeout: 60_000 });
  return summary.innerText();
}

/** Clicks "Check my examples" on an examples exercise and returns the check's one-line summary once it is there. */
export async function checkExamples(page: Page, id: string): Promise<string> {
  const panel = exercisePanel(page, id);
  const summary = panel.locator('.run-summary');
  await panel.getByRole('button', { name: /^Check (my examples|again)$/ }).click();
  await summary.filter({ hasText: /valid|could not|no examples|syntax error|threw|did not finish|cancelled/i }).waitFor({ timeout: 60_000 });
  return summary.innerText();
}

/** The editor's current text as the learner sees it (Monaco renders non-breaking spaces). */
export async function editorText(panel: Locator): Promise<string> {
  // Monaco positions each rendered line absolutely and reuses their elements as it scrolls, so
  // their DOM order is not the text's: read them in the order of their place on screen.
  const text = await panel.locator('.code-editor .view-lines').evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('.view-line')]
      .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
      .map((line) => line.innerText)
      .join('\n'),
  );
  return text.replace(/\u00a0/g, ' ');
}

let course: Course | undefined;

/** The course as the app was built from it. */
export async function courseData(): Promise<Course> {
  course ??= loadCourse(await readCourseFiles(root)).course;
  return course;
}

/**
 * A lesson of the course as the app was built from it, the ids of the exercises it embeds, in
 * order, and among them those of each kind.
 */
export async function lessonData(id: string): Promise<{ lesson: Lesson; exerciseIds: string[]; codeIds: string[]; examplesIds: string[] }> {
  const course = await courseData();
  const lesson = course.lessons.find((l) => l.id === id);
  if (!lesson) throw new Error(`The course has no lesson "${id}".`);
  const exerciseIds = lesson.segments.flatMap((s) => (s.kind === 'exercise' ? [s.id] : []));
  const kind = (e: string) => course.exercises.find((x) => x.id === e)?.kind;
  return { lesson, exerciseIds, codeIds: exerciseIds.filter((e) => kind(e) === 'code'), examplesIds: exerciseIds.filter((e) => kind(e) === 'examples') };
}

/** The reference solution of an exercise, read from disk. */
export function solutionOf(id: string, language: 'js' | 'ts' = 'js'): string {
  return readFileSync(join(root, 'exercises', id, `solution.${language}`), 'utf8');
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
