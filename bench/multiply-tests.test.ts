import { describe, expect, it } from 'vitest';
import { collectTests } from '../runner/core/collect.ts';
import { inspectionModules } from '../runner/core/test-modules.ts';
import { loadExercise } from './corpus.ts';
import { multiplyTests } from './multiply-tests.ts';

describe('multiplyTests', () => {
  it('repeats the tests under their own describe blocks and a new id; examples stay the visible group', async () => {
    const exercise = await loadExercise('full-error-routing');
    const collect = (tests: string) => collectTests(tests, inspectionModules(['route']), { expect: () => ({}) });
    const once = await collect(exercise.tests);
    const four = multiplyTests(exercise, 4);
    const collected = await collect(four.tests);
    expect(four.id).toBe('full-error-routing-x4');
    expect(collected).toHaveLength(once.length * 4);
    expect(collected.filter((t) => t.path[0] === 'examples')).toHaveLength(once.filter((t) => t.path[0] === 'examples').length);
    expect(new Set(collected.map((t) => t.path.join(' > '))).size).toBe(collected.length);
    expect(multiplyTests(exercise, 1)).toBe(exercise);
  });
});
