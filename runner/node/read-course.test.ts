import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCourseFiles } from './read-course.ts';

describe('readCourseFiles', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'course-'));
    const files: Record<string, string | Uint8Array> = {
      'lessons/01-a.md': '# A\n',
      'lessons/README.md': 'About lessons.\n',
      'exercises/route/task.md': 'task\n',
      'exercises/route/mutants/off-by-one.js': '// mistake: x\n// learner: Your code seems to make this mistake.\n',
      'exercises/route/.DS_Store': 'junk',
      'exercises/route/node_modules/x/index.js': 'skip',
      'exercises/route/diagram.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1]),
      'exercises/route/latin1.txt': new Uint8Array([0xe9, 0x74, 0xe9]),
      'web/other.md': 'outside the course folders',
    };
    for (const [path, content] of Object.entries(files)) {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), content);
    }
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reads text files under lessons/ and exercises/ with forward-slash relative paths, sorted', async () => {
    const files = await readCourseFiles(root);
    expect([...files.keys()]).toEqual([
      'exercises/route/mutants/off-by-one.js',
      'exercises/route/task.md',
      'lessons/01-a.md',
      'lessons/README.md',
    ]);
    expect(files.get('exercises/route/task.md')).toBe('task\n');
  });

  it('reads only the folders asked for, with the same paths', async () => {
    const files = await readCourseFiles(root, ['exercises/route']);
    expect([...files.keys()]).toEqual(['exercises/route/mutants/off-by-one.js', 'exercises/route/task.md']);
  });

  it('returns an empty map when the folders do not exist', async () => {
    const files = await readCourseFiles(join(root, 'web'));
    expect(files.size).toBe(0);
  });
});
