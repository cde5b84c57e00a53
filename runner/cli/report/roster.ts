/**
 * The class roster (`course report --roster roster.csv`): who is in the class and how the
 * school's system knows them. A CSV file with a header row: `learner` (required, the learner's
 * folder name under submissions/<exercise>/) and any of `name`, `id` (the LMS's own user id),
 * `sis_user_id`, `sis_login_id` (a username or e-mail) and `section`, copied into the gradebook's
 * columns (gradebook.ts). Names match folders as people mean them (spaces and case aside).
 *
 * What it finds is for the teacher, never misuse: learners on the roster who handed in nothing
 * (missing), learners who handed in work but are not on it (unknown), names or ids on it twice
 * (duplicate), and rows that give the LMS nothing to match on (no id).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { UsageError } from '../shared/exit.ts';
import { sameName } from '../shared/names.ts';

export interface RosterEntry {
  learner: string;
  name: string;
  id: string;
  sisUserId: string;
  sisLoginId: string;
  section: string;
  /** 2 for the first data row (the header is line 1), for messages. */
  line: number;
}

export interface RosterCheck {
  /** On the roster, with no submission in any exercise. */
  missing: RosterEntry[];
  /** Learners with submissions who are not on the roster. */
  unknown: string[];
  /** Roster rows whose learner, or whose id, an earlier row already has. */
  duplicates: Array<{ entry: RosterEntry; of: RosterEntry; what: 'learner' | 'id' }>;
  /** Roster rows with no id, SIS user id or SIS login id: the LMS cannot match them. */
  withoutId: RosterEntry[];
}

const COLUMNS = { learner: 'learner', name: 'name', id: 'id', sis_user_id: 'sisUserId', sis_login_id: 'sisLoginId', section: 'section' } as const;

/** Reads the roster; a file that cannot be read, or has no `learner` column, is misuse. */
export function readRoster(path: string): RosterEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`The roster ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  let records: Record<string, string>[];
  try {
    records = parse(text, { bom: true, columns: (header: string[]) => header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_')), skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    throw new UsageError(`The roster ${path} is not a CSV file this command reads (${(error as Error).message}).`);
  }
  const first = records[0];
  if (first && !('learner' in first)) throw new UsageError(`The roster ${path} has no "learner" column: its header must name one (the learner's folder name), e.g. learner,name,sis_user_id,section.`);
  return records.map((record, i) => {
    const entry = { line: i + 2 } as RosterEntry;
    for (const [column, field] of Object.entries(COLUMNS)) entry[field] = record[column] ?? '';
    return entry;
  });
}

/** The roster beside the learners who handed in work. */
export function checkRoster(roster: readonly RosterEntry[], learners: readonly string[]): RosterCheck {
  const duplicates: RosterCheck['duplicates'] = [];
  const byName: RosterEntry[] = [];
  const byId = new Map<string, RosterEntry>();
  for (const entry of roster) {
    const same = byName.find((e) => sameName(e.learner, entry.learner));
    if (same) duplicates.push({ entry, of: same, what: 'learner' });
    else byName.push(entry);
    for (const id of [entry.id, entry.sisUserId, entry.sisLoginId].filter(Boolean)) {
      const other = byId.get(id);
      if (other && other !== entry) duplicates.push({ entry, of: other, what: 'id' });
      else byId.set(id, entry);
    }
  }
  return {
    missing: byName.filter((e) => !learners.some((l) => sameName(l, e.learner))),
    unknown: learners.filter((l) => !roster.some((e) => sameName(e.learner, l))),
    duplicates,
    withoutId: roster.filter((e) => !e.id && !e.sisUserId && !e.sisLoginId),
  };
}

/** The roster entry of `learner`, if any. */
export function rosterEntry(roster: readonly RosterEntry[], learner: string): RosterEntry | undefined {
  return roster.find((e) => sameName(e.learner, learner));
}

/** One line per problem, for stderr and the reports. */
export function rosterLines(check: RosterCheck): string[] {
  const list = (names: readonly string[]) => names.slice(0, 20).join(', ') + (names.length > 20 ? `, and ${names.length - 20} more` : '');
  const lines: string[] = [];
  if (check.missing.length) lines.push(`On the roster, with no submission: ${list(check.missing.map((e) => e.learner))}.`);
  if (check.unknown.length) lines.push(`Submissions from learners not on the roster (left out of the gradebook): ${list(check.unknown)}.`);
  for (const d of check.duplicates) lines.push(`Roster line ${d.entry.line} repeats the ${d.what === 'learner' ? `learner "${d.entry.learner}"` : 'id'} of line ${d.of.line}.`);
  if (check.withoutId.length) lines.push(`Roster rows with no id, SIS user id or SIS login id (the LMS cannot match them): ${list(check.withoutId.map((e) => e.learner))}.`);
  return lines;
}
