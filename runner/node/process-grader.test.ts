/**
 * The grading processes keep one learner from taking down a class: a real memory bomb graded
 * beside other submissions gets its own verdict (cause `memory`) and theirs are untouched; a
 * grading process that dies (a worker killed on purpose, fixtures/dying-grade-worker.ts) costs
 * the submission in it a second try, alone, and its error names what killed the process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { GradeJob } from './grade-service.ts';
import { createProcessGrader } from './process-grader.ts';

const its = Array.from({ length: 3 }, (_, i) => `  it('call ${i + 1}', async () => { expect(await route(${i + 1})).toBe(${i + 2}); });`).join('\n');
const exercise: GradeJob['exercise'] = {
  id: 'crashes',
  language: 'js',
  functions: ['route'],
  limits: { callMs: 1000, runMs: 10_000, memoryMb: 32 },
  testsFile: 'exercises/crashes/tests.test.js',
  tests: `import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\ndescribe('examples', () => {\n${its}\n});\n`,
};
const job = (source: string): GradeJob => ({ exercise, mode: 'submit', source });
const GOOD = 'function route(n) { return n + 1; }';
const dying = {
  module: fileURLToPath(new URL('./fixtures/dying-grade-worker.ts', import.meta.url)),
  args: [],
  execArgv: ['--no-node-snapshot', '--import', import.meta.resolve('tsx/esm')],
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// Each test starts grading processes and fills isolates to their memory limit: 20 s in a Node 22
// run beside a full suite (load average 11), past the unit project's 20 s bound.
describe('the process grader', { timeout: 120_000 }, () => {
  it('grades a memory bomb as out of memory, beside a loop and a correct submission, in the same pool', async () => {
    const grader = createProcessGrader({ processes: 2, perProcess: 1 });
    try {
      const bomb = job("const a = []; while (true) a.push('x'.repeat(1e6));\nfunction route(n) { return n + 1; }");
      const inside = job("function route(n) { const a = []; while (true) a.push('x'.repeat(1e6)); }");
      const loop = job('function route(n) { for (;;) {} }');
      const results = await Promise.all([bomb, inside, loop, job(GOOD), bomb, job(GOOD)].map((j) => grader.grade(j)));
      expect(results.map((r) => r.status)).toEqual(['error', 'fail', 'fail', 'pass', 'error', 'pass']);
      expect(results[0]?.cause).toBe('memory');
      expect(results[1]?.tests.map((t) => t.cause)).toEqual(['memory', 'memory', 'memory']);
      expect(results[2]?.tests.map((t) => t.cause)).toEqual(['timeout', 'timeout', 'timeout']);
      expect(results[4]).toEqual(results[0]);
    } finally {
      await grader.close();
    }
  });

  it("runs no more at once than its lanes: an async submission graded beside loops is not timed out by their calls", async () => {
    // One process with one lane calls learner code on its own thread: were the loops let in
    // beside it, each would hold that thread for its call limit while the async route's promise,
    // settled at once, waited for it, and the async route would time out.
    const grader = createProcessGrader({ processes: 1, perProcess: 1 });
    try {
      const loop = job('function route(n) { for (;;) {} }');
      const asyncGood = job('async function route(n) { return n + 1; }');
      const results = await Promise.all([loop, asyncGood, loop, asyncGood, loop, asyncGood].map((j) => grader.grade(j)));
      expect(results.map((r) => r.status)).toEqual(['fail', 'pass', 'fail', 'pass', 'fail', 'pass']);
      expect(grader.concurrency).toBe(1);
    } finally {
      await grader.close();
    }
  });

  it('grades again, alone, a submission whose process died, and the others are graded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dying-'));
    dirs.push(dir);
    const grader = createProcessGrader({ processes: 2, perProcess: 1, worker: dying });
    try {
      const results = await Promise.all([job(GOOD), job(`// DIE:once:${join(dir, 'died')}\n${GOOD}`), job(GOOD)].map((j) => grader.grade(j)));
      expect(results.map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
    } finally {
      await grader.close();
    }
  });

  it('ends a submission that kills its process every time as an error with the cause it died of', async () => {
    const grader = createProcessGrader({ processes: 2, perProcess: 1, worker: dying });
    try {
      const [segv, good, oom, after] = await Promise.all([job(`// DIE:segv\n${GOOD}`), job(GOOD), job(`// DIE:oom\n${GOOD}`), job(GOOD)].map((j) => grader.grade(j)));
      expect(segv).toMatchObject({ status: 'error', cause: 'crashed', tests: [] });
      expect(segv?.message).toMatch(/^Grading this submission stopped the process that ran it, twice \(signal SIGSEGV\).* hand it in again\.$/);
      expect(oom).toMatchObject({ status: 'error', cause: 'memory', tests: [] });
      expect(oom?.message).toMatch(/more memory than allowed/);
      expect([good?.status, after?.status]).toEqual(['pass', 'pass']);
      // The pool is whole again: more work is graded.
      expect((await grader.grade(job(GOOD))).status).toBe('pass');
    } finally {
      await grader.close();
    }
  });
});
