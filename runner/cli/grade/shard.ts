/**
 * `--shard i/n`: CI jobs split one sorted list of submissions without talking to each other.
 * Shard i (1-based) keeps items i, i+n, i+2n, ... so every item lands in exactly one shard and
 * the shards stay balanced when neighbours differ in cost.
 */
import { UsageError } from '../shared/exit.ts';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** Parses `i/n` with 1 <= i <= n; anything else is misuse. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard must be i/n with 1 <= i <= n (e.g. --shard 2/4), got "${text}".`);
  }
  return { index, count };
}

/** The items of one shard, in their original order. */
export function takeShard<T>(items: readonly T[], shard: Shard): T[] {
  return items.filter((_, k) => k % shard.count === shard.index - 1);
}
