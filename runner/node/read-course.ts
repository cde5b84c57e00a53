/**
 * Reads a course from disk into the `CourseFiles` map the pure loaders take: every text file under
 * lessons/ and exercises/, keyed by its path relative to the course root with forward slashes.
 */
// Synchronous reads: a course is a few hundred small files, and node:fs/promises costs the
// `course` command more to load than these reads would overlap.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourseFiles } from '../content/index.ts';

const FOLDERS = ['lessons', 'exercises'];
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Collects the course's text files under `root`, sorted by path. Skips dotfiles, node_modules and
 * files that are not UTF-8 text (images, archives). A missing lessons/ or exercises/ folder is
 * simply empty: the loaders report what is missing. `folders` narrows the read to some folders
 * (relative, forward slashes, e.g. `exercises/route` when only that exercise is needed).
 */
export async function readCourseFiles(root: string, folders: readonly string[] = FOLDERS): Promise<CourseFiles> {
  const found: Array<[string, string]> = [];
  for (const folder of folders) collect(root, folder, found);
  found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(found);
}

function collect(root: string, relative: string, into: Array<[string, string]>): void {
  let entries;
  try {
    entries = readdirSync(join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      collect(root, path, into);
    } else if (entry.isFile()) {
      const text = decodeText(readFileSync(join(root, path)));
      if (text !== undefined) into.push([path, text]);
    }
  }
}

function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
