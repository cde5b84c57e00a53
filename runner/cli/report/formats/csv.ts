/**
 * The class report as CSV: one row per submission, written by csv-stringify (RFC 4180: quoted
 * where needed, CRLF between records), after a UTF-8 byte order mark, without which Excel reads
 * the file as the machine's legacy code page and garbles names such as Bø or Zoë. A learner's
 * name comes from their work file, so it is the learner's own text: cells that a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@` first) are escaped with a leading apostrophe.
 */
import { stringify } from 'csv-stringify/sync';
import { countedStatus, diagnosisLabel, diagnosisOf } from '../../shared/diagnosis.ts';
import { scoreOf } from '../summarize.ts';
import type { ClassRow } from '../types.ts';

/** Put before every CSV this command writes (see the module comment). */
export const BOM = '\uFEFF';

/**
 * The columns, in order. `status` is pass, fail or error as the report counts it (a run a limit
 * stopped is an error). `passed` and `total` are the score as two numbers (a cell "12/15" is
 * read as a date by spreadsheets), empty for a submission that never reached the tests; `score`
 * is the same as a percentage with one decimal, 0 for such a submission, as in the gradebook.
 * `cause` is what stopped a run that ended in an error (then `misconceptions` is empty);
 * `feedback` the sentence the learner reads: the cause's, the closest known mistake's, or the
 * first failed check's. The rest are signals for the teacher: the name typed into a work file
 * and whether it differs from the learner's folder, the work file's export time and what the
 * learner revealed, the file's last commit time, whether it came after `--cutoff`, and whether
 * this row is the one the gradebook counts for the learner.
 */
export const CSV_COLUMNS = [
  'learner',
  'exercise',
  'status',
  'cause',
  'passed',
  'total',
  'score',
  'misconceptions',
  'feedback',
  'file',
  'typed_name',
  'name_mismatch',
  'exported_at',
  'committed_at',
  'solution_revealed',
  'hints_seen',
  'late',
  'counted',
] as const;

const yesNo = (value: boolean | undefined) => (value === undefined ? '' : value ? 'yes' : 'no');

/** One row. */
export function csvRecord(row: ClassRow): Record<(typeof CSV_COLUMNS)[number], string | number> {
  const score = scoreOf(row);
  const diagnosis = diagnosisOf(row);
  return {
    learner: row.learner,
    exercise: row.exercise,
    status: countedStatus(row),
    cause: diagnosis.kind === 'error' ? diagnosis.cause : '',
    passed: score?.passed ?? '',
    total: score?.total ?? '',
    // As the gradebook counts it: a submission that never reached the tests scores 0.
    score: score ? Math.round(score.percent * 10) / 10 : row.graded === false ? '' : 0,
    // Mutant ids, for the teacher; the learner's sentence, for feedback.
    misconceptions: diagnosis.kind === 'mistakes' ? diagnosisLabel(diagnosis) : '',
    feedback: diagnosis.sentence,
    file: row.file,
    typed_name: row.typedName ?? '',
    name_mismatch: row.typedName === undefined ? '' : yesNo(row.nameMismatch ?? false),
    exported_at: row.work?.exportedAt ?? '',
    committed_at: row.committedAt ?? '',
    solution_revealed: yesNo(row.work?.solutionRevealed),
    hints_seen: row.work?.hintsSeen ?? '',
    late: yesNo(row.late),
    counted: yesNo(row.counted),
  };
}

/** Records as CSV text with the BOM: the one writer every CSV of the report goes through. */
export function csvText(records: readonly Record<string, string | number>[], columns: readonly string[]): string {
  return BOM + stringify([...records], { header: true, columns: [...columns], record_delimiter: 'windows', escape_formulas: true });
}

export function csvReport(rows: readonly ClassRow[]): string {
  return csvText(rows.map(csvRecord), CSV_COLUMNS);
}
