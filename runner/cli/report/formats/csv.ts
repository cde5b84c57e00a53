/**
 * The class report as CSV for an LMS gradebook: one row per submission, written by csv-stringify
 * (RFC 4180: quoted where needed, CRLF between records). A learner's name comes from their work
 * file, so it is the learner's own text: cells that a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@` first) are escaped with a leading apostrophe.
 */
import { stringify } from 'csv-stringify/sync';
import { scoreOf } from '../summarize.ts';
import type { ClassRow } from '../types.ts';

/**
 * The columns, in order. `passed` and `total` are the score as two numbers (a cell "12/15" is
 * read as a date by spreadsheets); `score` is the same as a percentage with one decimal.
 */
export const CSV_COLUMNS = ['learner', 'exercise', 'status', 'passed', 'total', 'score', 'misconceptions', 'feedback', 'file'] as const;

/** One gradebook row; number cells stay empty for a submission that never reached the tests. */
export function csvRecord(row: ClassRow): Record<(typeof CSV_COLUMNS)[number], string | number> {
  const score = scoreOf(row);
  return {
    learner: row.learner,
    exercise: row.exercise,
    status: row.result.status,
    passed: score?.passed ?? '',
    total: score?.total ?? '',
    score: score ? Math.round(score.percent * 10) / 10 : '',
    // Mutant ids, for the teacher; the learner's sentence of the best match, for feedback.
    misconceptions: row.misconceptions.map((m) => m.mutant).join('; '),
    feedback: row.misconceptions[0]?.sentence ?? (row.result.status === 'error' ? (row.result.message ?? '') : ''),
    file: row.file,
  };
}

export function csvReport(rows: readonly ClassRow[]): string {
  return stringify(rows.map(csvRecord), { header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows', escape_formulas: true });
}
