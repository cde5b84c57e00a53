import { describe, expect, it } from 'vitest';
import { mistakeCounts, scoreBuckets, scoreOf, summarizeClass, summarizeExercise, testFailures } from './summarize.ts';
import { mistake, row } from './test-rows.ts';

describe('scoreOf', () => {
  it('is tests passed of tests run, and nothing for a run that never reached the tests', () => {
    expect(scoreOf(row({ file: 'a.js', tests: 'ppf' }))).toEqual({ passed: 2, total: 3, percent: (200 / 3) });
    expect(scoreOf(row({ file: 'a.js', tests: 'pe' }))).toEqual({ passed: 1, total: 2, percent: 50 });
    expect(scoreOf(row({ file: 'a.js', tests: '' }))).toBeUndefined();
  });
});

describe('scoreBuckets', () => {
  it('puts each score in its band of ten, 100% apart, edges in the upper band', () => {
    const buckets = scoreBuckets([0, 9.99, 10, 50, 89.9, 90, 99.99, 100, 100]);
    expect(buckets.map((b) => b.label)).toEqual(['0–9%', '10–19%', '20–29%', '30–39%', '40–49%', '50–59%', '60–69%', '70–79%', '80–89%', '90–99%', '100%']);
    expect(buckets.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 1, 2, 2]);
  });

  it('has every band, empty, for an empty class', () => {
    expect(scoreBuckets([]).every((b) => b.count === 0)).toBe(true);
    expect(scoreBuckets([])).toHaveLength(11);
  });
});

describe('testFailures', () => {
  it('orders by failure rate, then by failures, then by the order tests first appear', () => {
    const rows = [row({ file: 'a.js', tests: 'pfff' }), row({ file: 'b.js', tests: 'ppfe' }), row({ file: 'c.js', tests: 'ppfp' })];
    const tests = testFailures(rows);
    expect(tests.map((t) => [t.name, t.failed, t.ran])).toEqual([
      ['t3', 3, 3],
      ['t4', 2, 3],
      ['t2', 1, 3],
      ['t1', 0, 3],
    ]);
    expect(tests[0]?.rate).toBe(1);
    expect(tests.find((t) => t.name === 't1')?.hidden).toBe(false);
  });

  it('keeps ties in the tests file order and counts an errored test as failed', () => {
    const tests = testFailures([row({ file: 'a.js', tests: 'efpf' })]);
    expect(tests.map((t) => t.name)).toEqual(['t1', 't2', 't4', 't3']);
  });

  it('divides by the submissions that ran the test: a run error does not count', () => {
    const tests = testFailures([row({ file: 'a.js', tests: 'f' }), row({ file: 'b.js', tests: '' })]);
    expect(tests).toEqual([{ name: 't1', hidden: false, failed: 1, ran: 1, rate: 1 }]);
  });
});

describe('mistakeCounts', () => {
  it('ranks mistakes by submissions, ties by mutant id, counting tied diagnoses for each and exact ones apart', () => {
    const rows = [
      row({ file: 'a.js', tests: 'pf', mistakes: [mistake('zero-id')] }),
      row({ file: 'b.js', tests: 'pf', mistakes: [mistake('zero-id', false)] }),
      row({ file: 'c.js', tests: 'ff', mistakes: [mistake('bare-result', false), mistake('no-jsonrpc', false)] }),
      row({ file: 'd.js', tests: 'fp', mistakes: [mistake('no-jsonrpc')] }),
    ];
    expect(mistakeCounts(rows).map((m) => [m.mutant, m.submissions, m.exact])).toEqual([
      ['no-jsonrpc', 2, 1],
      ['zero-id', 2, 1],
      ['bare-result', 1, 0],
    ]);
    expect(mistakeCounts(rows)[0]?.sentence).toBe('You no-jsonrpc.');
  });
});

