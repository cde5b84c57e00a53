/**
 * The assessed build (`npm run build:assessed`): learners get the visible examples and the number
 * of hidden checks, never a hidden check, a reference solution or a mutant. A copy of the course
 * gets a canary string in every hidden group of every tests file (the generated checks among
 * them), in a helper only a hidden group uses and in a comment opening the file, in every solution
 * (reference examples included), every mutant and every variant; after building it in assessed mode, no file of the
 * build holds one (and the canaries of the visible examples are there, so the search itself
 * works). Beside the canaries, issue 26's own method on the real course's text: every line of 40+
 * letters and digits of a hidden part (hidden-lines.ts) is absent from the build's letters and
 * digits. Then Chromium shows the hidden-check count and no solution button, and an examples
 * exercise that says its examples are checked when the work is graded.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTestsModule, visibleTestsSource } from '../runner/content/index.ts';
import { copyCourse } from '../runner/cli/testing/cli-harness.ts';
import { serve } from '../web/serve.ts';
import { hiddenPart, lettersAndDigits, MIN_LETTERS_AND_DIGITS, splitShipped, type HiddenLine } from './hidden-lines.ts';
import { exercisePanel, launch, newPage, root, solutionOf, submitAndRead, typeInEditor, waitForLesson } from './browser.ts';

interface Canaries {
  visible: string[];
  hidden: string[];
}

/** Puts a canary statement at the start of every top-level group's callback; returns them. */
function plantInTests(id: string, source: string, canaries: Canaries): string {
  const { program } = parseTestsModule(`exercises/${id}/tests.test.js`, source);
  if (!program) throw new Error(`exercises/${id}/tests.test.js does not parse`);
  const inserts: { at: number; text: string }[] = [];
  let examplesSeen = false;
  program.body.forEach((statement, i) => {
    const call = (statement as { expression?: { type: string; callee?: { name?: string }; arguments?: { type: string; value?: unknown; body?: { type: string; start: number } }[] } }).expression;
    if (statement.type !== 'ExpressionStatement' || call?.type !== 'CallExpression' || call.callee?.name !== 'describe') return;
    const body = call.arguments?.[1]?.body;
    if (body?.type !== 'BlockStatement') return;
    const visible = call.arguments?.[0]?.value === 'examples' && !examplesSeen;
    if (visible) examplesSeen = true;
    const canary = `CANARY-${visible ? 'VISIBLE' : 'HIDDEN'}-${id}-${i}`;
    (visible ? canaries.visible : canaries.hidden).push(canary);
    inserts.push({ at: body.start + 1, text: `\n  const canary = '${canary}';` });
  });
  // A helper only a hidden group uses, and a comment that opens the file (it describes every
  // check's domain): neither is the examples', so neither may ship.
  const helper = `CANARY_HELPER_${id.replace(/\W/g, '_')}`;
  const firstHidden = inserts.findIndex((insert) => insert.text.includes('CANARY-HIDDEN'));
  if (firstHidden >= 0) {
    (inserts[firstHidden] as { text: string }).text += `\n  void ${helper};`;
    canaries.hidden.push(`CANARY-HELPER-${id}`);
  }
  let out = source;
  for (const { at, text } of inserts.reverse()) out = out.slice(0, at) + text + out.slice(at);
  canaries.hidden.push(`CANARY-COMMENT-${id}`);
  return `// CANARY-COMMENT-${id}: what the hidden checks draw.\n${out}${firstHidden >= 0 ? `\nconst ${helper} = 'CANARY-HELPER-${id}';\n` : ''}`;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

let course: { root: string; remove: () => Promise<void> };
let dist = '';
const canaries: Canaries = { visible: [], hidden: [] };
let built = '';
/** The build's letters and digits, files read as UTF-8 (the build keeps `é` as it is). */
let builtKeys = '';
/** The real course's hidden lines (before any canary), its visible cuts, and what it ships: the cuts' visible lines, tasks, lessons, starters. */
const hiddenParts: HiddenLine[] = [];
const visibleCuts: { file: string; cut: string }[] = [];
const shipped: string[] = [];
let server: Awaited<ReturnType<typeof serve>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  course = await copyCourse();
  for (const lesson of await readdir(join(course.root, 'lessons'))) shipped.push(await readFile(join(course.root, 'lessons', lesson), 'utf8'));
  for (const id of await readdir(join(course.root, 'exercises'))) {
    const dir = join(course.root, 'exercises', id);
    const files = await readdir(dir);
    // An exercise of several files keeps its starter, solution, mutants and variants as folders of files.
    const under = async (path: string): Promise<string[]> => ((await stat(path)).isDirectory() ? (await readdir(path)).map((f) => join(path, f)) : [path]);
    shipped.push(await readFile(join(dir, 'task.md'), 'utf8'));
    const starter = files.find((f) => /^starter(\.(js|ts))?$/.test(f)) as string;
    for (const file of await under(join(dir, starter))) shipped.push(await readFile(file, 'utf8'));
    // An examples exercise has no tests of its own.
    if (files.includes('tests.test.js')) {
      const tests = join(dir, 'tests.test.js');
      const source = await readFile(tests, 'utf8');
      // Cut as the build cuts it (web/src/course/page-exercise.ts), before any canary.
      const visible = visibleTestsSource(`exercises/${id}/tests.test.js`, source);
      visibleCuts.push({ file: `exercises/${id}/tests.test.js`, cut: visible });
      const part = hiddenPart(`exercises/${id}/tests.test.js`, source, visible);
      hiddenParts.push(...part.lines);
      shipped.push(part.shipped);
      await writeFile(tests, plantInTests(id, source, canaries));
    }
    const solution = files.find((f) => /^solution(\.(js|ts))?$/.test(f)) as string;
    for (const [n, file] of (await under(join(dir, solution))).entries()) {
      const canary = `CANARY-SOLUTION-${id}-${n}`;
      canaries.hidden.push(canary);
      await writeFile(file, `// ${canary}\n${await readFile(file, 'utf8')}`);
    }
    // Below the header, so the mutant still names its mistake.
    for (const mutant of files.includes('mutants') ? await readdir(join(dir, 'mutants')) : []) {
      for (const [n, file] of (await under(join(dir, 'mutants', mutant))).entries()) {
        const mutantCanary = `CANARY-MUTANT-${id}-${mutant}-${n}`;
        canaries.hidden.push(mutantCanary);
        const text = await readFile(file, 'utf8');
        await writeFile(file, /^\/\/ [a-z]+: /.test(text) ? text.replace(/^((?:\/\/ [a-z]+: .*\n)+)/, `$1// ${mutantCanary}\n`) : `// ${mutantCanary}\n${text}`);
      }
    }
    for (const variant of files.includes('variants') ? await readdir(join(dir, 'variants')) : []) {
      for (const [n, file] of (await under(join(dir, 'variants', variant))).entries()) {
        const variantCanary = `CANARY-VARIANT-${id}-${variant}-${n}`;
        canaries.hidden.push(variantCanary);
        await writeFile(file, `// ${variantCanary}\n${await readFile(file, 'utf8')}`);
      }
    }
  }
  dist = await mkdtemp(join(tmpdir(), 'assessed-dist-'));
  const { build } = await import('vite');
  const before = process.env.COURSE_ROOT;
  process.env.COURSE_ROOT = course.root;
  try {
    await build({ configFile: join(root, 'vite.config.ts'), mode: 'assessed', logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env.COURSE_ROOT;
    else process.env.COURSE_ROOT = before;
  }
  const files = await Promise.all((await filesUnder(dist)).map((f) => readFile(f)));
  built = files.map((f) => f.toString('latin1')).join('\n');
  builtKeys = files.map((f) => lettersAndDigits(f.toString('utf8'))).join('\n');
  server = await serve({ dir: dist, port: 0 });
  browser = await launch();
  ({ page } = await newPage(browser));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dist, { recursive: true, force: true });
  await course?.remove();
});

