/**
 * The gradebook (`course report --gradebook grades-lms.csv`): one row per learner, one column
 * per exercise, for an LMS import. The columns before the exercises are the ones Canvas's
 * gradebook export starts with and its import matches students by (`Student`, `ID`,
 * `SIS User ID`, `SIS Login ID`, `Section`; any one id is enough), filled from the roster when
 * one is given. Moodle's CSV import takes any header: map `SIS User ID` (or `SIS Login ID`) to
 * the user's ID number (or username, e-mail) under "Identify user by", and each exercise
 * column to a grade item. An exercise column is named by the exercise id (Canvas makes an
 * assignment of that name on the first import) and holds the counted submission's score, the
 * percentage of tests passed (0 to 100, one decimal); blank when nothing counts (no submission,
 * only late work), which both systems leave as it is. With a roster, its learners in its order,
 * and learners not on it left out (the report lists them); without one, every learner by name.
 */
import { sameName } from '../../shared/names.ts';
import { rosterEntry, type RosterEntry } from '../roster.ts';
import { scoreOf } from '../summarize.ts';
import type { ClassRow } from '../types.ts';
import { csvText } from './csv.ts';

/** The identity columns, in Canvas's order. */
export const GRADEBOOK_ID_COLUMNS = ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section'] as const;

/** The counted score of `learner` in `exercise`, or '' when nothing counts. */
function cell(rows: readonly ClassRow[], exercise: string, learner: string): number | '' {
  const row = rows.find((r) => r.counted && r.exercise === exercise && sameName(r.learner, learner));
  const score = row ? scoreOf(row) : undefined;
  if (row && !score) return 0; // counted, but it never reached the tests: no test passed
  return score ? Math.round(score.percent * 10) / 10 : '';
}

export function gradebookReport(rows: readonly ClassRow[], exercises: readonly string[], roster?: readonly RosterEntry[]): string {
  const learners = roster
    ? roster.filter((e, i) => roster.findIndex((o) => sameName(o.learner, e.learner)) === i).map((e) => e.learner)
    : [...new Set(rows.map((r) => r.learner))].sort((a, b) => a.localeCompare(b, 'en'));
  const records = learners.map((learner) => {
    const entry = roster ? rosterEntry(roster, learner) : undefined;
    const record: Record<string, string | number> = {
      Student: entry?.name || learner,
      ID: entry?.id ?? '',
      'SIS User ID': entry?.sisUserId ?? '',
      'SIS Login ID': entry?.sisLoginId ?? '',
      Section: entry?.section ?? '',
    };
    for (const exercise of exercises) record[exercise] = cell(rows, exercise, learner);
    return record;
  });
  return csvText(records, [...GRADEBOOK_ID_COLUMNS, ...exercises]);
}
