import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/cli-harness.ts';
import { UsageError } from '../shared/exit.ts';
import { findSubmissions, whyNotGraded, type Found } from './submissions.ts';

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

  const graded = (found: Found) => found.files.filter((f) => f.notGraded === undefined).map((f) => f.file);
  const errorRows = (found: Found) => found.files.filter((f) => f.notGraded !== undefined).map((f) => f.file);
  const skipped = (found: Found) => found.skipped.map((f) => f.file);

  it('walks folders for the language and .json, skipping dotfiles and node_modules, sorted by code unit', async () => {
    const js = await findSubmissions(['.'], 'js', dir);
    expect(graded(js)).toEqual(['B.js', 'a.js', 'b/a.js', 'b/z.js', 'work.json']);
    expect(graded(await findSubmissions(['.'], 'ts', dir))).toEqual(['types.ts', 'work.json']);
  });

  it('skips the other files, with the reason, and gives them no row', async () => {
    const js = await findSubmissions(['.'], 'js', dir);
    expect(skipped(js)).toEqual(['notes.md', 'types.ts']);
    expect(errorRows(js)).toEqual([]);
    expect(js.skipped.find((f) => f.file === 'types.ts')?.reason).toMatch(/written in JavaScript.*this is a \.ts file/);
    expect(js.skipped.find((f) => f.file === 'notes.md')?.reason).toMatch(/a \.md file is not a submission/);
    // In a TypeScript exercise, folder b holds no submission: its first file is its error row.
    const ts = await findSubmissions(['.'], 'ts', dir);
    expect(skipped(ts)).toEqual(['B.js', 'a.js', 'b/z.js', 'notes.md']);
    expect(errorRows(ts)).toEqual(['b/a.js']);
  });

  it('gives a learner folder with no submission at all one error row, and skips the rest of it', async () => {
    const root = join(dir, 'class');
    for (const file of ['alice/route.js', 'alice/notes.txt', 'bob/route.ts', 'bob/readme.md']) {
      await mkdir(join(root, file, '..'), { recursive: true });
      await writeFile(join(root, file), '');
    }
    const found = await findSubmissions(['class'], 'js', dir);
    expect(found.files).toEqual([
      { file: 'class/alice/route.js', learner: 'alice', inFolder: true },
      { file: 'class/bob/readme.md', learner: 'bob', inFolder: true, notGraded: expect.stringMatching(/a \.md file is not a submission/) },
    ]);
    expect(skipped(found)).toEqual(['class/alice/notes.txt', 'class/bob/route.ts']);
  });

  it('takes one learner with --learner, by folder name, spaces and case aside', async () => {
    const found = await findSubmissions(['.'], 'js', dir, { learner: ' B ' });
    expect(found.files.map((f) => [f.file, f.learner])).toEqual([
      ['B.js', 'B'],
      ['b/a.js', 'b'],
      ['b/z.js', 'b'],
    ]);
    await expect(findSubmissions(['.'], 'js', dir, { learner: 'nobody' })).rejects.toThrow(/No submission of the learner "nobody" in \.; the learners there are: /);
  });

  it('takes named files whatever their extension, once each', async () => {
    expect((await findSubmissions(['notes.md', 'b', 'b/a.js'], 'js', dir)).files).toEqual([
      { file: 'b/a.js', learner: 'a' },
      { file: 'b/z.js', learner: 'z' },
      { file: 'notes.md', learner: 'notes' },
    ]);
  });

  it('knows each learner: the folder below the one walked, else the file name', async () => {
    const found = await findSubmissions(['.'], 'js', dir);
    expect(Object.fromEntries(found.files.map((f) => [f.file, f.learner]))).toMatchObject({ 'a.js': 'a', 'b/a.js': 'b', 'b/z.js': 'b', 'work.json': 'work' });
  });

  it('calls a folder with nothing to grade misuse, naming what it holds', async () => {
    await mkdir(join(dir, 'only-notes'), { recursive: true });
    await writeFile(join(dir, 'only-notes', 'readme.txt'), '');
    await expect(findSubmissions(['only-notes'], 'js', dir)).rejects.toThrow(/No submissions found in only-notes.*only 1 other file, e\.g\. only-notes\/readme\.txt/);
  });

  it.each([
    ['a.js', 'js', undefined],
    ['a.json', 'ts', undefined],
    ['a', 'js', /a file without an extension/],
    ['a.mjs', 'js', /a \.mjs file/],
  ] as const)('whyNotGraded(%j, %j)', (name, language, expected) => {
    const why = whyNotGraded(name, language);
    if (expected === undefined) expect(why).toBeUndefined();
    else expect(why).toMatch(expected);
  });

  it('calls a missing path misuse', async () => {
    await expect(findSubmissions(['nope'], 'js', dir)).rejects.toThrow(UsageError);
  });
});
