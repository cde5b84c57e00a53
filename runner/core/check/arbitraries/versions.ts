/**
 * MCP protocol versions, as a client may send them in `initialize` or `_meta`: the revisions a
 * server knows, dates near them (a day off, a month off, the draft), texts that only look like
 * them, and values that are not text at all. A server that picks "the nearest" version, compares
 * dates as numbers or trims the text answers some of these wrongly.
 */
import fc, { type Arbitrary } from 'fast-check';

/** The revisions of MCP so far, oldest first. */
export const MCP_REVISIONS: readonly string[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Versions close to `listed` that are none of them. */
export function nearVersions(listed: readonly string[]): string[] {
  const out = new Set<string>();
  for (const v of listed) {
    out.add(shiftDay(v, 1));
    out.add(shiftDay(v, -1));
    out.add(shiftDay(v, 31));
    out.add(` ${v}`);
    out.add(`${v} `);
    out.add(v.replaceAll('-', '/'));
    out.add(v.replaceAll('-', ''));
    out.add(v.replace(/-0(\d)/g, '-$1'));
    out.add(`${v}T00:00:00Z`);
  }
  for (const r of MCP_REVISIONS) out.add(r);
  for (const v of listed) out.delete(v);
  return [...out, 'draft', 'latest', 'DRAFT', '2099-01-01', '1999-12-31', '', '1.0', '2.0'].filter((v) => !listed.includes(v));
}

/** A version a client may send: one of `listed` (about half the time), a near miss, or not a string. */
export function protocolVersions(listed: readonly string[]): Arbitrary<unknown> {
  if (listed.length === 0) throw new Error('protocolVersions(listed): give the versions the server supports, e.g. ["2025-06-18", "2025-11-25"].');
  return fc.oneof(
    { arbitrary: fc.constantFrom(...listed), weight: 4 },
    { arbitrary: fc.constantFrom(...nearVersions(listed)), weight: 3 },
    { arbitrary: fc.constantFrom(20251125, null, true, ['2025-11-25'], { version: '2025-11-25' }), weight: 1 },
  );
}
