/**
 * The known mistake a failing submission is told, and the checks it explains, do not depend on
 * what the grading process graded before: a mutant may keep state between calls (tool-router's
 * list-changes-the-table changes its table when it lists), so a mutant's answers are not kept
 * from run to run (runner/core/check/run-checks.ts). Before, the checks listed for that mistake
 * changed with the order submissions reached a grading process.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadExercise, type CodeExercise } from '../content/index.ts';
import { clearAnswerCaches, type RunResult } from '../core/index.ts';
import { readCourseFiles } from './read-course.ts';
import { createNodeRunner } from './runner.ts';

const root = join(import.meta.dirname, '..', '..');

it('names tool-router\'s list-changes-the-table with the same checks first in a process and after every other mutant', async () => {
  const { exercise } = loadExercise('exercises/tool-router', await readCourseFiles(root, ['exercises/tool-router']));
  if (exercise?.kind !== 'code') throw new Error('tool-router did not load as a code exercise');
  const graded = async (order: CodeExercise['mutants']) => {
    // A new grading process: nothing kept from the runs before.
    clearAnswerCaches();
    const runner = createNodeRunner();
    let last: RunResult | undefined;
    for (const m of order) last = await runner.grade({ exercise, source: m.source, mode: 'submit', diagnose: true });
    return last?.mistakes;
  };
  const stateful = exercise.mutants.find((m) => m.name === 'list-changes-the-table');
  if (!stateful) throw new Error('tool-router has no mutant list-changes-the-table');
  const alone = await graded([stateful]);
  expect(alone?.[0]?.mutant).toBe('list-changes-the-table');
  expect(await graded([...exercise.mutants.filter((m) => m !== stateful), stateful])).toEqual(alone);
}, 120_000);
