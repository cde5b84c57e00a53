import { openExercise } from '../runner/cli/course-root.ts';
import { createNodeRunner } from '../runner/node/runner.ts';
const { exercise } = await openExercise('/work/main', process.argv[2] ?? 'route');
if (exercise?.kind !== 'code') throw new Error('no');
const runner = createNodeRunner();
const without = { ...exercise, tests: exercise.tests.replace(/describe\('every request[\s\S]*$/, '') };
for (const [label, ex] of [['with', exercise], ['without', without], ['with', exercise]] as const) {
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    const r = await runner.grade({ exercise: ex, source: exercise.solution, mode: 'submit' });
    times.push(performance.now() - t0);
    if (r.status !== 'pass') throw new Error(JSON.stringify(r.tests.filter((t) => t.status !== 'pass')));
  }
  times.sort((a, b) => a - b);
  console.log(label, 'median ms', times[30].toFixed(2), 'first', times.at(-1)!.toFixed(1));
}
const m = exercise.mutants[0]!;
const t0 = performance.now();
const r = await runner.grade({ exercise, source: m.source, mode: 'submit' });
console.log('mutant', m.name, (performance.now() - t0).toFixed(1), 'ms', r.tests.filter((t) => t.status !== 'pass').length, 'failed');
