import { describe, expect, it } from 'vitest';
import { emptyProgress, type Progress } from './progress.ts';
import { loadProgress, saveProgress, STORAGE_KEY, type StorageLike } from './progress-storage.ts';

function memoryStorage(initial?: string): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(STORAGE_KEY, initial);
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const sample: Progress = {
  exercises: { route: { code: 'x', passed: true, hintsSeen: 1, solutionRevealed: false } },
  predictions: { 'the-router/predict-1': { answer: '2', correct: true } },
  questions: { 'the-router/q': { chosen: [0], correct: true } },
};

describe('progress storage', () => {
  it('round-trips progress', () => {
    const storage = memoryStorage();
    expect(saveProgress(storage, sample)).toBe(true);
    expect(loadProgress(storage)).toEqual({ progress: sample });
  });

  it('starts empty with no saved data and no problem', () => {
    expect(loadProgress(memoryStorage())).toEqual({ progress: emptyProgress });
  });

  it.each([
    ['not JSON', '{oops', 'corrupt'],
    ['JSON null', 'null', 'corrupt'],
    ['a wrong field type', JSON.stringify({ version: 1, exercises: { route: { passed: 'yes' } }, predictions: {}, questions: {} }), 'corrupt'],
    ['a missing section', JSON.stringify({ version: 1, exercises: {} }), 'corrupt'],
    ['an older version', JSON.stringify({ version: 0, code: {} }), 'old-version'],
    ['a newer version', JSON.stringify({ version: 2 }), 'newer-version'],
  ])('reports %s as %s without throwing', (_, raw, problem) => {
    expect(loadProgress(memoryStorage(raw))).toEqual({ progress: emptyProgress, problem });
  });

  it('reports storage that throws as unavailable', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(loadProgress(throwing).problem).toBe('unavailable');
    expect(saveProgress(throwing, sample)).toBe(false);
    expect(loadProgress(undefined).problem).toBe('unavailable');
  });
});
