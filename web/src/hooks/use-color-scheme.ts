/** 'dark' or 'light', following the system setting live (prefers-color-scheme). */
import { useSyncExternalStore } from 'react';

const query = typeof window !== 'undefined' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

function subscribe(listener: () => void): () => void {
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

export type ColorScheme = 'dark' | 'light';

export function currentColorScheme(): ColorScheme {
  return query?.matches ? 'dark' : 'light';
}

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentColorScheme);
}
