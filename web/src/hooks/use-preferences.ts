/**
 * Learner preferences that outlive a lesson (kept in localStorage apart from progress, so a
 * progress reset keeps them): the editor's screen-reader mode, and the name the learner gives
 * their teacher in exported work.
 */
import { useSyncExternalStore } from 'react';

export interface Preferences {
  /** Monaco `accessibilitySupport`: 'on' optimises the editor for screen readers. */
  screenReader: 'auto' | 'on' | 'off';
  /** The name written into "Export my work" files (`learner`), for the teacher's class report; '' for none. */
  learnerName: string;
}

const KEY = 'jsonrpc-course/preferences';
const defaults: Preferences = { screenReader: 'auto', learnerName: '' };

function read(): Preferences {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { screenReader?: unknown; learnerName?: unknown } | null;
    const screenReader = data?.screenReader;
    const learnerName = typeof data?.learnerName === 'string' ? data.learnerName : defaults.learnerName;
    // Each preference on its own: an unreadable one falls back without losing the other.
    return { screenReader: screenReader === 'on' || screenReader === 'off' || screenReader === 'auto' ? screenReader : defaults.screenReader, learnerName };
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
