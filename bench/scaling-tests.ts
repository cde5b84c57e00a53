/**
 * Scaling row 2, tests per exercise grow: one set of submissions graded against the exercise's
 * tests once, 4 and 16 times over (multiply-tests.ts). The cost per test should stay flat or
 * fall (each submission's fixed cost, its isolate and loading its code, is shared by more tests).
 */
import type { CodeExercise } from '../runner/content/types.ts';
import type { TestStatus } from '../runner/core/result.ts';
import type { Corpus } from './corpus.ts';
import { multiplyTests } from './multiply-tests.ts';
import { count, type BenchContext, type BenchRow } from './report.ts';
import { FLAT_TOLERANCE, wrongVerdicts, type SectionPart } from './scaling-submissions.ts';
import { openGrader } from '../runner/node/open-grader.ts';
import { timeGrading, type TimedRun } from './timed-grading.ts';

export interface TestsGrowOptions {
  exercise: CodeExercise;
  corpus: Corpus;
  /** How many of the corpus's first files to grade at every factor. */
  submissions: number;
  /** Multiples of the tests file, the first being the baseline (1). */
  factors: readonly number[];
  /** Submissions graded with the exercise as it is before any timing (the judge's code warms up). */
  warmUp: number;
}

export async function testsGrow(ctx: BenchContext, options: TestsGrowOptions): Promise<SectionPart> {
  const { exercise, corpus, submissions, factors, warmUp } = options;
  if (factors[0] !== 1) throw new Error(`testsGrow: the first factor must be 1 (the tests file as it is), got ${factors[0]}.`);
  const files = corpus.files.slice(0, submissions);
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  // Per submission, the statuses of its tests at the first factor: every copy must repeat them.
  let firstStatuses: TestStatus[][] | undefined;
  let base: { factor: number; usPerTest: number; msPer: number; tests: number; cpuUsPerTest: number | undefined } | undefined;
  const service = openGrader({ workload: submissions });
  const timed: TimedRun[] = [];
  try {
    ctx.log(`warming up the grading processes with ${count(warmUp)} submissions...`);
    await timeGrading(service, exercise, corpus.files.slice(-warmUp));
    for (const factor of factors) {
      const variant = multiplyTests(exercise, factor);
      ctx.log(`grading ${count(submissions)} submissions against ${variant.id}...`);
      // One submission per run in flight first: each grading process receives the variant and
      // compiles its tests file before the clock starts, as in the first second of `course grade`.
      await timeGrading(service, variant, corpus.files.slice(-service.concurrency));
      timed.push(await timeGrading(service, variant, files));
    }
  } finally {
    await service.close();
  }
  for (const [k, factor] of factors.entries()) {
    const variant = multiplyTests(exercise, factor);
    const run = timed[k] as TimedRun;
    const statuses = run.graded.map((g) => g.result.tests.map((t) => t.status));
    const once = (firstStatuses ??= statuses);
    const wrong = wrongVerdicts(run, corpus);
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
      value: `${msPer.toFixed(2)} ms/submission, ${usPerTest.toFixed(0)} µs/test${run.cpuMs === undefined ? '' : `; CPU ${(run.cpuMs / submissions).toFixed(1)} ms/submission, ${((run.cpuMs * 1000) / submissions / tests).toFixed(0)} µs/test`}`,
      raw: { factor, tests, submissions, msPerSubmission: msPer, usPerTest, ...(run.cpuMs === undefined ? {} : { cpuMsPerSubmission: run.cpuMs / submissions }) },
    };
    const cpuUsPerTest = run.cpuMs === undefined ? undefined : (run.cpuMs * 1000) / submissions / tests;
    if (base) {
      const ratio = usPerTest / base.usPerTest;
      const cpuRatio = cpuUsPerTest !== undefined && base.cpuUsPerTest !== undefined ? cpuUsPerTest / base.cpuUsPerTest : undefined;
      // Judged on CPU where it can be read, as in scaling-submissions.ts: wall time follows the load.
      const judged = cpuRatio ?? ratio;
      Object.assign(row, {
        baseline: `${base.usPerTest.toFixed(0)} µs/test${base.cpuUsPerTest === undefined ? '' : `, CPU ${base.cpuUsPerTest.toFixed(0)} µs`} (${base.factor}x row)`,
        ratio: `${ratio.toFixed(2)}x wall${cpuRatio === undefined ? '' : `, ${cpuRatio.toFixed(2)}x CPU`}`,
        goal: { text: `${cpuRatio === undefined ? 'wall time' : 'CPU'} per test within ${FLAT_TOLERANCE}x of the ${base.factor}x row`, met: judged <= FLAT_TOLERANCE },
      });
      if (row.raw) Object.assign(row.raw, { ratio, ...(cpuRatio === undefined ? {} : { cpuRatio }) });
    }
    base ??= { factor, usPerTest, msPer, tests, cpuUsPerTest };
    rows.push(row);
  }
  const notes: string[] = [];
  const first = rows[0]?.raw;
  const last = rows[rows.length - 1]?.raw;
  // Two points give the line cost = fixed + tests * per test: what a submission costs before its
  // first test (its isolate, loading its code) and what each test adds.
  const line = (key: string): string | undefined => {
    const [t0, t1, c0, c1] = [first?.tests, last?.tests, first?.[key], last?.[key]];
    if (typeof t0 !== 'number' || typeof t1 !== 'number' || typeof c0 !== 'number' || typeof c1 !== 'number' || t1 <= t0) return undefined;
    const perTest = (c1 - c0) / (t1 - t0);
    return `${(c0 - perTest * t0).toFixed(2)} ms before its first test and ${(perTest * 1000).toFixed(0)} µs per test`;
  };
  const wall = line('msPerSubmission');
  const cpu = line('cpuMsPerSubmission');
  if (wall) notes.push(`Tests per exercise grow: as a line through the first and last rows, a submission costs ${wall} of wall time${cpu ? `, ${cpu} of CPU` : ''}. Every copy of the tests gives each submission the same test statuses as the tests file itself (checked, test by test).`);
  return { rows, notes, failures };
}