describe('the assessed build', () => {
  it('holds no hidden check, no reference solution and no mutant: none of their canaries is in any file', () => {
    expect(canaries.hidden.length).toBeGreaterThan(200);
    expect(canaries.hidden.filter((c) => built.includes(c))).toEqual([]);
  });

  it('holds the visible examples (their canaries are found, so the search works)', () => {
    expect(canaries.visible.length).toBeGreaterThan(10);
    expect(canaries.visible.filter((c) => !built.includes(c))).toEqual([]);
  });

  it('holds no line of a hidden group, comment or helper: none of 40+ letters and digits is in its letters and digits (issue 26)', () => {
    // A hidden line whose letters and digits a learner gets anyway (from a visible cut, where a
    // rewritten import keeps its names, or from a task, a lesson or a starter) is not hidden: left out.
    // A line of a hidden group the cut shipped does not excuse itself (see hiddenPart).
    const { hidden, shippedAnyway } = splitShipped(hiddenParts, shipped);
    expect(hidden.length).toBeGreaterThan(1500);
    // Few are left out, so leaving out cannot empty the check.
    expect(shippedAnyway.length).toBeLessThan(hidden.length / 20);
    expect(hidden.filter((line) => builtKeys.includes(line.key)).map((line) => `${line.file}:${line.line}: ${line.text.trim()}`)).toEqual([]);
  });

  it('holds every line of 40+ letters and digits of the visible cuts (so the comparison finds what ships)', () => {
    const lines = visibleCuts.flatMap(({ file, cut }) => cut.split('\n').map((text) => ({ file, text, key: lettersAndDigits(text) })));
    const long = lines.filter((line) => line.key.length >= MIN_LETTERS_AND_DIGITS);
    expect(long.length).toBeGreaterThan(200);
    expect(long.filter((line) => !builtKeys.includes(line.key)).map((line) => `${line.file}: ${line.text.trim()}`)).toEqual([]);
  });

  it('shows how many checks run when the work is graded, and no solution to reveal', async () => {
    await page.goto(`${server.url.replace(/\/$/, '')}/index.html#/lesson/the-router`);
    await waitForLesson(page);
    const panel = exercisePanel(page, 'route');
    await panel.scrollIntoViewIfNeeded();
    expect(await panel.getByRole('button', { name: 'Show solution' }).count()).toBe(0);
    await typeInEditor(page, panel, solutionOf('route'));
    const summary = await submitAndRead(page, 'route');
    expect(summary).toMatch(/^All \d+ checks? passed/);
    expect(await panel.locator('.hidden-checks').innerText()).toMatch(/^\d+ more checks run when your work is graded\.$/);
    // Only the examples ran in the page.
    const names = await panel.locator('.test-name').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(await panel.locator('.badge', { hasText: 'hidden check' }).count()).toBe(0);
  });

  it('says an examples exercise is checked when the work is graded, with nothing to check it with in the page', async () => {
    const panel = exercisePanel(page, 'route-examples');
    await panel.scrollIntoViewIfNeeded();
    expect(await panel.getByRole('button', { name: 'Check my examples' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Show reference examples' }).count()).toBe(0);
    expect(await panel.locator('.notice').innerText()).toMatch(/^Your examples are checked when your work is graded/);
    // The learner can still write them: they are saved with the work.
    await typeInEditor(page, panel, 'const examples = [];\n');
  });
});
