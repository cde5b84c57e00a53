/**
 * The instructors' preview (`npm run dev`, vite's dev server) of a course with a broken exercise:
 * the lesson's inline box names the exercise's own problems, at their file and line, and points
 * at the list of every problem at the top of the page, instead of only saying it is missing.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, root } from './browser.ts';

let browser: Browser;
let server: ViteDevServer;
let course: string;
let url: string;

beforeAll(async () => {
  course = await mkdtemp(join(tmpdir(), 'course-preview-'));
  for (const folder of ['lessons', 'exercises']) await cp(join(root, folder), join(course, folder), { recursive: true });
  // A YAML mistake in the front matter of route's task: a quoted hint with text after it.
  const task = join(course, 'exercises/route/task.md');
  await writeFile(task, (await readFile(task, 'utf8')).replace(/^title: .*$/m, 'title: "Route" each message'));
  const { createServer } = await import('vite');
  // The course plugin reads its root from COURSE_ROOT when the server starts.
  process.env.COURSE_ROOT = course;
  server = await createServer({ configFile: join(root, 'vite.config.ts'), server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
  await server.listen();
  url = server.resolvedUrls?.local[0] ?? '';
  browser = await launch();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  delete process.env.COURSE_ROOT;
  if (course) await rm(course, { recursive: true, force: true });
});

describe("the instructors' preview", () => {
  it("names a broken exercise's own problems where the lesson embeds it", async () => {
    const { page, context } = await newPage(browser);
    // The dev server compiles each module on its first request: on a busy machine the first
    // load of the page takes longer than playwright's 30 s default.
    await page.goto(`${url}#/lesson/the-router`, { timeout: 120_000 });
    const box = page.getByRole('note', { name: 'The exercise route did not load' });
    await box.waitFor({ timeout: 120_000 });
    const text = await box.innerText();
    expect(text).toMatch(/all content problems are listed at the top of the page/);
    expect(text).toMatch(/exercises\/route\/task\.md:\d+:\d+ error: Invalid YAML in the front matter: .*ends where the quote closes/);
    expect(await page.locator('details.dev-diagnostics summary').innerText()).toMatch(/content problems? \(shown in the instructors' preview only\)/);
    // The examples exercise that runs against route is missing too, and says what it depends on.
    expect(await page.getByRole('note', { name: 'The exercise route-examples did not load' }).innerText()).toMatch(/an exercise it depends on has problems/);
    // The rest of the lesson is there.
    expect(await page.locator('section.exercise').count()).toBeGreaterThan(0);
    await context.close();
  }, 180_000);
});
