import { describe, expect, it } from 'vitest';
import type { Exercise } from '../../../runner/content/index.ts';
import { pageExercise } from './page-exercise.ts';

const tests = `import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';
describe('examples', () => { it('one', async () => { expect(await route(1)).toBe(2); }); });
describe('hidden', () => { it('two', async () => { expect(await route(2)).toBe('SECRET'); }); });
`;

const exercise: Exercise = {
  type: 'exercise',
  id: 'x',
  title: 'X',
  lesson: 'l',
  language: 'js',
  functions: ['route'],
  hints: ['h1', 'h2'],
  limits: { callMs: 1000, runMs: 10000, memoryMb: 64 },
  dir: 'exercises/x',
  task: 't',
  taskLine: 1,
  starter: 's',
  solution: 'THE SOLUTION',
  tests,
  testsFile: 'exercises/x/tests.test.js',
  mutants: [
    { name: 'seen', file: 'f', mistake: 'm', learner: 'You do seen.', hint: 2, source: 'MUTANT CODE' },
    { name: 'only-hidden', file: 'g', mistake: 'm', learner: 'You do hidden.', source: 'MUTANT CODE' },
  ],
  fingerprints: { tests: ['examples > one', 'hidden > two'], mutants: { seen: ['examples > one', 'hidden > two'], 'only-hidden': ['hidden > two'] } },
};

describe('pageExercise', () => {
  it('practice: everything but the mutants, whose sentences and fingerprints remain', () => {
    const page = pageExercise(exercise);
    expect(page.solution).toBe('THE SOLUTION');
    expect(page.tests).toBe(tests);
    expect(page.knownMistakes.map((k) => k.mutant)).toEqual(['seen', 'only-hidden']);
    expect(JSON.stringify(page)).not.toContain('MUTANT CODE');
  });

  it('assessed: the examples only, the number of hidden checks, no solution, visible fingerprints', () => {
    const page = pageExercise(exercise, 'assessed');
    expect(page.solution).toBeUndefined();
    expect(page.hiddenChecks).toBe(1);
    expect(page.tests).toContain("describe('examples'");
    expect(JSON.stringify(page)).not.toMatch(/SECRET|THE SOLUTION|MUTANT CODE|hidden > two/);
    expect(page.knownMistakes).toEqual([{ mutant: 'seen', sentence: 'You do seen.', hint: 2, failing: ['examples > one'] }]);
  });

  it('refuses to build assessed without fingerprints, saying how to write them', () => {
    const { fingerprints: _, ...without } = exercise;
    expect(() => pageExercise(without, 'assessed')).toThrow(/course check --write-fingerprints/);
  });
});
