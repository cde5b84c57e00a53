/**
 * Copies of the repository that a section measures side by side: the working tree as it is, and
 * (with `npm run bench -- --before <git ref>`) the tree of an older commit, so a change's before
 * and after are measured in one run on the same machine load. Each copy is a temporary folder
 * holding the tracked files with node_modules linked to this repository's own, so nothing is
 * installed and the sources measured are exactly the ones named. Benchmarks that edit course
 * files (the live preview) edit the copy, never the repository.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './corpus.ts';

const run = promisify(execFile);

export interface Tree {
  /** How rows name it: "now" or "before (<ref>)". */
  label: string;
  dir: string;
  /**
   * The `course` command as that tree's README tells instructors to run it, as argv. A relative
   * first element is resolved against `dir`.
   */
  course: readonly string[];
  remove(): Promise<void>;
}

/** The command line of this tree: the bin npm links, run directly (README, "Author content"). */
export const COURSE_NOW = ['node_modules/.bin/course'] as const;
/** What the README said before the bin was linked: `npx course`. */
export const COURSE_BEFORE = ['npx', 'course'] as const;

async function linkNodeModules(dir: string): Promise<void> {
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

/** This repository itself, as it is. */
export function currentTree(): Tree {
  return { label: 'now', dir: root, course: COURSE_NOW, remove: async () => {} };
}

/** The working tree (tracked and untracked, not ignored files) copied to a temporary folder. */
export async function copyWorkingTree(label = 'now'): Promise<Tree> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-tree-'));
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  const files = stdout.split('\0').filter(Boolean);
  for (const file of files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    // A file deleted but not yet staged is listed and missing: skip it.
    await cp(join(root, file), join(dir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await linkNodeModules(dir);
  return { label, dir, course: COURSE_NOW, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The tree of a commit (`git archive`) in a temporary folder. */
export async function exportCommit(ref: string, course: readonly string[] = COURSE_BEFORE): Promise<Tree> {
  const { stdout: sha } = await run('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: root });
  const dir = await mkdtemp(join(tmpdir(), 'bench-before-'));
  await run('sh', ['-c', `git archive "$1" | tar -x -C "$2"`, 'sh', ref, dir], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  await linkNodeModules(dir);
  const short = sha.trim();
  // A ref given as a hash names itself: "before (0da7874)", not "before (0da7874, 0da7874)".
  const label = short.startsWith(ref) || ref.startsWith(short) ? `before (${short})` : `before (${ref}, ${short})`;
  return { label, dir, course, remove: () => rm(dir, { recursive: true, force: true }) };
}
