/**
 * `course grade` of an exercise of several files (two-transports), as a teacher runs it: a folder
 * per learner holding the files, where a read-only file is always the exercise's own, and a
 * learner whose folder lacks a file gets an error row naming it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runCli, tempDir } from '../testing/cli-harness.ts';

const ID = 'two-transports';
const solution = (file: string) => readFile(join(REPO, 'exercises', ID, 'solution', file), 'utf8');

describe('course grade of an exercise of several files', () => {
  it('grades each learner folder as one submission, the read-only file the exercise\'s own', async () => {
    const { dir, remove } = await tempDir();
    try {
      const root = join(dir, 'submissions', ID);
      const write = async (learner: string, files: Record<string, string>) => {
        await mkdir(join(root, learner), { recursive: true });
        for (const [name, text] of Object.entries(files)) await writeFile(join(root, learner, name), text);
      };
      await write('alice', { 'table.js': await solution('table.js'), 'http.js': await solution('http.js') });
      // Bob's copy of the read-only stdio.js is broken: it is not his to change, so it is not run.
      await write('bob', { 'table.js': await solution('table.js'), 'http.js': await solution('http.js'), 'stdio.js': 'export function serveStdio() { return 42; }\n' });
      await write('carol', { 'table.js': await solution('table.js') });
      const { code, stdout } = await runCli(['grade', '--exercise', ID, root, '--format', 'json']);
      expect(code).toBe(1);
      const rows = (JSON.parse(stdout) as { submissions: { file: string; learner: string; result: { status: string; message?: string } }[] }).submissions;
      expect(rows.map((r) => [r.learner, r.file.replace(/^.*submissions\//, ''), r.result.status])).toEqual([
        ['alice', `${ID}/alice/`, 'pass'],
        ['bob', `${ID}/bob/`, 'pass'],
        ['carol', `${ID}/carol/`, 'error'],
      ]);
      expect(rows[2]?.result.message).toMatch(/The submission has no http\.js/);
    } finally {
      await remove();
    }
  }, 300_000);

  it('refuses a work file of version 1 that holds one text for it, saying why', async () => {
    const { dir, remove } = await tempDir();
    try {
      const file = join(dir, 'old.json');
      const exercises = { [ID]: { code: 'function serveHttp() {}', language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false } };
      await writeFile(file, JSON.stringify({ format: 'jsonrpc-course-work', version: 1, exportedAt: '2026-11-30T00:00:00.000Z', exercises }));
      const { stdout } = await runCli(['grade', '--exercise', ID, file, '--format', 'json']);
      expect(JSON.parse(stdout)).toMatchObject({ status: 'error', message: expect.stringMatching(/holds one text for "two-transports", which has several files/) });
    } finally {
      await remove();
    }
  }, 300_000);
});
