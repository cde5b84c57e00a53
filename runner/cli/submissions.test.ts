import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './cli-harness.ts';
import { UsageError } from './exit.ts';
import { findSubmissions } from './submissions.ts';

describe('findSubmissions', () => {
  let dir = '';
  let remove = async () => {};
  beforeAll(async () => {
    ({ dir, remove } = await tempDir());
    const files = ['b/z.js', 'b/a.js', 'a.js', 'work.json', 'notes.md', 'types.ts', '.hidden/x.js', 'node_modules/y.js', 'B.js'];
    for (const file of files) {
      await mkdir(join(dir, file, '..'), { recursive: true });
      await writeFile(join(dir, file), '');
    }
  });
  afterAll(() => remove());

  it('walks folders for the language and .json, skipping dotfiles and node_modules, sorted by code unit', async () => {
    expect(await findSubmissions(['.'], 'js', dir)).toEqual(['B.js', 'a.js', 'b/a.js', 'b/z.js', 'work.json']);
    expect(await findSubmissions(['.'], 'ts', dir)).toEqual(['types.ts', 'work.json']);
  });

  it('takes named files whatever their extension, once each', async () => {
    expect(await findSubmissions(['notes.md', 'b', 'b/a.js'], 'js', dir)).toEqual(['b/a.js', 'b/z.js', 'notes.md']);
  });

  it('calls a missing path misuse', async () => {
    await expect(findSubmissions(['nope'], 'js', dir)).rejects.toThrow(UsageError);
  });
});
