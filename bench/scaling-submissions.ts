/**
 * Scaling row 1, submissions grow: the same exercise graded for 100, 1,000 and 10,000 distinct
 * submissions through the CLI's grading path in this process. The cost per submission should
 * not depend on how many there are: nothing is shared between grades but the grading processes.
 */
import type { CodeExercise } from '../runner/content/types.ts';
import type { Corpus } from './corpus.ts';
import { count, stats, type BenchContext, type BenchRow, type BenchSection } from './report.ts';
import { openGrader } from '../runner/node/open-grader.ts';
import type { GradedSubmission } from '../runner/cli/grade/grade-submissions.ts';
import { timeGrading, type TimedRun } from './timed-grading.ts';

export type SectionPart = Pick<BenchSection, 'rows' | 'notes' | 'failures'>;

/**
 * How much dearer per unit a larger row may be than the smallest and still count as flat. The
 * rows run one after another for minutes on a shared 2-core machine whose load average moves
 * between 2 and 20 (bench/README.md); even the CPU time of a grade moves by 10% or so with the
 * load (the other jobs share caches and hyperthreads). A cost that grows with the batch (a
 * leak, a step that is quadratic in the batch) shows as 1.5x and more at 100 times the size,
 * well past this.
 */
export const FLAT_TOLERANCE = 1.25;

export interface SubmissionsGrowOptions {
  exercise: CodeExercise;
  /** Holds the largest size plus `warmUp` files: each size grades its first files, the warm-up the last. */
  corpus: Corpus;
  sizes: readonly number[];
  /** Submissions graded before any timing, so every batch meets equally warm grading processes. */
  warmUp: number;
}

/** Files of `run` whose status is not their base's, `offset` being the first one's corpus index. */
export function wrongVerdicts(run: TimedRun, corpus: Corpus, offset = 0): GradedSubmission[] {
  return run.graded.filter((g, n) => g.result.status !== corpus.expected(offset + n));
}

const describeWrong = (wrong: GradedSubmission[]) => `${wrong.length} verdicts differ from their base's, e.g. ${wrong[0]?.file} got ${wrong[0]?.result.status} (${wrong[0]?.result.message ?? 'no message'})`;

/**
 * The order batches run in: each size's batches split into a forward pass (smallest first) and a
 * backward pass, so a load that drifts during the run weighs on the repeated small batches at
 * both ends rather than only at the start.
 */
function batchOrder(repeats: readonly number[]): number[] {
  const forward = repeats.flatMap((r, i) => Array<number>(Math.ceil(r / 2)).fill(i));
  const backward = repeats.flatMap((r, i) => Array<number>(r - Math.ceil(r / 2)).fill(i)).reverse();
  return [...forward, ...backward];
}

export async function submissionsGrow(ctx: BenchContext, options: SubmissionsGrowOptions): Promise<SectionPart> {
  const { exercise, corpus, sizes, warmUp } = options;
  const failures: string[] = [];
  // Small batches are graded several times (the median is reported) so each size grades about as
  // many submissions as the middle one: one 1-second batch is at the mercy of one busy second.
  const reference = sizes[Math.floor(sizes.length / 2)] as number;
  const repeats = sizes.map((size) => Math.max(1, Math.round(reference / size)));
  const runs: TimedRun[][] = sizes.map(() => []);

  const service = openGrader({ workload: Math.max(...sizes) });
  let warm: TimedRun;
  try {
    ctx.log(`warming up the grading processes with ${count(warmUp)} submissions...`);
    warm = await timeGrading(service, exercise, corpus.files.slice(-warmUp));
    const wrongWarm = wrongVerdicts(warm, corpus, corpus.files.length - warmUp);
    if (wrongWarm.length) failures.push(`warm-up: ${describeWrong(wrongWarm)}`);
    for (const i of batchOrder(repeats)) {
      const size = sizes[i] as number;
      ctx.log(`grading ${count(size)} submissions...`);
      const run = await timeGrading(service, exercise, corpus.files.slice(0, size));
      const wrong = wrongVerdicts(run, corpus);
      if (wrong.length) failures.push(`${count(size)} submissions: ${describeWrong(wrong)}`);
      runs[i]?.push(run);
    }
  } finally {
    await service.close();
  }

  const rows: BenchRow[] = [];
  let base: { size: number; msPer: number; cpuPer: number | undefined } | undefined;
  sizes.forEach((size, i) => {
    const sizeRuns = runs[i] ?? [];
    const msPer = stats(sizeRuns.map((r) => r.ms / size)).median;
    const cpus = sizeRuns.map((r) => r.cpuMs);
    const cpuPer = cpus.every((c) => c !== undefined) ? cpus.reduce<number>((a, c) => a + (c ?? 0), 0) / (size * sizeRuns.length) : undefined;
    const seconds = (msPer * size) / 1000;
    const row: BenchRow = {
      measure: `${base ? '' : 'Submissions grow: '}${count(size)} submissions${sizeRuns.length > 1 ? ` (median of ${sizeRuns.length} batches)` : ''}`,
      value: `${seconds.toFixed(2)} s: ${msPer.toFixed(2)} ms/submission, ${(1000 / msPer).toFixed(0)} submissions/s${cpuPer === undefined ? '' : `, CPU ${cpuPer.toFixed(1)} ms/submission`}`,
      raw: { submissions: size, batches: sizeRuns.length, seconds, msPerSubmission: msPer, perSecond: 1000 / msPer, ...(cpuPer === undefined ? {} : { cpuMsPerSubmission: cpuPer }) },
    };
    if (base) {
      const ratio = msPer / base.msPer;
      const cpuRatio = cpuPer !== undefined && base.cpuPer !== undefined ? cpuPer / base.cpuPer : undefined;
      // The goal is on CPU per submission where it can be read: wall time on a shared machine
      // follows the other jobs' load as much as our code (seen: an 800 batch at 1.30x the wall
      // time per submission of the 50 batches and 0.95x their CPU, load average 7 on 2 cores).
      // Wall time is shown beside it: a bottleneck that idles the cores would show only there.
      const judged = cpuRatio ?? ratio;
      Object.assign(row, {
        baseline: `${base.msPer.toFixed(2)} ms/submission${base.cpuPer === undefined ? '' : `, CPU ${base.cpuPer.toFixed(1)} ms`} (${count(base.size)} row)`,
        ratio: `${ratio.toFixed(2)}x wall${cpuRatio === undefined ? '' : `, ${cpuRatio.toFixed(2)}x CPU`}`,
        goal: { text: `${cpuRatio === undefined ? 'wall time' : 'CPU'} per submission within ${FLAT_TOLERANCE}x of the ${count(base.size)} row`, met: judged <= FLAT_TOLERANCE },
      });
      if (row.raw) Object.assign(row.raw, { ratio, ...(cpuRatio === undefined ? {} : { cpuRatio }) });
    }
    base ??= { size, msPer, cpuPer };
    rows.push(row);
  });
  const notes = [
    `Submissions grow: \`${exercise.id}\` through openGrader + gradeSubmissions in this process, one service for every batch (${service.concurrency} runs in flight), warmed up with ${count(warmUp)} other submissions first (they took ${(warm.ms / warmUp).toFixed(2)} ms each, fresh grading processes being slower until V8 has compiled the judge's hot code); the command's start-up is not in the figures. Batches ran in the order ${batchOrder(repeats).map((i) => count(sizes[i] as number)).join(', ')}. CPU counts this process and its grading processes while they grade. Every verdict checked against its base.`,
  ];
  return { rows, notes, failures };
}
