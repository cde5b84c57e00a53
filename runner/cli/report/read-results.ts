/**
 * Reads what `course grade --format json` wrote (runner/cli/grade/format-json.ts): a class file
 * `{ exercise, submissions, summary }`, or one submission's RunResult with its misconceptions.
 * Several files merge (one per shard, one per exercise); a submission found twice counts once.
 * A file that is not such output is misuse: the report would be wrong, so nothing is written.
 */
import { readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { z } from 'zod';
import type { Misconception, RunResult } from '../../core/index.ts';
import { UsageError } from '../shared/exit.ts';
import type { ClassResults, ClassRow, Duplicate } from './types.ts';

// Loose objects: the results carry more than the report reads (messages, checks, durations),
// and later versions of `course grade` may add fields.
const testSchema = z.looseObject({ name: z.string(), status: z.enum(['pass', 'fail', 'error']), hidden: z.boolean(), test_code: z.string(), duration: z.number() });
const runResultSchema = z.looseObject({
  version: z.literal(3),
  status: z.enum(['pass', 'fail', 'error']),
  message: z.string().optional(),
  tests: z.array(testSchema),
});
const misconceptionSchema = z.looseObject({
  mutant: z.string(),
  sentence: z.string(),
  hint: z.number().optional(),
  score: z.number(),
  exact: z.boolean(),
});
const classSchema = z.looseObject({
  exercise: z.string().min(1),
  submissions: z.array(
    z.looseObject({
      file: z.string(),
      learner: z.string(),
      result: runResultSchema,
      misconceptions: z.array(misconceptionSchema),
      graded: z.boolean(),
      duration: z.number().optional(),
    }),
  ),
});
const singleSchema = runResultSchema.extend({ misconceptions: z.array(misconceptionSchema).optional() });

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

/** The rows of one results file; `exercise` names the exercise of a one-submission file. */
export function rowsOfFile(path: string, exercise: string | undefined): { exercise: string; rows: ClassRow[] } {
  const data = readJson(path);
  const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
  if (isObject && 'submissions' in data) {
    const parsed = classSchema.safeParse(data);
    if (!parsed.success) throw new UsageError(`${path} is not ${WHAT} (${firstIssue(parsed.error)}).`);
    const { exercise: id, submissions } = parsed.data;
    const rows = submissions.map(({ file, learner, result, misconceptions, graded, duration }): ClassRow => ({
      exercise: id,
      file,
      learner,
      result: result as RunResult,
      misconceptions: misconceptions as Misconception[],
      graded,
      duration: duration ?? 0,
      input: path,
    }));
    return { exercise: id, rows };
  }
  if (isObject && 'version' in data) {
    const parsed = singleSchema.safeParse(data);
    if (!parsed.success) throw new UsageError(`${path} is not ${WHAT} (${firstIssue(parsed.error)}).`);
    if (exercise === undefined) {
      throw new UsageError(`${path} holds one submission's RunResult, which does not name its exercise: add --exercise <id> (or grade the class in one call, which names it).`);
    }
    const { misconceptions, ...result } = parsed.data;
    // One submission: it has no file or learner of its own, so the results file names both.
    const row: ClassRow = {
      exercise,
      file: path,
      learner: basename(path, extname(path)),
      result: result as RunResult,
      misconceptions: (misconceptions ?? []) as Misconception[],
      graded: true,
      duration: 0,
      input: path,
    };
    return { exercise, rows: [row] };
  }
  throw new UsageError(`${path} is not ${WHAT}: expected an object with "exercise" and "submissions", or one RunResult ("version": 3).`);
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reads and merges every file. Rows come out sorted by exercise, then file (the order `course
 * grade` grades in, whatever the shards); a submission (same exercise and file) already read from
 * an earlier file is dropped and listed in `duplicates`. A path named twice is read once and
 * listed in `repeated`.
 */
export function readResults(paths: readonly string[], options: { exercise?: string } = {}): ClassResults {
  if (paths.length === 0) throw new UsageError('Name at least one results file, e.g. `course report results/*.json`.');
  const exercises = new Set<string>();
  const seen = new Map<string, ClassRow>();
  const duplicates: Duplicate[] = [];
  // A file named twice (overlapping globs) is read once: its rows are not duplicates to report.
  const named = new Set<string>();
  const inputs: string[] = [];
  const repeated: string[] = [];
  for (const path of paths) {
    if (named.has(resolve(path))) {
      repeated.push(path);
      continue;
    }
    named.add(resolve(path));
    inputs.push(path);
    const { exercise, rows } = rowsOfFile(path, options.exercise);
    exercises.add(exercise);
    for (const row of rows) {
      const key = `${row.exercise}\u0000${row.file}`;
      const kept = seen.get(key);
      if (kept) duplicates.push({ exercise: row.exercise, file: row.file, kept: kept.input, dropped: path });
      else seen.set(key, row);
    }
  }
  const rows = [...seen.values()].sort((a, b) => byCodeUnit(a.exercise, b.exercise) || byCodeUnit(a.file, b.file));
  return { rows, exercises: [...exercises].sort(byCodeUnit), duplicates, inputs, repeated };
}
