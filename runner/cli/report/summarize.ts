/**
 * The class report's figures, per exercise: counts by status, the distribution of scores (the
 * share of tests passed), how often each test failed, and the known mistakes ranked by how many
 * submissions look like them. Pure: every output (Markdown, HTML, CSV) renders from this.
 */
import { countStatuses, diagnosisOf, mistakesOf } from '../shared/diagnosis.ts';
import type { CauseCount, ClassResults, ClassRow, ClassSummary, ExerciseSummary, MistakeCount, ScoreBucket, TestFailures } from './types.ts';

/** A submission's score: tests passed of tests run; undefined when it never reached the tests. */
export function scoreOf(row: Pick<ClassRow, 'result'>): { passed: number; total: number; percent: number } | undefined {
  const { tests } = row.result;
  const total = tests.length;
  if (total === 0) return undefined;
  const passed = tests.filter((t) => t.status === 'pass').length;
  return { passed, total, percent: (100 * passed) / total };
}

/**
 * Ten buckets of ten percent, and 100% on its own: a class where most pass shows as one tall bar
 * apart from "nearly" (90-99%), which is the bar a teacher looks at.
 */
export function scoreBuckets(percents: readonly number[]): ScoreBucket[] {
  const buckets: ScoreBucket[] = Array.from({ length: 10 }, (_, i) => ({ label: `${i * 10}–${i * 10 + 9}%`, from: i * 10, to: i * 10 + 10, count: 0 }));
  buckets.push({ label: '100%', from: 100, to: 101, count: 0 });
  for (const percent of percents) {
    const index = percent >= 100 ? 10 : Math.min(9, Math.floor(percent / 10));
    (buckets[index] as ScoreBucket).count += 1;
  }
  return buckets;
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Each test's failures among the rows that ran it: highest rate first, then most failures, then the tests file's order. */
export function testFailures(rows: readonly ClassRow[]): TestFailures[] {
  const tests = new Map<string, TestFailures & { order: number }>();
  for (const row of rows) {
    for (const test of row.result.tests) {
      let entry = tests.get(test.name);
      if (!entry) {
        entry = { name: test.name, hidden: test.hidden ?? false, failed: 0, ran: 0, rate: 0, order: tests.size };
        tests.set(test.name, entry);
      }
      entry.ran += 1;
      if (test.status !== 'pass') entry.failed += 1;
    }
  }
  return [...tests.values()]
    .map((t) => ({ ...t, rate: t.ran ? t.failed / t.ran : 0 }))
    .sort((a, b) => b.rate - a.rate || b.failed - a.failed || a.order - b.order)
    .map(({ order: _, ...t }) => t);
}

/** The known mistakes the rows look like, shown by most submissions first, ties by mutant id. */
export function mistakeCounts(rows: readonly ClassRow[]): MistakeCount[] {
  const mistakes = new Map<string, MistakeCount>();
  for (const row of rows) {
    for (const m of mistakesOf(row)) {
      let entry = mistakes.get(m.mutant);
      if (!entry) {
        entry = { mutant: m.mutant, sentence: m.sentence, ...(m.hint === undefined ? {} : { hint: m.hint }), submissions: 0, exact: 0 };
        mistakes.set(m.mutant, entry);
      }
      entry.submissions += 1;
      if (m.exact) entry.exact += 1;
    }
  }
  return [...mistakes.values()].sort((a, b) => b.submissions - a.submissions || (a.mutant < b.mutant ? -1 : a.mutant > b.mutant ? 1 : 0));
}

/** The run errors among the rows by cause, most first, ties by cause. */
export function causeCounts(rows: readonly ClassRow[]): CauseCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const diagnosis = diagnosisOf(row);
    if (diagnosis.kind === 'error') counts.set(diagnosis.cause, (counts.get(diagnosis.cause) ?? 0) + 1);
  }
  return [...counts].map(([cause, submissions]) => ({ cause, submissions })).sort((a, b) => b.submissions - a.submissions || (a.cause < b.cause ? -1 : 1));
}

export function summarizeExercise(exercise: string, rows: readonly ClassRow[]): ExerciseSummary {
  const percents = rows.flatMap((row) => {
    const score = scoreOf(row);
    return score ? [score.percent] : [];
  });
  return {
    exercise,
    counts: countStatuses(rows),
    notGraded: rows.filter((r) => !r.graded).length,
    learners: new Set(rows.map((r) => r.learner)).size,
    unscored: rows.length - percents.length,
    medianScore: median(percents),
    distribution: scoreBuckets(percents),
    tests: testFailures(rows),
    mistakes: mistakeCounts(rows),
    causes: causeCounts(rows),
    unexplained: rows.filter((r) => diagnosisOf(r).kind === 'check').length,
  };
}

/** Every exercise the inputs named, in id order, with the whole class's counts. */
export function summarizeClass(results: ClassResults): ClassSummary {
  const byExercise = new Map<string, ClassRow[]>(results.exercises.map((id) => [id, []]));
  for (const row of results.rows) {
    const list = byExercise.get(row.exercise);
    if (list) list.push(row);
    else byExercise.set(row.exercise, [row]);
  }
  return {
    exercises: [...byExercise].map(([id, rows]) => summarizeExercise(id, rows)),
    totals: countStatuses(results.rows),
    learners: new Set(results.rows.map((r) => r.learner)).size,
    duplicates: results.duplicates,
    inputs: results.inputs,
    skipped: results.skipped,
  };
}
