/**
 * Section 4, scaling: how grading cost grows with the number of submissions, with the number of
 * tests per exercise, and what splitting a batch into CI shards gives. "Flat" means the cost per
 * unit (per submission, per test) of a larger row stays within a tolerance of the smallest row's,
 * measured in the same run; the tolerance and why it is that wide are in scaling-submissions.ts.
 */
import { cpus, loadavg } from 'node:os';
import { loadExercise, writeCorpus } from './corpus.ts';
import { count, type BenchContext, type BenchSection, type SectionOptions } from './report.ts';
import { shardsAgree } from './scaling-shards.ts';
import { submissionsGrow } from './scaling-submissions.ts';
import { testsGrow } from './scaling-tests.ts';

const EXERCISE = 'full-error-routing';

export async function benchScaling(ctx: BenchContext, options: SectionOptions): Promise<BenchSection> {
  const sizes = options.quick ? [50, 200, 800] : [100, 1000, 10_000];
  // At least 48 even when quick, as when `openGrader` still graded smaller batches in this
  // process: the figures stay comparable with earlier runs.
  const testSubmissions = options.quick ? 50 : 200;
  const factors = [1, 4, 16];
  const shardTotal = options.quick ? 200 : 1000;
  const shards = 4;
  // Enough for the grading processes' cost per submission to settle (see timed-grading.ts).
  const warmUp = options.quick ? 200 : 800;

  const load0 = loadavg()[0] ?? 0;
  const started = performance.now();
  const exercise = await loadExercise(EXERCISE);
  const parts = [];

  // The warm-up grades the corpus's last files, past the largest size, so timed batches grade
  // sources the grading processes have not seen.
  const corpus = await writeCorpus(exercise, Math.max(...sizes, testSubmissions) + warmUp);
  try {
    parts.push(await submissionsGrow(ctx, { exercise, corpus, sizes, warmUp }));
    parts.push(await testsGrow(ctx, { exercise, corpus, submissions: testSubmissions, factors, warmUp }));
  } finally {
    await corpus.remove();
  }
  // A folder of exactly this many files: the CLI grades whole folders.
  const shardCorpus = await writeCorpus(exercise, shardTotal);
  try {
    parts.push(await shardsAgree(ctx, { exerciseId: exercise.id, corpus: shardCorpus, shards }));
  } finally {
    await shardCorpus.remove();
  }

  const minutes = (performance.now() - started) / 60_000;
  const notes = [
    `Sizes: ${sizes.map(count).join(', ')} submissions; tests x${factors.join(', x')} on ${count(testSubmissions)} submissions; ${shards} shards of ${count(shardTotal)}. Half of each set passes, half fails (solution, correct alternatives, ${exercise.mutants.length} mutants, varied in text).`,
    `"Flat": a larger row's cost per unit within the tolerance of the smallest row's (ratio near 1.0x); a ratio below 1 means the larger row was cheaper per unit.`,
    `Load average ${load0.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${cpus().length} cores; the section took ${minutes.toFixed(1)} min.`,
    ...parts.flatMap((p) => p.notes),
  ];
  return { title: '4. Scaling', rows: parts.flatMap((p) => p.rows), notes, failures: parts.flatMap((p) => p.failures) };
}
