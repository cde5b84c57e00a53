/**
 * Which submission counts for a learner in an exercise, and which came too late.
 *
 * A submission's time is the later of its work file's `exportedAt` and its file's last commit
 * (both recorded by `course grade`): with `--cutoff`, a submission whose time is after the
 * cutoff is late. Both times can be set by a learner who wants to (a browser clock, a commit
 * date), so lateness is a flag for the teacher, not proof; a submission with neither time is not
 * late (nothing says it is) and is listed as of unknown time.
 *
 * A learner may hand in several files for one exercise (route.js and a work file): each keeps its
 * row, and the one that counts in the gradebook and the learner's feedback is the best on-time
 * one: a pass before a fail before an error, then the larger share of tests passed, then the
 * first in file order. Late submissions never count, so a learner with only late work has a
 * blank gradebook cell, and the teacher decides.
 */
import { scoreOf } from './summarize.ts';
import type { ClassRow } from './types.ts';

/** The latest time the row's signals give, in milliseconds, or undefined when they give none. */
export function submittedAt(row: Pick<ClassRow, 'work' | 'committedAt'>): number | undefined {
  const times = [row.work?.exportedAt, row.committedAt].map((t) => (t === undefined ? Number.NaN : Date.parse(t))).filter((t) => !Number.isNaN(t));
  return times.length ? Math.max(...times) : undefined;
}

const RANK = { pass: 0, fail: 1, error: 2 } as const;

/** Rows with `late` (when a cutoff is given) and `counted` set, in the order given. */
export function pickCounted(rows: readonly ClassRow[], options: { cutoff?: number } = {}): ClassRow[] {
  const marked = rows.map((row): ClassRow => {
    if (options.cutoff === undefined) return { ...row };
    const at = submittedAt(row);
    return { ...row, late: at !== undefined && at > options.cutoff };
  });
  const best = new Map<string, ClassRow>();
  for (const row of marked) {
    if (row.late || !row.graded) continue;
    const key = `${row.exercise}\u0000${row.learner}`;
    const kept = best.get(key);
    const better = !kept || RANK[row.result.status] < RANK[kept.result.status] || (RANK[row.result.status] === RANK[kept.result.status] && (scoreOf(row)?.percent ?? -1) > (scoreOf(kept)?.percent ?? -1));
    if (better) best.set(key, row);
  }
  // A learner whose only row is a file that is not a submission: that row stands for them.
  for (const row of marked) {
    const key = `${row.exercise}\u0000${row.learner}`;
    if (!row.late && !best.has(key)) best.set(key, row);
  }
  const counted = new Set(best.values());
  return marked.map((row) => Object.assign(row, { counted: counted.has(row) }));
}

/** `--cutoff <ISO date>` as milliseconds, or what is wrong with it. */
export function parseCutoff(text: string): number | undefined {
  // A date and time, with a zone or Z; a date alone is the end of that day in UTC.
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T23:59:59.999Z`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}
