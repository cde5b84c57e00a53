/**
 * Learner preferences that outlive a lesson (kept in localStorage apart from progress, so a
 * progress reset keeps them): the editor's screen-reader mode.
 */
import { useSyncExternalStore } from 'react';

export interface Preferences {
  /** Monaco `accessibilitySupport`: 'on' optimises the editor for screen readers. */
  screenReader: 'auto' | 'on' | 'off';
}

const KEY = 'jsonrpc-course/preferences';
const defaults: Preferences = { screenReader: 'auto' };

function read(): Preferences {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    const screenReader = (data as { screenReader?: unknown } | null)?.screenReader;
    if (screenReader === 'on' || screenReader === 'off' || screenReader === 'auto') return { screenReader };
  } catch {
    // Unreadable preferences fall back to the defaults.
  }
  return defaults;
}

let current = read();
const listeners = new Set<() => void>();

/** Changes and saves preferences. */
export function setPreferences(change: Partial<Preferences>): void {
  current = { ...current, ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Kept for this page only.
  }
  listeners.forEach((l) => l());
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
