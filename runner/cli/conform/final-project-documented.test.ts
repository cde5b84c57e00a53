/**
 * The `course conform` lines of the final project's lesson, run exactly as written from the
 * course folder, as a learner runs them on their exported work: a work file (version 2, the
 * project's files by name) holding the reference passes every scenario, and holding the starter
 * fails, with the suite's words. The work file stands where the lesson's name for it points.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../testing/cli-harness.ts';

const LESSON = 'lessons/14-final-project.md';
const WORK_NAME = 'jsonrpc-course-work-2026-12-01.json';
const EXERCISE = join(REPO, 'exercises/conformance-server');

/** The lines of the lesson's shell blocks that run `course conform`. */
function conformLines(): string[] {
  const text = readFileSync(join(REPO, LESSON), 'utf8');
  const blocks = [...text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  return blocks.flatMap((b) => b.split('\n')).filter((line) => line.startsWith('npx course conform '));
}

/** A version 2 work file holding the project's files from `folder`. */
function workFile(folder: string): string {
  const files = Object.fromEntries(readdirSync(join(EXERCISE, folder)).map((name) => [name, readFileSync(join(EXERCISE, folder, name), 'utf8')]));
  return JSON.stringify({ format: 'jsonrpc-course-work', version: 2, exportedAt: '2026-12-01T00:00:00.000Z', exercises: { 'conformance-server': { files, language: 'js', passed: folder === 'solution', hintsSeen: 0, solutionRevealed: false } } });
}

function shell(line: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', line], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'final-project-doc-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`${LESSON}, as a learner runs it`, () => {
  it('has the conform line this test runs', () => {
    expect(conformLines().length).toBeGreaterThanOrEqual(1);
  });

  it.each(['solution', 'starter'])('the conform line, run in the course folder, judges a work file holding the %s', async (folder) => {
    const file = join(dir, `${folder}-${WORK_NAME}`);
    writeFileSync(file, workFile(folder));
    for (const line of conformLines()) {
      // The learner's export sits in the course folder under the lesson's name; here it is this test's file.
      const { code, stdout, stderr } = await shell(line.replaceAll(WORK_NAME, JSON.stringify(file)), REPO);
      if (folder === 'solution') {
        expect(stdout, `${line}\n${stderr}`).toMatch(/^30 of 30 scenarios passed/m);
        expect(code).toBe(0);
      } else {
        expect(stdout, `${line}\n${stderr}`).toMatch(/^FAIL prompts-list$/m);
        expect(code).toBe(1);
      }
    }
  }, 300_000);
});
