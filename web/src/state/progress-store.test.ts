import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressStore } from './progress-store.ts';
import { STORAGE_KEY, type StorageLike } from './progress-storage.ts';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(STORAGE_KEY, initial);
  const storage: StorageLike = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  return { data, storage };
}

describe('progress store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves typed code after the debounce delay, once', () => {
    const { data, storage } = memoryStorage();
    const store = createProgressStore({ storage, debounceMs: 300 });
    store.dispatch({ type: 'code-changed', exercise: 'route', code: 'a' });
    store.dispatch({ type: 'code-changed', exercise: 'route', code: 'ab' });
    expect(data.has(STORAGE_KEY)).toBe(false);
    vi.advanceTimersByTime(300);
    expect(JSON.parse(data.get(STORAGE_KEY)!).exercises.route.code).toBe('ab');
  });

  it('flush writes pending code at once (page hidden or closed)', () => {
    const { data, storage } = memoryStorage();
    const store = createProgressStore({ storage });
    store.dispatch({ type: 'code-changed', exercise: 'route', code: 'a' });
    store.flush();
    expect(JSON.parse(data.get(STORAGE_KEY)!).exercises.route.code).toBe('a');
  });

  it('saves other events at once and notifies subscribers', () => {
    const { data, storage } = memoryStorage();
    const store = createProgressStore({ storage });
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'solution-revealed', exercise: 'route' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(data.get(STORAGE_KEY)!).exercises.route.solutionRevealed).toBe(true);
  });

  it('never overwrites unreadable data until the learner resets it', () => {
    const { data, storage } = memoryStorage('{broken');
    const store = createProgressStore({ storage });
    expect(store.get().problem).toBe('corrupt');
    store.dispatch({ type: 'solution-revealed', exercise: 'route' });
    store.flush();
    expect(data.get(STORAGE_KEY)).toBe('{broken');
    store.resetSaved();
    expect(store.get().problem).toBeUndefined();
    // The work done meanwhile is kept and now saved.
    expect(JSON.parse(data.get(STORAGE_KEY)!).exercises.route.solutionRevealed).toBe(true);
  });
});
