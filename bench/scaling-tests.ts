/**
 * Scaling row 2, tests per exercise grow: one set of submissions graded against the exercise's
 * tests once, 4 and 16 times over (multiply-tests.ts). The cost per test should stay flat or
 * fall (each submission's fixed cost, its isolate and loading its code, is shared by more tests).
 */
import type { Exercise } from '../runner/content/types.ts';
import type { TestStatus } from '../runner/core/result.ts';
import type { Corpus } from './corpus.ts';
import { multiplyTests } from './multiply-tests.ts';
import { count, type BenchContext, type BenchRow } from './report.ts';
import { FLAT_TOLERANCE, type SectionPart } from './scaling-submissions.ts';
import { gradeTimed } from './timed-grading.ts';

export interface TestsGrowOptions {
  exercise: Exercise;
  corpus: Corpus;
  /** How many of the corpus's first files to grade at every factor. */
  submissions: number;
  /** Multiples of the tests file, the first being the baseline (1). */
  factors: readonly number[];
}

export async function testsGrow(ctx: BenchContext, options: TestsGrowOptions): Promise<SectionPart> {
  const { exercise, corpus, submissions, factors } = options;
  if (factors[0] !== 1) throw new Error(`testsGrow: the first factor must be 1 (the tests file as it is), got ${factors[0]}.`);
  const files = corpus.files.slice(0, submissions);
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  // Per submission, the statuses of its tests at the first factor: every copy must repeat them.
  let firstStatuses: TestStatus[][] | undefined;
  let base: { factor: number; usPerTest: number; msPer: number; tests: number } | undefined;
  for (const factor of factors) {
    const variant = multiplyTests(exercise, factor);
    ctx.log(`grading ${count(submissions)} submissions against ${variant.id}...`);
    const [run] = (await gradeTimed({ exercise: variant, files })).runs;
    if (!run) throw new Error('testsGrow: gradeTimed returned no run.');
    const statuses = run.graded.map((g) => g.result.tests.map((t) => t.status));
    const once = (firstStatuses ??= statuses);
    const wrong = run.graded.filter((g, n) => g.result.status !== corpus.expected(n));
    if (wrong.length) failures.push(`${variant.id}: ${wrong.length} verdicts differ from their base's, e.g. ${wrong[0]?.file} got ${wrong[0]?.result.status}`);
    const changed = statuses.filter((s, n) => {
      const first = once[n] ?? [];
      return first.length === 0 || s.length !== first.length * factor || s.some((status, t) => status !== first[t % first.length]);
    });
    if (changed.length) failures.push(`${variant.id}: ${changed.length} submissions' test statuses are not their 1x statuses repeated ${factor} times`);

    const tests = Math.max(...statuses.map((s) => s.length));
    const msPer = run.ms / submissions;
    const usPerTest = (msPer * 1000) / tests;
    const row: BenchRow = {
      measure: `${base ? '' : 'Tests per exercise grow: '}${factor}x tests (${tests} per submission), ${count(submissions)} submissions`,
      value: `${msPer.toFixed(2)} ms/submission, ${usPerTest.toFixed(0)} µs/test${run.cpuMs === undefined ? '' : `, CPU ${(run.cpuMs / submissions).toFixed(1)} ms/submission`}`,
      raw: { factor, tests, submissions, msPerSubmission: msPer, usPerTest, ...(run.cpuMs === undefined ? {} : { cpuMsPerSubmission: run.cpuMs / submissions }) },
    };
    if (base) {
      const ratio = usPerTest / base.usPerTest;
      Object.assign(row, {
        baseline: `${base.usPerTest.toFixed(0)} µs/test (${base.factor}x row)`,
        ratio: `${ratio.toFixed(2)}x`,
        goal: { text: `cost per test within ${FLAT_TOLERANCE}x of the ${base.factor}x row`, met: ratio <= FLAT_TOLERANCE },
      });
      if (row.raw) row.raw.ratio = ratio;
    }
    base ??= { factor, usPerTest, msPer, tests };
    rows.push(row);
  }
  const notes: string[] = [];
  const last = rows[rows.length - 1]?.raw;
  if (base && last && typeof last.tests === 'number' && typeof last.msPerSubmission === 'number' && last.tests > base.tests) {
    // Two points give the line cost = fixed + tests * per test: what a submission costs before
    // its first test, and what each test adds.
    const perTest = (last.msPerSubmission - base.msPer) / (last.tests - base.tests);
    const fixed = base.msPer - perTest * base.tests;
    notes.push(`Tests per exercise grow: as a line through the ${base.factor}x and last rows, a submission costs ${fixed.toFixed(2)} ms before its first test and ${(perTest * 1000).toFixed(0)} µs per test (wall, ${count(submissions)} submissions per factor). Each copy of the tests must give every submission the same test statuses as the ${base.factor}x file, and it does unless a failure says otherwise.`);
  }
  return { rows, notes, failures };
}
