import { describe, expect, it } from 'vitest';
import { emptyProgress, exerciseProgress, predictionKey, predictionSettled, reduceProgress, type Progress, type ProgressEvent } from './progress.ts';

const run = (events: ProgressEvent[], start: Progress = emptyProgress) => events.reduce(reduceProgress, start);

describe('reduceProgress', () => {
  it('keeps each file of an exercise of several apart: typed, reset and the reset undone per file', () => {
    const typed = run([
      { type: 'code-changed', exercise: 'x', file: 'a.js', code: 'a1' },
      { type: 'code-changed', exercise: 'x', file: 'b.js', code: 'b1' },
    ]);
    expect(exerciseProgress(typed, 'x').files).toEqual({ 'a.js': 'a1', 'b.js': 'b1' });
    const reset = reduceProgress(typed, { type: 'code-reset', exercise: 'x', file: 'a.js' });
    expect(exerciseProgress(reset, 'x')).toMatchObject({ files: { 'b.js': 'b1' }, filesBeforeReset: { 'a.js': 'a1' } });
    const undone = reduceProgress(reset, { type: 'reset-undone', exercise: 'x', file: 'a.js' });
    expect(exerciseProgress(undone, 'x')).toMatchObject({ files: { 'a.js': 'a1', 'b.js': 'b1' }, filesBeforeReset: {} });
  });

  it('records typed code', () => {
    const p = run([{ type: 'code-changed', exercise: 'route', code: 'a' }, { type: 'code-changed', exercise: 'route', code: 'ab' }]);
    expect(exerciseProgress(p, 'route').code).toBe('ab');
  });

  it('resets to the starter and undoes the reset', () => {
    const typed = run([{ type: 'code-changed', exercise: 'route', code: 'mine' }]);
    const reset = reduceProgress(typed, { type: 'code-reset', exercise: 'route' });
    expect(exerciseProgress(reset, 'route')).toMatchObject({ codeBeforeReset: 'mine' });
    expect(exerciseProgress(reset, 'route').code).toBeUndefined();
    const undone = reduceProgress(reset, { type: 'reset-undone', exercise: 'route' });
    expect(exerciseProgress(undone, 'route').code).toBe('mine');
    expect(exerciseProgress(undone, 'route').codeBeforeReset).toBeUndefined();
  });

  it('keeps the undo point when the starter is reset again', () => {
    const p = run([
      { type: 'code-changed', exercise: 'route', code: 'mine' },
      { type: 'code-reset', exercise: 'route' },
      { type: 'code-reset', exercise: 'route' },
    ]);
    expect(exerciseProgress(p, 'route').codeBeforeReset).toBe('mine');
  });

  it('undo without a reset changes nothing', () => {
    const p = run([{ type: 'code-changed', exercise: 'route', code: 'mine' }, { type: 'reset-undone', exercise: 'route' }]);
    expect(exerciseProgress(p, 'route').code).toBe('mine');
  });

  it.each([
    [[false], false],
    [[true], true],
    [[true, false], true],
    [[false, true], true],
  ])('passed after submits %j is %s', (results, passed) => {
    const p = run(results.map((r) => ({ type: 'submitted', exercise: 'route', passed: r }) as const));
    expect(exerciseProgress(p, 'route').passed).toBe(passed);
  });

  it('counts hints seen without going back', () => {
    const p = run([
      { type: 'hint-revealed', exercise: 'route', hintsSeen: 2 },
      { type: 'hint-revealed', exercise: 'route', hintsSeen: 1 },
    ]);
    expect(exerciseProgress(p, 'route').hintsSeen).toBe(2);
  });

  it('records revealed solutions, predictions and answers', () => {
    const key = predictionKey('the-router', 0);
    const p = run([
      { type: 'solution-revealed', exercise: 'route' },
      { type: 'predicted', key, answer: '2', correct: true },
      { type: 'answered', key: 'the-router/q', chosen: [1], correct: false },
    ]);
    expect(exerciseProgress(p, 'route').solutionRevealed).toBe(true);
    expect(p.predictions[key]).toEqual({ answer: '2', correct: true, tries: 1 });
    expect(p.questions['the-router/q']).toEqual({ chosen: [1], correct: false });
  });

  it('imports a work file over local progress, keeping what was already earned', () => {
    const local = run([
      { type: 'code-changed', exercise: 'route', code: 'local' },
      { type: 'submitted', exercise: 'route', passed: true },
      { type: 'hint-revealed', exercise: 'route', hintsSeen: 3 },
    ]);
    const p = reduceProgress(local, {
      type: 'imported',
      work: {
        format: 'jsonrpc-course-work',
        version: 1,
        exportedAt: '2026-01-01T00:00:00.000Z',
        exercises: {
          route: { code: 'imported', language: 'js', passed: false, hintsSeen: 1, solutionRevealed: true },
          errors: { code: 'e', language: 'ts', passed: true, hintsSeen: 0, solutionRevealed: false },
        },
      },
    });
    expect(exerciseProgress(p, 'route')).toEqual({ code: 'imported', passed: true, hintsSeen: 3, solutionRevealed: true });
    expect(exerciseProgress(p, 'errors')).toEqual({ code: 'e', passed: true, hintsSeen: 0, solutionRevealed: false });
  });

  it('clears everything', () => {
    expect(run([{ type: 'code-changed', exercise: 'route', code: 'x' }, { type: 'cleared' }])).toEqual(emptyProgress);
  });

  it('never mutates the previous state', () => {
    const before = run([{ type: 'code-changed', exercise: 'route', code: 'x' }]);
    const copy = structuredClone(before);
    reduceProgress(before, { type: 'code-changed', exercise: 'route', code: 'y' });
    expect(before).toEqual(copy);
  });
});

describe('predictions', () => {
  const key = predictionKey('the-router', 0);
  const run = (...events: ProgressEvent[]) => events.reduce(reduceProgress, emptyProgress).predictions[key];

  it('keep the real output and the explanation back after one wrong try', () => {
    expect(predictionSettled(run({ type: 'predicted', key, answer: '1', correct: false }))).toBe(false);
  });

  it('show them once right, after a second wrong try, or on request', () => {
    expect(predictionSettled(run({ type: 'predicted', key, answer: '2', correct: true }))).toBe(true);
    const twice = run({ type: 'predicted', key, answer: '1', correct: false }, { type: 'predicted', key, answer: '3', correct: false });
    expect(twice).toEqual({ answer: '3', correct: false, tries: 2 });
    expect(predictionSettled(twice)).toBe(true);
    expect(predictionSettled(run({ type: 'predicted', key, answer: '1', correct: false }, { type: 'prediction-revealed', key }))).toBe(true);
  });

  it('count progress saved before tries were counted as one try', () => {
    expect(predictionSettled({ answer: '1', correct: false })).toBe(false);
    expect(run({ type: 'prediction-revealed', key })).toBeUndefined();
  });
});
