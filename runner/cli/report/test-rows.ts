/** Test helpers: class rows and `course grade --format json` documents from a few letters. */
import type { Misconception, RunResult, TestStatus } from '../../core/index.ts';
import type { ClassRow } from './types.ts';

const STATUS: Record<string, TestStatus> = { p: 'pass', f: 'fail', e: 'error' };

/** A RunResult whose tests `t1`, `t2`... have the statuses of `tests` ('p', 'f', 'e'); no tests is a run error. */
export function result(tests: string, message = 'SyntaxError: Unexpected token (1:5). Fix the line and run again.'): RunResult {
  const list = [...tests].map((c, i) => ({ name: `t${i + 1}`, status: STATUS[c] as TestStatus, test_code: '', hidden: i > 0, duration: 1 }));
  const status = list.length === 0 ? 'error' : list.every((t) => t.status === 'pass') ? 'pass' : 'fail';
  return { version: 3, status, ...(status === 'error' ? { message } : {}), tests: list };
}

export const mistake = (mutant: string, exact = true): Misconception => ({ mutant, sentence: `You ${mutant}.`, score: exact ? 1 : 0.5, exact });

export function row(options: { exercise?: string; file: string; learner?: string; tests: string; mistakes?: Misconception[]; graded?: boolean }): ClassRow {
  return {
    exercise: options.exercise ?? 'route',
    file: options.file,
    learner: options.learner ?? options.file.replace(/\.\w+$/, ''),
    result: result(options.tests),
    misconceptions: options.mistakes ?? [],
    graded: options.graded ?? true,
    duration: 3,
    input: 'results.json',
  };
}

/** What `course grade --format json` writes for several submissions. */
export function classDocument(exercise: string, rows: readonly ClassRow[], gradedAt?: string): object {
  const submissions = rows.map(({ exercise: _, input: __, late: ___, counted: ____, ...submission }) => submission);
  const summary = { total: rows.length, pass: 0, fail: 0, error: 0 };
  for (const r of rows) summary[r.result.status] += 1;
  return { exercise, ...(gradedAt ? { gradedAt } : {}), submissions, skipped: [], summary };
}
