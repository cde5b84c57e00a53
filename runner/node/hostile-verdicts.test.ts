/**
 * Hostile submissions graded in Node (the same list is graded in Chromium by
 * e2e/sandbox-hostile.test.ts): values that break printers and parsers, errors whose stack
 * changes between reads, replies that are huge once written out, endless recursion, timers.
 */
import { beforeAll, describe, it } from 'vitest';
import { join } from 'node:path';
import { loadExercise, type CodeExercise } from '../content/index.ts';
import { readCourseFiles } from './read-course.ts';
import { expectBounded, HOSTILE, HOSTILE_EXERCISE, hostileSource } from './hostile-expectations.ts';
import { createNodeRunner } from './runner.ts';

const runner = createNodeRunner();
let exercise: CodeExercise;

beforeAll(async () => {
  const loaded = loadExercise(`exercises/${HOSTILE_EXERCISE}`, await readCourseFiles(join(import.meta.dirname, '..', '..')));
  if (loaded.exercise?.kind !== 'code') throw new Error(`exercise ${HOSTILE_EXERCISE} did not load as a code exercise`);
  exercise = loaded.exercise;
  // Reading the course: seconds on a busy machine, beyond the 10 s default.
}, 60_000);

describe.each(HOSTILE)('$file', ({ file, check }) => {
  it.each(['run', 'submit'] as const)('gets a plain, bounded verdict on %s', async (mode) => {
    const result = await runner.grade({ exercise, source: hostileSource(file), mode });
    expectBounded(result);
    check(result);
  });
});
