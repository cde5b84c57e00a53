/**
 * Scaling row 3, shards: `course grade --shard i/n` for every i, through the real CLI, against
 * one unsharded run of the same folder. The shards together must grade exactly the same files
 * with the same results, and each should take a fraction of the one run, as CI jobs on n
 * machines would.
 */
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { GradeJson } from '../runner/cli/grade/format-json.ts';
import type { RunResult } from '../runner/core/result.ts';
import { root, type Corpus } from './corpus.ts';
import { runCourse, type TimedRun } from './course-cli.ts';
import { count, type BenchContext, type BenchRow } from './report.ts';
import type { SectionPart } from './scaling-submissions.ts';

export interface ShardsOptions {
  exerciseId: string;
  corpus: Corpus;
  shards: number;
}

/**
 * A result without what legitimately differs between two runs of the same submission: each
 * test's wall time (`duration`), the only field two unsharded runs of 100 files differed in.
 * Everything else (statuses, messages, checks, output, test code) must match.
 */
function comparable(result: RunResult): unknown {
  return { ...result, tests: result.tests.map(({ duration: _duration, ...test }) => test) };
}

/** The first path at which two JSON-like values differ, e.g. `tests[3].message`; undefined if equal. */
function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path || '(whole value)';
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const at = Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], at);
    if (found) return found;
  }
  return path || '(whole value)';
}

/** The report of one CLI run, keyed by absolute file, or a failure saying why there is none. */
function readReport(run: TimedRun, label: string, failures: string[]): Map<string, RunResult> {
  const results = new Map<string, RunResult>();
  let report: GradeJson;
  try {
    report = JSON.parse(run.stdout) as GradeJson;
  } catch {
    failures.push(`${label}: exit ${run.code}, no JSON report: ${run.stderr.slice(0, 300)}`);
    return results;
  }
  if (!Array.isArray(report.submissions)) {
    failures.push(`${label}: the report has no submissions list (one submission gives a bare result; give each shard several).`);
    return results;
  }
  // Exit 0 when every submission passes, 1 when any does not; anything else is misuse or a crash.
  const exit = report.summary.pass === report.summary.total ? 0 : 1;
  if (run.code !== exit) failures.push(`${label}: exited ${run.code}, expected ${exit} for ${report.summary.pass} passing of ${report.summary.total}: ${run.stderr.slice(0, 300)}`);
  for (const { file, result } of report.submissions) {
    const path = join(root, file);
    if (results.has(path)) failures.push(`${label}: ${file} is graded twice.`);
    results.set(path, result);
  }
  return results;
}

export async function shardsAgree(ctx: BenchContext, options: ShardsOptions): Promise<SectionPart> {
  const { exerciseId, corpus, shards } = options;
  const total = corpus.files.length;
  const failures: string[] = [];
  const args = ['grade', '--exercise', exerciseId, corpus.dir, '--format', 'json'];

  ctx.log(`course grade, ${count(total)} submissions in one run...`);
  const oneRun = await runCourse(args);
  const one = readReport(oneRun, 'one run', failures);
  const wrong = corpus.files.filter((file, n) => one.get(file)?.status !== corpus.expected(n));
  if (wrong.length) failures.push(`one run: ${wrong.length} of ${count(total)} verdicts differ from their base's (or are missing), e.g. ${wrong[0]} got ${one.get(wrong[0] as string)?.status ?? 'no result'}`);

  // One after another: shards running side by side on this machine would compete for its cores,
  // while the figure stands for n machines.
  const union = new Map<string, RunResult>();
  const shardMs: number[] = [];
  for (let i = 1; i <= shards; i++) {
    ctx.log(`course grade --shard ${i}/${shards}...`);
    const run = await runCourse([...args, '--shard', `${i}/${shards}`]);
    shardMs.push(run.ms);
    for (const [file, result] of readReport(run, `shard ${i}/${shards}`, failures)) {
      if (union.has(file)) failures.push(`${file} is in two shards.`);
      union.set(file, result);
    }
  }

  let same = 0;
  const differences: string[] = [];
  for (const file of corpus.files) {
    const a = one.get(file);
    const b = union.get(file);
    if (!a || !b) differences.push(`${file}: ${a ? 'in no shard' : 'not in the one run'}`);
    else {
      const at = firstDifference(comparable(a), comparable(b));
      if (at) differences.push(`${file}: differs at ${at}`);
      else same += 1;
    }
  }
  const extra = [...union.keys()].filter((file) => !one.has(file));
  for (const file of extra) differences.push(`${file}: in a shard, not in the one run`);
  if (differences.length) failures.push(`shards and one run disagree on ${differences.length} files, e.g. ${differences.slice(0, 3).join('; ')}`);

  const oneS = oneRun.ms / 1000;
  const maxS = Math.max(...shardMs) / 1000;
  const sumS = shardMs.reduce((a, b) => a + b, 0) / 1000;
  const speedup = oneS / maxS;
  const rows: BenchRow[] = [
    {
      measure: `Shards: course grade --shard i/${shards}, ${count(total)} submissions, CLI end to end`,
      value: `slowest shard ${maxS.toFixed(2)} s; all ${shards} one after another ${sumS.toFixed(2)} s`,
      baseline: `one run ${oneS.toFixed(2)} s`,
      ratio: `${speedup.toFixed(1)}x faster on ${shards} machines`,
      // Each shard pays the command's start-up (about 1.5 s) again, so n shards cannot give n
      // times; half the one run is what makes sharding worth a CI matrix.
      goal: { text: 'slowest shard <= half the one run', met: maxS <= oneS / 2 },
      raw: { submissions: total, shards, oneRunSeconds: oneS, maxShardSeconds: maxS, sumShardSeconds: sumS, speedup },
    },
    {
      measure: `Shards: union of the ${shards} shards vs the one run`,
      value: `identical: ${differences.length ? 'no' : 'yes'} (${count(same)} of ${count(total)})`,
      goal: { text: 'same files, deep-equal results (test durations aside)', met: differences.length === 0 },
      raw: { identical: differences.length === 0, same, total },
    },
  ];
  const notes = [
    `Shards: \`node runner/cli/bin.cjs grade --exercise ${exerciseId} <folder> --format json [--shard i/${shards}]\` from the repository root, each timed from spawn to exit (Node, loading the course and starting the grading processes included), shards one after another. Results compared field by field except each test's \`duration\`: two unsharded runs of the same 100 files differed in about 60% of the tests' durations (wall time) and in nothing else.`,
  ];
  return { rows, notes, failures };
}
