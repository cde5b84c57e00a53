/**
 * The layers' one direction, checked on every import of runner/ and web/: content model ->
 * grading core -> hosts (node, browser) -> web UI and CLI. A layer imports only layers before it
 * (never a sibling: node and browser, web and the CLI stay apart), imports another layer through
 * its index.ts where it has one, and the core imports nothing of Node.
 *
 * Tests are held to the index rule but not to the direction: a content test may read its
 * fixtures from disk with the Node host's reader, and nothing ships a test.
 *
 * Inside the CLI, files import each other without a cycle (type-only and dynamic imports count
 * too): a cycle means no file of it can be read, or moved to another command's folder, alone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

const LAYERS = [
  { folder: 'runner/content', rank: 0 },
  { folder: 'runner/core', rank: 1 },
  { folder: 'runner/node', rank: 2 },
  { folder: 'runner/browser', rank: 2 },
  { folder: 'runner/cli', rank: 3 },
  { folder: 'web', rank: 3 },
] as const;

type Layer = (typeof LAYERS)[number];

function layerOf(path: string): Layer | undefined {
  return LAYERS.find((l) => path === l.folder || path.startsWith(`${l.folder}/`));
}

/**
 * What is wrong with the imports of `files` (repository-relative path -> source), one line each.
 * `hasIndex` says whether a layer's folder has an index.ts.
 */
export function layerViolations(files: ReadonlyMap<string, string>, hasIndex: (folder: string) => boolean): string[] {
  const problems: string[] = [];
  for (const [file, source] of files) {
    const from = layerOf(file);
    if (!from) continue;
    const test = /\.test\.tsx?$/.test(file);
    const { importedFiles } = ts.preProcessFile(source, true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (from.folder === 'runner/core' && specifier.startsWith('node:') && !test) {
        problems.push(`${file} imports ${specifier}: the core runs in the browser too, so it imports nothing of Node.`);
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      const to = layerOf(target);
      if (!to || to === from) continue;
      if (to.rank >= from.rank && !test) {
        problems.push(`${file} imports ${target}: ${from.folder} may not import ${to.folder} (content -> core -> hosts -> web/CLI).`);
      } else if (hasIndex(to.folder) && target !== `${to.folder}/index.ts`) {
        problems.push(`${file} imports ${target}: import ${to.folder}/index.ts, the folder's public face, instead.`);
      }
    }
  }
  return problems;
}

/**
 * The import cycles among `files` (repository-relative path -> source): each is a list of files
 * that import one another round in a circle, the first repeated at the end. Relative imports of
 * every kind count (`import type`, `export ... from`, `import()`, `require()`).
 */
export function importCycles(files: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, source] of files) {
    const { importedFiles } = ts.preProcessFile(source, true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier)))
      .filter((target) => files.has(target));
    edges.set(file, [...new Set(targets)].sort());
  }
  // Depth-first, with the files on the current path: an edge back into the path closes a cycle.
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      cycles.push([...path.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of edges.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of [...files.keys()].sort()) visit(file);
  return cycles;
}

function sources(folder: string, into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'fixtures' && entry.name !== 'node_modules') sources(path, into);
    } else if (/\.(ts|tsx|mts|cts|mjs|cjs)$/.test(entry.name)) {
      into.set(path, readFileSync(join(ROOT, path), 'utf8'));
    }
  }
  return into;
}

const hasIndex = (folder: string) => existsSync(join(ROOT, folder, 'index.ts'));

describe('layer direction', () => {
  it.each([
    ['content importing core', 'runner/content/a.ts', "import { grade } from '../core/index.ts';", /may not import runner\/core/],
    ['core importing a host', 'runner/core/a.ts', "import type { GradeService } from '../node/grade-service.ts';", /may not import runner\/node/],
    ['a host importing its sibling', 'runner/node/a.ts', "import { createBrowserHost } from '../browser/index.ts';", /may not import runner\/browser/],
    ['the CLI importing the web app', 'runner/cli/a.ts', "import { x } from '../../web/src/x.ts';", /may not import web/],
    ['the web app importing the CLI, dynamically', 'web/src/a.ts', "const m = await import('../../runner/cli/main.ts');", /may not import runner\/cli/],
    ['an inner file of the core from a host', 'runner/node/a.ts', "import type { RunResult } from '../core/result.ts';", /import runner\/core\/index\.ts/],
    ['an inner file of the content model from the web app', 'web/src/state/a.ts', "import type { Exercise } from '../../../runner/content/types.ts';", /import runner\/content\/index\.ts/],
    ['an inner file of a folder with an index re-exported', 'runner/cli/a.ts', "export { grade } from '../core/grade.ts';", /import runner\/core\/index\.ts/],
    ['node:* in the core', 'runner/core/a.ts', "import { readFile } from 'node:fs/promises';", /imports nothing of Node/],
    ['an inner file from a test', 'runner/node/a.test.ts', "import { grade } from '../core/grade.ts';", /import runner\/core\/index\.ts/],
  ])('refuses %s', (_, file, source, message) => {
    const problems = layerViolations(new Map([[file, source]]), hasIndex);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    ['a host importing the core index', 'runner/node/a.ts', "import { createRunner, type RunResult } from '../core/index.ts';"],
    ['the CLI importing an inner file of a host without an index', 'runner/cli/a.ts', "import { openGrader } from '../node/open-grader.ts';"],
    ['a file importing its own layer', 'runner/core/a.ts', "import { grade } from './grade.ts';"],
    ['a package', 'web/src/a.ts', "import { z } from 'zod/mini';"],
    ['a test reading fixtures through a later layer', 'runner/content/a.test.ts', "import { readCourseFiles } from '../node/read-course.ts';"],
  ])('allows %s', (_, file, source) => {
    expect(layerViolations(new Map([[file, source]]), hasIndex)).toEqual([]);
  });

  it('holds for every file of runner/ and web/', () => {
    const files = sources('web', sources('runner'));
    expect(files.size).toBeGreaterThan(100);
    expect(layerViolations(files, hasIndex)).toEqual([]);
  });
});

describe('import cycles', () => {
  it('finds a cycle, also of type-only and dynamic imports, and names its files in order', () => {
    const files = new Map([
      ['runner/cli/a.ts', "import type { B } from './b.ts';"],
      ['runner/cli/b.ts', "export const load = () => import('./c/c.ts');"],
      ['runner/cli/c/c.ts', "export { a } from '../a.ts';"],
      ['runner/cli/d.ts', "import { a } from './a.ts';"],
    ]);
    expect(importCycles(files)).toEqual([['runner/cli/a.ts', 'runner/cli/b.ts', 'runner/cli/c/c.ts', 'runner/cli/a.ts']]);
  });

  it('allows a file imported along two paths', () => {
    const files = new Map([
      ['runner/cli/a.ts', "import './b.ts'; import './c.ts';"],
      ['runner/cli/b.ts', "import './c.ts';"],
      ['runner/cli/c.ts', ''],
    ]);
    expect(importCycles(files)).toEqual([]);
  });

  it('holds for every file of runner/cli', () => {
    const files = sources('runner/cli');
    expect(files.size).toBeGreaterThan(40);
    expect(importCycles(files)).toEqual([]);
  });
});

// The check resolves specifiers itself: keep it honest about where it runs from.
it('runs from the repository root', () => {
  expect(relative(ROOT, dirname(import.meta.filename))).toBe('runner');
});
