import { describe, expect, it } from 'vitest';
import type { RunResult, TestResult } from '../../../runner/core/index.ts';
import { announce, currentMarkers, idleRun, markersOf, reduceRun, summarize, type RunEvent, type RunState } from './exercise-run.ts';

const test = (name: string, status: TestResult['status'], extra: Partial<TestResult> = {}): TestResult => ({
  name,
  status,
  test_code: '',
  hidden: false,
  duration: 1,
  ...extra,
});
const result = (tests: TestResult[], extra: Partial<RunResult> = {}): RunResult => ({
  version: 3,
  status: tests.every((t) => t.status === 'pass') ? 'pass' : 'fail',
  tests,
  ...extra,
});

const play = (events: RunEvent[]) => events.reduce<RunState>(reduceRun, idleRun);

describe('reduceRun', () => {
  it('goes from running to done', () => {
    const r = result([test('a', 'pass')]);
    expect(play([{ type: 'started', mode: 'run', runId: 1, source: 's1' }, { type: 'finished', runId: 1, result: r }])).toEqual({
      phase: 'done',
      mode: 'run',
      runId: 1,
      source: 's1',
      result: r,
    });
  });

  it('ignores the reply of a run that a newer run superseded', () => {
    const old = result([test('a', 'fail')]);
    const state = play([
      { type: 'started', mode: 'run', runId: 1, source: 's1' },
      { type: 'started', mode: 'submit', runId: 2, source: 's2' },
      { type: 'finished', runId: 1, result: old },
      { type: 'failed', runId: 1, message: 'cancelled' },
    ]);
    expect(state).toEqual({ phase: 'running', mode: 'submit', runId: 2, source: 's2' });
  });

  it('records a failure to run', () => {
    expect(play([{ type: 'started', mode: 'run', runId: 1, source: 's1' }, { type: 'failed', runId: 1, message: 'No runner.' }])).toMatchObject({
      phase: 'failed',
      message: 'No runner.',
    });
  });
});

describe('summarize', () => {
  it.each([
    [[test('a', 'pass'), test('b', 'fail'), test('c', 'error')], 'submit', '1 of 3 checks passed.'],
    [[test('a', 'pass'), test('b', 'pass')], 'submit', 'All 2 checks passed. Well done!'],
    [[test('a', 'pass')], 'run', 'The example passed. Submit to run every check.'],
    [[test('a', 'pass'), test('b', 'pass')], 'run', 'All 2 examples passed. Submit to run every check.'],
    [[test('a', 'fail')], 'run', '0 of 1 example passed.'],
  ] as const)('%#', (tests, mode, sentence) => {
    expect(summarize(result([...tests]), mode)).toBe(sentence);
  });

  it('gives a headline by cause when the code could not load (the message itself shows once, below)', () => {
    expect(summarize(result([], { status: 'error', cause: 'syntax', message: 'Syntax error on line 3, column 2 of main.js: Unexpected token.' }), 'run')).toBe(
      'Your code has a syntax error, so no check ran.',
    );
    expect(summarize(result([], { status: 'error', cause: 'missing-function', message: 'The tests need a function named `route`.' }), 'submit')).toMatch(/missing a function/);
    expect(summarize(result([], { status: 'error', message: 'odd' }), 'submit')).toBe('Your code could not run.');
  });

  it('announces nothing when idle and a progress sentence while running', () => {
    expect(announce(idleRun)).toBe('');
    expect(announce({ phase: 'running', mode: 'submit', runId: 1, source: '' })).toMatch(/all checks/);
  });
});

describe('markersOf', () => {
  it('marks the run error and each test error once per line and message', () => {
    const r = result(
      [
        test('a', 'error', { message: 'x is not defined', place: { line: 4, column: 3 } }),
        test('b', 'error', { message: 'x is not defined', place: { line: 4, column: 3 } }),
        test('c', 'fail'),
      ],
      { place: { line: 1, column: 1 }, message: 'load failed' },
    );
    expect(markersOf(r)).toEqual([
      { line: 1, column: 1, message: 'load failed' },
      { line: 4, column: 3, message: 'x is not defined' },
    ]);
  });
});

describe('currentMarkers', () => {
  const r = result([test('a', 'error', { message: 'boom', place: { line: 2, column: 1 } })]);
  const done: RunState = { phase: 'done', mode: 'run', runId: 1, source: 'code', result: r };
  it('shows markers while the code is the code that ran', () => {
    expect(currentMarkers(done, 'code')).toHaveLength(1);
  });
  it('drops them once the learner edits', () => {
    expect(currentMarkers(done, 'code!')).toEqual([]);
  });
});
