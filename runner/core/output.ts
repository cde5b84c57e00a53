import type { ConsoleEntry } from './protocol.ts';
import { OUTPUT_CAP } from './result.ts';

/** Joins console entries into Exercism's `output`, cut to the cap with a visible marker. */
export function formatOutput(entries: readonly ConsoleEntry[], dropped: number, cap = OUTPUT_CAP): string | undefined {
  if (!entries.length && !dropped) return undefined;
  const text = entries.map((e) => (e.level === 'log' || e.level === 'info' ? e.text : `[${e.level}] ${e.text}`)).join('\n');
  if (text.length <= cap && !dropped) return text;
  const marker = '\n[output truncated]';
  return text.slice(0, Math.max(0, cap - marker.length)) + marker;
}
