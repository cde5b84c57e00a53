/**
 * What each check of one exercise costs when its reference solution is graded warm in this
 * process (the Node host, as one grading process grades): the median of 30 runs per test, after
 * 5 to warm up, and the whole run. For authors sizing generated checks; not part of `npm run bench`.
 *
 *   node --no-node-snapshot --import tsx bench/check-costs.ts <exercise-id>
 */
import { openExercise } from '../runner/cli/shared/course-root.ts';
import { createNodeRunner } from '../runner/node/runner.ts';
import { root } from './corpus.ts';

const id = process.argv[2];
if (!id) throw new Error('bench/check-costs.ts: name an exercise, e.g. `node --no-node-snapshot --import tsx bench/check-costs.ts route`.');
const { exercise } = await openExercise(root, id);
if (exercise?.kind !== 'code') throw new Error(`bench/check-costs.ts: "${id}" is not a code exercise of this course.`);
const runner = createNodeRunner();
const runs = 30;
for (let i = 0; i < 5; i++) await runner.grade({ exercise, source: exercise.solution, mode: 'submit' });
const durations = new Map<string, number[]>();
const totals: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const result = await runner.grade({ exercise, source: exercise.solution, mode: 'submit' });
  totals.push(performance.now() - t0);
  if (result.status !== 'pass') throw new Error(`bench/check-costs.ts: the reference solution of ${id} does not pass.`);
  for (const test of result.tests) durations.set(test.name, [...(durations.get(test.name) ?? []), test.duration]);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
for (const [name, values] of durations) console.log(`${median(values).toFixed(1).padStart(6)} ms  ${name}`);
console.log(`${median(totals).toFixed(1).padStart(6)} ms  the whole run (median of ${runs})`);
