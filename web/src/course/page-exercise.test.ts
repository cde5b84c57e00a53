import { describe, expect, it } from 'vitest';
import type { CodeExercise, ExamplesExercise } from '../../../runner/content/index.ts';
import { examplesJobOf, mutantSuspects, pageExercise, type PageCodeExercise, type PageExamplesExercise, type PageExercise } from './page-exercise.ts';

const tests = `import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';
describe('examples', () => { it('one', async () => { expect(await route(1)).toBe(2); }); });
describe('hidden', () => { it('two', async () => { expect(await route(2)).toBe('SECRET'); }); });
`;

const exercise: CodeExercise = {
  type: 'exercise',
  kind: 'code',
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
  variants: [],
  mutants: [
    { name: 'seen', file: 'f', mistake: 'm', learner: 'You do seen.', hint: 2, source: 'MUTANT CODE' },
    { name: 'only-hidden', file: 'g', mistake: 'm', learner: 'You do hidden.', source: 'MUTANT CODE' },
  ],
  fingerprints: { tests: ['examples > one', 'hidden > two'], mutants: { seen: ['examples > one', 'hidden > two'], 'only-hidden': ['hidden > two'] } },
};

const code = (page: PageExercise): PageCodeExercise => {
  if (page.kind !== 'code') throw new Error('expected a code exercise');
  return page;
};

describe('pageExercise', () => {
  it('practice: everything but the mutants, which come in a chunk of their own (mutantSuspects)', () => {
    const page = code(pageExercise(exercise));
    expect(page.solution).toBe('THE SOLUTION');
    expect(page.tests).toBe(tests);
    expect(JSON.stringify(page)).not.toMatch(/MUTANT CODE|You do seen/);
    const suspects = mutantSuspects(exercise);
    expect(suspects.mutants.map((m) => m.name)).toEqual(['seen', 'only-hidden']);
    expect(suspects.mutants[0]).toMatchObject({ learner: 'You do seen.', hint: 2 });
    expect(suspects.fingerprints.mutants['only-hidden']).toEqual(['hidden > two']);
  });

  it('assessed: the examples only, the number of hidden checks, no solution, no mutant', () => {
    const page = code(pageExercise(exercise, 'assessed'));
    expect(page.solution).toBeUndefined();
    expect(page.hiddenChecks).toBe(1);
    expect(page.tests).toContain("describe('examples'");
    expect(JSON.stringify(page)).not.toMatch(/SECRET|THE SOLUTION|MUTANT CODE|hidden > two|You do seen/);
  });

  it('refuses to build assessed without fingerprints, saying how to write them', () => {
    const { fingerprints: _, ...without } = exercise;
    expect(() => pageExercise(without, 'assessed')).toThrow(/course check --write-fingerprints/);
  });
});

const examples: ExamplesExercise = {
  type: 'exercise',
  kind: 'examples',
  id: 'x-examples',
  title: 'Before x',
  lesson: 'l',
  language: 'js',
  of: 'x',
  input: 'message',
  compare: 'exact',
  hints: [],
  limits: { callMs: 1000, runMs: 10000, memoryMb: 64 },
  dir: 'exercises/x-examples',
  task: 't',
  taskLine: 1,
  starter: 'const examples = [];',
  solution: 'THE REFERENCE EXAMPLES',
};
const find = (id: string) => (id === 'x' ? { ...exercise, mutants: exercise.mutants.map((m) => ({ ...m, catches: `a router that does ${m.name}` })) } : undefined);
const examplesPage = (page: PageExercise): PageExamplesExercise => {
  if (page.kind !== 'examples') throw new Error('expected an examples exercise');
  return page;
};

describe('pageExercise of an examples exercise', () => {
  it('practice: checkable, with its reference examples and what it says of its target, never the target\'s code', () => {
    const page = examplesPage(pageExercise(examples, 'practice', find));
    expect(page).toMatchObject({ checkable: true, solution: 'THE REFERENCE EXAMPLES', target: { title: 'X', function: 'route', mutants: 2 } });
    expect(JSON.stringify(page)).not.toMatch(/MUTANT CODE|THE SOLUTION|a router that does/);
  });

  it('assessed: not checkable in the page, and no reference examples', () => {
    const page = examplesPage(pageExercise(examples, 'assessed', find));
    expect(page.checkable).toBe(false);
    expect(JSON.stringify(page)).not.toMatch(/MUTANT CODE|THE SOLUTION|THE REFERENCE EXAMPLES/);
  });

  it('refuses an examples exercise whose `of` is not in the course', () => {
    expect(() => pageExercise(examples, 'practice')).toThrow(/names no code exercise/);
  });

  it('gives the check chunk the target\'s solution and mutants, with what learners read when one is caught', () => {
    const job = examplesJobOf(examples, find);
    expect(job.target).toMatchObject({ id: 'x', function: 'route', solution: 'THE SOLUTION' });
    expect(job.target.mutants).toEqual([
      { name: 'seen', catches: 'a router that does seen', source: 'MUTANT CODE' },
      { name: 'only-hidden', catches: 'a router that does only-hidden', source: 'MUTANT CODE' },
    ]);
  });
});
