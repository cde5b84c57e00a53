/** Runs the real `course` command as a child process (the CLI tests' own runner) and times it. */
import { runCli, type CliRun } from '../runner/cli/testing/cli-harness.ts';

export interface TimedRun extends CliRun {
  /** Wall time from spawning to exit, Node's and tsx's start-up included. */
  ms: number;
}

/** `node runner/cli/bin.cjs ...args` from the repository root, timed. */
export async function runCourse(args: readonly string[]): Promise<TimedRun> {
  const started = performance.now();
  const run = await runCli(args);
  return { ...run, ms: performance.now() - started };
}
