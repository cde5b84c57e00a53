import { describe, expect, it } from 'vitest';
import { UsageError } from '../shared/exit.ts';
import { parseShard, takeShard } from './shard.ts';

describe('parseShard', () => {
  it.each([
    ['1/1', { index: 1, count: 1 }],
    ['2/4', { index: 2, count: 4 }],
    [' 3/3 ', { index: 3, count: 3 }],
  ])('reads %j', (text, shard) => {
    expect(parseShard(text)).toEqual(shard);
  });

  it.each(['0/2', '3/2', '1/0', '1', '1/2/3', 'a/b', '-1/2', '1.5/2', ''])('rejects %j as misuse', (text) => {
    expect(() => parseShard(text)).toThrow(UsageError);
  });
});

describe('takeShard', () => {
  const items = Array.from({ length: 10 }, (_, i) => `s${i}`);

  it('keeps every n-th item starting at the i-th', () => {
    expect(takeShard(items, { index: 2, count: 3 })).toEqual(['s1', 's4', 's7']);
  });

  it.each([1, 2, 3, 4, 7, 10, 13])('with %i shards, covers every item exactly once', (count) => {
    const shards = Array.from({ length: count }, (_, i) => takeShard(items, { index: i + 1, count }));
    expect(shards.flat().sort()).toEqual([...items].sort());
    expect(Math.max(...shards.map((s) => s.length)) - Math.min(...shards.map((s) => s.length))).toBeLessThanOrEqual(1);
  });
});
