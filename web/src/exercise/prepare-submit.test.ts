import { describe, expect, it, vi } from 'vitest';
import type { CourseRunner, RunResult } from '../../../runner/core/index.ts';
import type { PageCodeExercise } from '../course/page-exercise.ts';
import { prepareSubmit, preparedSubmit } from './prepare-submit.ts';

const passed: RunResult = { version: 3, status: 'pass', tests: [] };

function exercise(id: string, solution?: string): PageCodeExercise {
  return { id, ...(solution === undefined ? {} : { solution }) } as PageCodeExercise;
}

function fakeRunner(grade: CourseRunner['grade']): () => Promise<CourseRunner> {
  return () => Promise.resolve({ grade } as CourseRunner);
}

describe('prepareSubmit', () => {
  it('grades the reference solution once per exercise, with the mutants fetched beside it', async () => {
    const grade = vi.fn(async () => passed);
    const suspects = vi.fn(async () => null);
    prepareSubmit(exercise('once', 'export function route() {}'), fakeRunner(grade), suspects);
    prepareSubmit(exercise('once', 'export function route() {}'), fakeRunner(grade), suspects);
    await preparedSubmit('once');
    expect(grade).toHaveBeenCalledTimes(1);
    expect(grade).toHaveBeenCalledWith(expect.objectContaining({ source: 'export function route() {}', mode: 'submit' }));
    expect(suspects).toHaveBeenCalledWith('once');
  });

  it('makes a Submit wait for the preparation in flight', async () => {
    let finish: () => void = () => {};
    const grade = vi.fn(() => new Promise<RunResult>((resolve) => (finish = () => resolve(passed))));
    prepareSubmit(exercise('waits', 'x'), fakeRunner(grade), async () => null);
    let ready = false;
    const waiting = preparedSubmit('waits').then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    finish();
    await waiting;
    expect(ready).toBe(true);
  });

  it('grades nothing in an assessed build (no reference), and a failed preparation leaves the Submit to run', async () => {
    const grade = vi.fn(async () => passed);
    prepareSubmit(exercise('assessed'), fakeRunner(grade), async () => null);
    await preparedSubmit('assessed');
    expect(grade).not.toHaveBeenCalled();
    prepareSubmit(exercise('broken', 'x'), () => Promise.reject(new Error('chunk failed')), async () => null);
    await expect(preparedSubmit('broken')).resolves.toBeUndefined();
  });

  it('lets a Submit go at once where nothing was prepared', async () => {
    await expect(preparedSubmit('never-edited')).resolves.toBeUndefined();
  });
});
