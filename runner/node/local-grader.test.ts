/**
 * Grades judged side by side on one thread must not change each other's verdicts: a submission
 * that loops holds its own calls to their time limit, never the thread the others are judged on.
 */
import { describe, expect, it } from 'vitest';
import type { GradeJob } from './grade-service.ts';
import { createLocalGrader } from './local-grader.ts';

const its = Array.from({ length: 10 }, (_, i) => `  it('call ${i + 1}', async () => { expect(await route(${i + 1})).toBe(${i + 2}); });`).join('\n');
const exercise: GradeJob['exercise'] = {
  id: 'beside',
  language: 'js',
  functions: ['route'],
  limits: { callMs: 200, runMs: 2000, memoryMb: 32 },
  testsFile: 'exercises/beside/tests.test.js',
  tests: `import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\ndescribe('examples', () => {\n${its}\n});\n`,
};

describe('the local grader', () => {
  it('gives a correct submission every test, graded beside submissions that loop', async () => {
    const grader = createLocalGrader({ concurrency: 4 });
    try {
      const loop = { exercise, mode: 'submit', source: 'function route(n) { for (;;) {} }' } as const;
      const good = { exercise, mode: 'submit', source: 'function route(n) { return n + 1; }' } as const;
      // Each looping run holds its calls for 200 ms ten times: 2 s of a thread, were it blocked.
      const [, , , result] = await Promise.all([grader.grade(loop), grader.grade(loop), grader.grade(loop), grader.grade(good)]);
      expect(result?.tests.map((t) => t.status)).toEqual(Array(10).fill('pass'));
    } finally {
      await grader.close();
    }
  });
});
