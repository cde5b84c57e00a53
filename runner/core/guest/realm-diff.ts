/** Differences between two realm inventories, one line each, for tests and the realm list's tools. */
import type { RealmInventory } from './realm.ts';

/** Lines `+ <place> <key>` (only in `actual`) and `- <place> <key>` (only in `expected`), sorted. */
export function realmDifferences(expected: RealmInventory, actual: RealmInventory): string[] {
  const lines: string[] = [];
  for (const place of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const want = new Set(expected[place] ?? []);
    const have = new Set(actual[place] ?? []);
    for (const key of have) if (!want.has(key)) lines.push(`+ ${place} ${key}`);
    for (const key of want) if (!have.has(key)) lines.push(`- ${place} ${key}`);
  }
  return lines.sort();
}
