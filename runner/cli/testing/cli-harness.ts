/**
 * Test helpers: runs the real CLI as a child process, as users and CI do, and makes throwaway
 * copies of the course to break or extend.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the course root of the real course). */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../bin.cjs', import.meta.url));

/**
 * Per-test time limit for tests that start the CLI: the first start after a source changed
 * rebuilds the command, and `check` grades the whole course, which takes minutes on a loaded
 * 2-core machine.
 */
export const CLI_TIMEOUT = 300_000;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node runner/cli/bin.cjs ...args` in `cwd` (the repository root by default), as the
 * linked `course` bin starts it (its grading processes are children of that one).
 */
export function runCli(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: options.cwd ?? REPO, env: { ...process.env, ...options.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A temp folder holding a copy of the course's lessons/ and exercises/; `remove` deletes it. */
export async function copyCourse(): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'course-cli-'));
  for (const folder of ['lessons', 'exercises']) await cp(join(REPO, folder), join(root, folder), { recursive: true });
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** A temp folder for submissions and reports. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'course-grade-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
