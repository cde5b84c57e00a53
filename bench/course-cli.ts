/** Runs the real `course` command (runner/cli/bin.mjs) as a child process and times it. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { root } from './corpus.ts';

export interface TimedRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Wall time from spawning to exit, Node's and tsx's start-up included. */
  ms: number;
}

export function runCourse(args: readonly string[]): Promise<TimedRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, 'runner/cli/bin.mjs'), ...args], { cwd: root, maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}
