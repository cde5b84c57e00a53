/**
 * Scaling row 1, submissions grow: the same exercise graded for 100, 1,000 and 10,000 distinct
 * submissions through the CLI's grading path in this process. The cost per submission should
 * not depend on how many there are: nothing is shared between grades but the grading processes.
 */
import type { Exercise } from '../runner/content/types.ts';
import type { Corpus } from './corpus.ts';
import { count, stats, type BenchContext, type BenchRow, type BenchSection } from './report.ts';
import { gradeTimed } from './timed-grading.ts';

export type SectionPart = Pick<BenchSection, 'rows' | 'notes' | 'failures'>;

/**
 * How much slower per submission a larger batch may be than the smallest and still count as
 * flat. The batches run one after another for minutes on a shared 2-core machine whose load
 * average moves between 2 and 20 (bench/README.md), which moves wall time by 10-20% from one
 * minute to the next; a cost that grows with the batch (a leak, a quadratic step) shows as 1.5x
 * and more at 100 times the size, well past this.
 */
export const FLAT_TOLERANCE = 1.25;

export interface SubmissionsGrowOptions {
  exercise: Exercise;
  /** Holds at least the largest size; each size grades its first files. */
  corpus: Corpus;
  sizes: readonly number[];
}

export async function submissionsGrow(ctx: BenchContext, options: SubmissionsGrowOptions): Promise<SectionPart> {
  const { exercise, corpus, sizes } = options;
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  // Small batches are graded several times (the median is reported) so each size grades about as
  // many submissions as the middle one: one 1-second batch is at the mercy of one busy second.
  const reference = sizes[Math.floor(sizes.length / 2)] as number;
  let baseMs: number | undefined;
  let concurrency = 0;
  for (const size of sizes) {
    const repeats = Math.max(1, Math.round(reference / size));
    ctx.log(`grading ${count(size)} submissions${repeats > 1 ? `, ${repeats} times` : ''}...`);
    const timed = await gradeTimed({ exercise, files: corpus.files.slice(0, size), repeats });
    concurrency = timed.concurrency;
    for (const run of timed.runs) {
      const wrong = run.graded.filter((g, n) => g.result.status !== corpus.expected(n));
      if (wrong.length) failures.push(`${count(size)} submissions: ${wrong.length} verdicts differ from their base's, e.g. ${wrong[0]?.file} got ${wrong[0]?.result.status} (${wrong[0]?.result.message ?? 'no message'})`);
    }
    const msPer = stats(timed.runs.map((r) => r.ms / size)).median;
    const cpus = timed.runs.map((r) => r.cpuMs);
    const cpuPer = cpus.every((c) => c !== undefined) ? cpus.reduce<number>((a, c) => a + (c ?? 0), 0) / (size * repeats) : undefined;
    const seconds = (msPer * size) / 1000;
    const row: BenchRow = {
      measure: `${count(size)} submissions${repeats > 1 ? ` (median of ${repeats} batches)` : ''}`,
      value: `${seconds.toFixed(2)} s: ${msPer.toFixed(2)} ms/submission, ${(1000 / msPer).toFixed(0)} submissions/s${cpuPer === undefined ? '' : `, CPU ${cpuPer.toFixed(1)} ms/submission`}`,
      raw: { submissions: size, batches: repeats, seconds, msPerSubmission: msPer, perSecond: 1000 / msPer, ...(cpuPer === undefined ? {} : { cpuMsPerSubmission: cpuPer }) },
    };
    if (baseMs === undefined) {
      baseMs = msPer;
      row.measure = `Submissions grow: ${row.measure}`;
    } else {
      const ratio = msPer / baseMs;
      Object.assign(row, {
        baseline: `${baseMs.toFixed(2)} ms/submission (${count(sizes[0] as number)} row)`,
        ratio: `${ratio.toFixed(2)}x`,
        goal: { text: `cost per submission within ${FLAT_TOLERANCE}x of the ${count(sizes[0] as number)} row`, met: ratio <= FLAT_TOLERANCE },
      });
      if (row.raw) row.raw.ratio = ratio;
    }
    rows.push(row);
  }
  const notes = [
    `Submissions grow: \`${exercise.id}\` through openGrader + gradeSubmissions in this process (${concurrency} runs in flight), after a warm-up of one submission per run in flight; the command's start-up is not in the figures. CPU counts this process and its grading processes while they grade (their start-up excluded). Every verdict checked against its base.`,
  ];
  return { rows, notes, failures };
}
