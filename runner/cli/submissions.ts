/**
 * Finds the submissions `course grade` was given and reads each one's source. A directory is
 * walked for source files in the exercise's language and for work files (.json); files named
 * on the command line are taken as they are.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './exit.ts';
import { sourceFromWorkFile } from './work-file.ts';

export type SubmissionSource = { ok: true; source: string } | { ok: false; message: string };

/** The path as the user sees it: relative to the working directory, forward slashes. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path) || path;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

async function walk(dir: string, extensions: ReadonlySet<string>, into: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path, extensions, into);
    else if (entry.isFile() && extensions.has(extname(entry.name))) into.push(path);
  }
}

/**
 * Every submission file under `paths` (files as given, directories walked), as paths relative
 * to `cwd`, deduplicated and sorted by code unit so every machine sees the same order.
 */
export async function findSubmissions(paths: readonly string[], language: 'js' | 'ts', cwd = process.cwd()): Promise<string[]> {
  const extensions = new Set([`.${language}`, '.json']);
  const found: string[] = [];
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new UsageError(`${path} does not exist; pass submission files or folders that do.`);
    if (info.isDirectory()) await walk(absolute, extensions, found);
    else found.push(absolute);
  }
  const unique = [...new Set(found.map((p) => shown(p, cwd)))];
  return unique.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The code to grade: the file itself, or from a work file (.json) the exercise's entry. */
export async function readSubmission(file: string, exerciseId: string, cwd = process.cwd()): Promise<SubmissionSource> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    return { ok: false, message: `The submission could not be read (${(error as Error).message}).` };
  }
  if (extname(file) !== '.json') return { ok: true, source: text };
  const work = sourceFromWorkFile(text, exerciseId);
  return work.ok ? { ok: true, source: work.code } : work;
}