describe('summarizeExercise', () => {
  it('counts statuses, not-graded files, learners, unscored runs, the median and the unexplained failures', () => {
    const rows = [
      row({ file: 'alice/a.js', learner: 'alice', tests: 'pppp' }),
      row({ file: 'alice/b.js', learner: 'alice', tests: 'ppff', mistakes: [mistake('zero-id')] }),
      row({ file: 'bob/a.js', learner: 'bob', tests: 'pfff' }),
      row({ file: 'carol/a.js', learner: 'carol', tests: '' }),
      row({ file: 'carol/notes.txt', learner: 'carol', tests: '', graded: false }),
    ];
    const summary = summarizeExercise('route', rows);
    expect(summary.counts).toEqual({ total: 5, pass: 1, fail: 2, error: 2 });
    expect(summary).toMatchObject({ notGraded: 1, learners: 3, unscored: 2, medianScore: 50, unexplained: 1 });
    expect(summary.distribution.find((b) => b.label === '100%')?.count).toBe(1);
    expect(summary.distribution.reduce((n, b) => n + b.count, 0)).toBe(3);
  });

  it('summarizes an empty class without dividing by zero', () => {
    const summary = summarizeExercise('route', []);
    expect(summary).toMatchObject({ counts: { total: 0, pass: 0, fail: 0, error: 0 }, learners: 0, unscored: 0, medianScore: undefined, tests: [], mistakes: [], unexplained: 0 });
  });

  it('takes the mean of the two middle scores of an even class', () => {
    expect(summarizeExercise('route', [row({ file: 'a.js', tests: 'pf' }), row({ file: 'b.js', tests: 'pp' })]).medianScore).toBe(75);
  });
});

describe('summarizeClass', () => {
  it('keeps every exercise the inputs named, also one with no submissions, with the class totals', () => {
    const rows = [row({ exercise: 'route', file: 'a.js', learner: 'a', tests: 'pp' }), row({ exercise: 'batches', file: 'a.js', learner: 'a', tests: 'pf' })];
    const summary = summarizeClass({ rows, exercises: ['batches', 'empty', 'route'], duplicates: [], inputs: ['x.json'], repeated: [], skipped: [] });
    expect(summary.exercises.map((e) => [e.exercise, e.counts.total])).toEqual([
      ['batches', 1],
      ['empty', 0],
      ['route', 1],
    ]);
    expect(summary.totals).toEqual({ total: 2, pass: 1, fail: 1, error: 0 });
    expect(summary.learners).toBe(1);
  });
});

describe('the counts of a class', () => {
  const timeout = (r: ReturnType<typeof row>, at: number): ReturnType<typeof row> => ({
    ...r,
    result: { ...r.result, tests: r.result.tests.map((t, i) => (i >= at ? { ...t, status: 'error' as const, cause: i === at ? ('timeout' as const) : ('run-timeout' as const) } : t)) },
  });

  it('count a run a limit stopped as an error, as its diagnosis and the run errors table do', () => {
    const looping = timeout(row({ file: 'loop.js', tests: 'ppff' }), 2);
    const summary = summarizeExercise('route', [row({ file: 'a.js', tests: 'pp' }), row({ file: 'b.js', tests: 'pf' }), looping]);
    expect(summary.counts).toEqual({ total: 3, pass: 1, fail: 1, error: 1 });
    // Labelled by the first check the loop stopped, not by a later one the run's time ran out on.
    expect(summary.causes).toEqual([{ cause: 'timeout', submissions: 1 }]);
  });
});

describe('the known mistakes of a class', () => {
  it('count as exact the submissions whose fingerprint matches, when the grader named the mistake by answers', () => {
    const named = (r: ReturnType<typeof row>): ReturnType<typeof row> => ({ ...r, result: { ...r.result, mistakes: [{ mutant: 'zero-id', sentence: 'You zero-id.', checks: ['t2'] }] } });
    const rows = [named(row({ file: 'a.js', tests: 'pf', mistakes: [mistake('zero-id')] })), named(row({ file: 'b.js', tests: 'pf', mistakes: [mistake('zero-id', false)] }))];
    expect(mistakeCounts(rows)).toEqual([{ mutant: 'zero-id', sentence: 'You zero-id.', submissions: 2, exact: 1 }]);
  });
});
