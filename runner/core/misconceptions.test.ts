import { describe, expect, it } from 'vitest';
import { diagnose, knownMistakes, MATCH_THRESHOLD, namedMistakes, visibleMistakes, type KnownMistake } from './misconceptions.ts';
import type { RunResult, TestStatus } from './result.ts';

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'];

/** A result where the tests in `failing` fail and the rest of NAMES pass. */
function result(failing: string[], status: TestStatus = 'fail'): RunResult {
  const tests = NAMES.map((name) => ({ name, status: failing.includes(name) ? status : ('pass' as const), test_code: '', hidden: false, duration: 0 }));
  return { version: 3, status: failing.length ? 'fail' : 'pass', tests };
}

const known: KnownMistake[] = [
  { mutant: 'zero-id', sentence: 'You treat id 0 as absent.', hint: 2, failing: ['a', 'b', 'c'] },
  { mutant: 'no-version', sentence: 'You leave out jsonrpc.', failing: ['d', 'e'] },
  { mutant: 'null-reply', sentence: 'You answer notifications.', failing: ['f'] },
];

describe('diagnose', () => {
  it('names the mistake whose tests fail exactly, with its hint', () => {
    expect(diagnose(result(['a', 'b', 'c']), known)).toEqual([{ mutant: 'zero-id', sentence: 'You treat id 0 as absent.', hint: 2, score: 1, exact: true }]);
  });

  it('never diagnoses a passing submission', () => {
    expect(diagnose(result([]), known)).toEqual([]);
    expect(diagnose(result([]), [{ mutant: 'x', sentence: 's', failing: [] }])).toEqual([]);
  });

  it('says nothing when the run never reached the tests (a syntax error)', () => {
    expect(diagnose({ version: 3, status: 'error', cause: 'syntax', tests: [] }, known)).toEqual([]);
  });

  it('counts tests that errored as failed', () => {
    expect(diagnose(result(['d', 'e'], 'error'), known)).toMatchObject([{ mutant: 'no-version', exact: true }]);
  });

  it('matches partially: two of the three tests of a mistake score 0.67', () => {
    expect(diagnose(result(['a', 'b']), known)).toEqual([{ mutant: 'zero-id', sentence: 'You treat id 0 as absent.', hint: 2, score: 0.67, exact: false }]);
  });

  it('matches a mistake plus one more failure at 0.75', () => {
    expect(diagnose(result(['a', 'b', 'c', 'f']), known)).toMatchObject([{ mutant: 'zero-id', score: 0.75 }]);
  });

  it('reports every mistake tied for the best score, in id order: two mistakes of the same size at once', () => {
    const two: KnownMistake[] = [
      { mutant: 'b-mistake', sentence: 'B', failing: ['c', 'd'] },
      { mutant: 'a-mistake', sentence: 'A', failing: ['a', 'b'] },
    ];
    expect(diagnose(result(['a', 'b', 'c', 'd']), two).map((m) => [m.mutant, m.score])).toEqual([['a-mistake', 0.5], ['b-mistake', 0.5]]);
  });

  it('keeps only the best when scores differ', () => {
    expect(diagnose(result(['a', 'b', 'c', 'd', 'e']), known).map((m) => m.mutant)).toEqual(['zero-id']);
  });

  it(`says nothing below the threshold of ${MATCH_THRESHOLD}`, () => {
    // One shared failure among three others: 1/4.
    expect(diagnose(result(['a', 'd', 'e', 'f']), [known[0] as KnownMistake])).toEqual([]);
    // Exactly at the threshold counts: one of two.
    expect(diagnose(result(['f', 'a']), [known[2] as KnownMistake])).toMatchObject([{ mutant: 'null-reply', score: 0.5 }]);
  });

  it('ignores mistakes no test catches', () => {
    expect(diagnose(result(['a']), [{ mutant: 'uncaught', sentence: 's', failing: [] }])).toEqual([]);
  });
});

describe('visibleMistakes', () => {
  it('keeps only visible test names and drops mistakes only hidden tests catch', () => {
    expect(visibleMistakes(known, new Set(['a', 'f'])).map((k) => [k.mutant, k.failing])).toEqual([['zero-id', ['a']], ['null-reply', ['f']]]);
  });
});

describe('knownMistakes', () => {
  it('joins each mutant\'s sentence and hint with its stored fingerprint, leaving out mutants without one', () => {
    const mutant = (name: string, hint?: number) => ({ name, file: `m/${name}.js`, mistake: 'm', learner: `You ${name}.`, ...(hint ? { hint } : {}), source: '' });
    expect(knownMistakes({ mutants: [mutant('a', 2), mutant('b'), mutant('c')], fingerprints: { tests: ['x', 'y', 'z'], mutants: { a: ['x'], b: ['y', 'z'] } } })).toEqual([
      { mutant: 'a', sentence: 'You a.', hint: 2, failing: ['x'] },
      { mutant: 'b', sentence: 'You b.', failing: ['y', 'z'] },
    ]);
    expect(knownMistakes({ mutants: [mutant('a')] })).toEqual([]);
  });
});

describe('namedMistakes', () => {
  const known = [
    { mutant: 'a', sentence: 'A', failing: ['t1', 't2'] },
    { mutant: 'b', sentence: 'B', failing: ['t3'] },
  ];
  const result = (mistakes?: { mutant: string; sentence: string; checks: string[] }[]) =>
    ({ version: 3, status: 'fail', tests: [{ name: 't1', status: 'fail' }, { name: 't2', status: 'fail' }, { name: 't3', status: 'pass' }], ...(mistakes ? { mistakes } : {}) }) as RunResult;

  it("is the grader's diagnosis, with each fingerprint's score, never a fingerprint's guess beside it", () => {
    // The fingerprints alone would name `a` (an exact match); the grader's answers say `b`.
    expect(namedMistakes(result([{ mutant: 'b', sentence: 'B', checks: ['t1'] }]), known)).toEqual([{ mutant: 'b', sentence: 'B', score: 0, exact: false }]);
    expect(namedMistakes(result([]), known)).toEqual([]);
  });

  it('falls back on the fingerprints for a result graded without a diagnosis', () => {
    expect(namedMistakes(result(), known)).toEqual([{ mutant: 'a', sentence: 'A', score: 1, exact: true }]);
  });
});
