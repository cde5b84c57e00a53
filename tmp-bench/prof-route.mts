import { openExercise } from '../runner/cli/course-root.ts';
import { createNodeRunner } from '../runner/node/runner.ts';
const { exercise } = await openExercise('/work/main', process.argv[2] ?? 'route');
if (exercise?.kind !== 'code') throw new Error('no');
const runner = createNodeRunner();
for (let i = 0; i < 10; i++) await runner.grade({ exercise, source: exercise.solution, mode: 'submit' });
const t0 = performance.now();
for (let i = 0; i < 100; i++) await runner.grade({ exercise, source: exercise.solution, mode: 'submit' });
console.log('per grade', ((performance.now() - t0) / 100).toFixed(2));
