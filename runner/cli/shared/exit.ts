/**
 * Exit codes and the one error type commands throw for misuse. Every command returns its exit
 * code instead of calling `process.exit`, so tests and the in-process path can run them.
 */

/** 0: all good. 1: a check or a submission failed. 2: misuse, or content too broken to use. */
export const EXIT = { ok: 0, failed: 1, misuse: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * Thrown by a command when it cannot do what was asked (unknown exercise, bad --shard, broken
 * content). `main` prints the message (and any detail lines) on stderr and exits 2.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
