/**
 * Reads what `course grade --format json` wrote (runner/cli/grade/format-json.ts): a class file
 * `{ exercise, gradedAt, submissions, skipped, summary }`, or one submission's RunResult with its
 * exercise, file and learner beside it (older one-file results name none: `--exercise` gives the
 * exercise, and the results file's name the learner). Several files merge (one per shard, one
 * per exercise, a regrade); a submission (same exercise and file) found in two files counts
 * once: the one graded later (`gradedAt`), and at equal or unknown times the one from the file
 * named later on the command line, so a regrade named after the class run replaces its rows.
 * A file that is not such output is misuse: the report would be wrong, so nothing is written.
 */
import { readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { z } from 'zod';
import type { Misconception, RunResult } from '../../core/index.ts';
import { UsageError } from '../shared/exit.ts';
import type { SkippedFile } from '../grade/types.ts';
import type { ClassResults, ClassRow, Duplicate } from './types.ts';

// Loose objects: the results carry more than the report reads (messages, checks, durations),
// and later versions of `course grade` may add fields.
const testSchema = z.looseObject({ name: z.string(), status: z.enum(['pass', 'fail', 'error']), hidden: z.boolean(), test_code: z.string(), duration: z.number() });
const mistakeSchema = z.looseObject({ mutant: z.string(), sentence: z.string(), hint: z.number().optional() });
const runResultSchema = z.looseObject({
  version: z.literal(3),
  status: z.enum(['pass', 'fail', 'error']),
  message: z.string().optional(),
  tests: z.array(testSchema),
  mistakes: z.array(mistakeSchema).optional(),
});
/** Who handed a submission in, and the signals beside it (absent in files of older versions). */
const identityFields = {
  typedName: z.string().optional(),
  nameMismatch: z.boolean().optional(),
  work: z.looseObject({ exportedAt: z.string(), solutionRevealed: z.boolean(), hintsSeen: z.number() }).optional(),
  committedAt: z.string().optional(),
};
const misconceptionSchema = z.looseObject({
  mutant: z.string(),
  sentence: z.string(),
  hint: z.number().optional(),
  score: z.number(),
  exact: z.boolean(),
});
const classSchema = z.looseObject({
  exercise: z.string().min(1),
  gradedAt: z.string().optional(),
  submissions: z.array(
    z.looseObject({
      file: z.string(),
      learner: z.string(),
      result: runResultSchema,
      misconceptions: z.array(misconceptionSchema),
      graded: z.boolean(),
      duration: z.number().optional(),
      ...identityFields,
    }),
  ),
  skipped: z.array(z.looseObject({ file: z.string(), learner: z.string(), reason: z.string() })).optional(),
});
const singleSchema = runResultSchema.extend({
  misconceptions: z.array(misconceptionSchema).optional(),
  exercise: z.string().min(1).optional(),
  file: z.string().optional(),
  learner: z.string().optional(),
  gradedAt: z.string().optional(),
  ...identityFields,
});

/** The identity fields of a parsed submission, as a row has them (absent ones left out). */
function identity(entry: { typedName?: string | undefined; nameMismatch?: boolean | undefined; work?: { exportedAt: string; solutionRevealed: boolean; hintsSeen: number } | undefined; committedAt?: string | undefined }): Partial<ClassRow> {
  return {
    ...(entry.typedName === undefined ? {} : { typedName: entry.typedName }),
    ...(entry.nameMismatch === undefined ? {} : { nameMismatch: entry.nameMismatch }),
    ...(entry.work === undefined ? {} : { work: { exportedAt: entry.work.exportedAt, solutionRevealed: entry.work.solutionRevealed, hintsSeen: entry.work.hintsSeen } }),
    ...(entry.committedAt === undefined ? {} : { committedAt: entry.committedAt }),
  };
}

const WHAT = 'what `course grade --format json` writes';

/** The first problem zod found, as `submissions[3].result.status: ...`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not match';
  const path = issue.path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');
  return `${path || 'the document'}: ${issue.message}`;
}

function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${path} does not exist; pass the files \`course grade --format json --out\` wrote.` : `${path} cannot be read (${code ?? (error as Error).message}).`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}); pass the files \`course grade --format json\` wrote.`);
  }
}

/** What one results file holds. */
export interface ResultsFile {
  exercise: string;
  rows: ClassRow[];
  skipped: SkippedFile[];
  /** When it was graded, when the file says. */
  gradedAt?: string;
}

/** The rows of one results file; `exercise` names the exercise of a one-submission file that names none. */
export function rowsOfFile(path: string, exercise: string | undefined): ResultsFile {
  const data = readJson(path);
  const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
  if (isObject && 'submissions' in data) {
    const parsed = classSchema.safeParse(data);
    if (!parsed.success) throw new UsageError(`${path} is not ${WHAT} (${firstIssue(parsed.error)}).`);
    const { exercise: id, submissions, gradedAt } = parsed.data;
    const rows = submissions.map((s): ClassRow => ({
      exercise: id,
      file: s.file,
      learner: s.learner,
      ...identity(s),
      result: s.result as RunResult,
      misconceptions: s.misconceptions as Misconception[],
      graded: s.graded,
      duration: s.duration ?? 0,
      input: path,
    }));
    const skipped = (parsed.data.skipped ?? []).map((f) => ({ file: f.file, learner: f.learner, reason: f.reason }));
    return { exercise: id, rows, skipped, ...(gradedAt === undefined ? {} : { gradedAt }) };
  }
  if (isObject && 'version' in data) {
    const parsed = singleSchema.safeParse(data);
    if (!parsed.success) throw new UsageError(`${path} is not ${WHAT} (${firstIssue(parsed.error)}).`);
    const { misconceptions, exercise: named, file, learner, gradedAt, typedName, nameMismatch, work, committedAt, ...result } = parsed.data;
    const id = named ?? exercise;
    if (id === undefined) {
      throw new UsageError(`${path} holds one submission's RunResult from an older \`course grade\`, which does not name its exercise: add --exercise <id> (or grade it again, which names it).`);
    }
    // A file of an older version has no file or learner of its own: the results file names both.
    const row: ClassRow = {
      exercise: id,
      file: file ?? path,
      learner: learner ?? basename(path, extname(path)),
      ...identity({ typedName, nameMismatch, work, committedAt }),
      result: result as RunResult,
      misconceptions: (misconceptions ?? []) as Misconception[],
      graded: true,
      duration: 0,
      input: path,
    };
    return { exercise: id, rows: [row], skipped: [], ...(gradedAt === undefined ? {} : { gradedAt }) };
  }
  throw new UsageError(`${path} is not ${WHAT}: expected an object with "exercise" and "submissions", or one RunResult ("version": 3).`);
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reads and merges every file. Rows come out sorted by exercise, then file (the order `course
 * grade` grades in, whatever the shards); of a submission (same exercise and file) found in
 * several files, the later grading is kept (see the module comment) and the others are listed
 * in `duplicates`. A path named twice is read once and listed in `repeated`.
 */
export function readResults(paths: readonly string[], options: { exercise?: string } = {}): ClassResults {
  if (paths.length === 0) throw new UsageError('Name at least one results file, e.g. `course report results/*.json`.');
  const exercises = new Set<string>();
  const seen = new Map<string, { row: ClassRow; gradedAt: string }>();
  const duplicates: Duplicate[] = [];
  // A file named twice (overlapping globs) is read once: its rows are not duplicates to report.
  const named = new Set<string>();
  const inputs: string[] = [];
  const repeated: string[] = [];
  const skipped: Array<SkippedFile & { exercise: string }> = [];
  for (const path of paths) {
    if (named.has(resolve(path))) {
      repeated.push(path);
      continue;
    }
    named.add(resolve(path));
    inputs.push(path);
    const read = rowsOfFile(path, options.exercise);
    exercises.add(read.exercise);
    skipped.push(...read.skipped.map((f) => ({ ...f, exercise: read.exercise })));
    // ISO 8601 times in UTC compare as text; a file without one counts as the oldest.
    const gradedAt = read.gradedAt ?? '';
    for (const row of read.rows) {
      const key = `${row.exercise}\u0000${row.file}`;
      const kept = seen.get(key);
      if (!kept) seen.set(key, { row, gradedAt });
      else if (gradedAt >= kept.gradedAt) {
        duplicates.push({ exercise: row.exercise, file: row.file, kept: path, dropped: kept.row.input });
        seen.set(key, { row, gradedAt });
      } else duplicates.push({ exercise: row.exercise, file: row.file, kept: kept.row.input, dropped: path });
    }
  }
  const rows = [...seen.values()].map((s) => s.row).sort((a, b) => byCodeUnit(a.exercise, b.exercise) || byCodeUnit(a.file, b.file));
  const uniqueSkipped = [...new Map(skipped.map((f) => [`${f.exercise}\u0000${f.file}`, f])).values()];
  return { rows, exercises: [...exercises].sort(byCodeUnit), duplicates, inputs, repeated, skipped: uniqueSkipped };
}
