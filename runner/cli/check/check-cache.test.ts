import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKey, openCheckCache } from './check-cache.ts';

const files = (changes: Record<string, string> = {}) =>
  new Map(
    Object.entries({
      'exercises/route/task.md': 'task',
      'exercises/route/solution.js': 'solution',
      'exercises/route/mutants/a.js': 'mutant',
      'exercises/router/task.md': 'another exercise whose id starts the same',
      'lessons/01-a.md': 'lesson',
      ...changes,
    }),
  );

describe('check cache', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'check-cache-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keys a unit by its own files and the build: any change to either is another key', () => {
    const cache = openCheckCache(root, 'build-a');
    const other = openCheckCache(root, 'build-b');
    const key = cache?.keyOf('exercises/route', files());
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(other?.keyOf('exercises/route', files())).not.toBe(key);
    expect(cache?.keyOf('exercises/route', files({ 'exercises/route/mutants/a.js': 'changed' }))).not.toBe(key);
    expect(cache?.keyOf('exercises/route', files({ 'exercises/route/NOTES.txt': 'new file' }))).not.toBe(key);
    // Files of other units do not count.
    expect(cache?.keyOf('exercises/route', files({ 'exercises/router/task.md': 'changed', 'lessons/01-a.md': 'changed' }))).toBe(key);
    expect(cache?.keyOf('lessons/01-a.md', files({ 'lessons/01-a.md': 'changed' }))).not.toBe(cache?.keyOf('lessons/01-a.md', files()));
  });

  it('gives back what was stored under a key, and nothing for another key', () => {
    const cache = openCheckCache(root, 'build-a');
    const key = cache?.keyOf('exercises/route', files()) as string;
    const unit = { diagnostics: [{ file: 'exercises/route/solution.js', line: 1, column: 1, rule: 'solution/fails', severity: 'error' as const, message: 'm' }] };
    cache?.set(key, unit);
    expect(openCheckCache(root, 'build-a')?.get(key)).toEqual(unit);
    expect(cache?.get('0'.repeat(40))).toBeUndefined();
  });

  it('does not cache when the command runs from its TypeScript sources (no build to key on)', () => {
    expect(buildKey('file:///repo/runner/cli/check/check-cache.ts')).toBeUndefined();
    expect(buildKey('file:///repo/node_modules/.cache/course-cli/0123abcd/course.cjs')).toBe('0123abcd');
    expect(openCheckCache(root, undefined)).toBeUndefined();
  });
});
