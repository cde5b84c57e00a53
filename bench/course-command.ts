/**
 * Section 5, the `course` command as instructors and CI run it, each process timed from spawn to
 * exit: grading one file beside one `vitest run` of the same file (paired runs, interleaved),
 * 1,000 files beside the bare isolated-vm floor, and `course check` of the whole course and of
 * one exercise. With `--before <ref>` the same rows are measured on that commit's tree too, run
 * the way its README said, in the same run.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import type { GradeJson } from '../runner/cli/grade/format-json.ts';
import { loadExercise, writeCorpus, type Corpus } from './corpus.ts';
import { isolateFloor } from './isolate-floor.ts';
import { count, stats, type BenchContext, type BenchRow, type BenchSection, type SectionOptions } from './report.ts';
import { currentTree, exportCommit, type Tree } from './trees.ts';

const EXERCISE = 'full-error-routing';
/** The exercise `course check --exercise` is timed on: the one with the most tests and mutants. */
const CHECKED = 'full-error-routing';

interface Timed {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs argv in `cwd`, timed from spawn to exit. */
function timed(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Timed> {
  const [command, ...args] = argv as [string, ...string[]];
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** The tree's `course` command line with `args`, its first element made absolute when relative. */
function course(tree: Tree, args: readonly string[]): string[] {
  const [first, ...rest] = tree.course as [string, ...string[]];
  return [first.includes('/') ? join(tree.dir, first) : first, ...rest, ...args];
}

/** One plain `vitest run` of the exercise's tests against `file` in the tree. */
function vitestRun(tree: Tree, file: string): Promise<Timed> {
  const dir = `exercises/${EXERCISE}`;
  // The exercises project's learner plugin grades the file COURSE_SUBMISSION names, relative to the exercise.
  return timed([process.execPath, join(tree.dir, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'exercises', dir], tree.dir, {
    COURSE_SUBMISSION: relative(join(tree.dir, dir), file),
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg()[0] ?? 0;

/** Per tree, the samples of one series; series are run tree after tree, round after round. */
type Samples = Map<Tree, number[]>;

/**
 * Runs `measure` for every tree, `rounds` times, the trees taking turns within each round, so a
 * load that drifts during the section weighs on every tree alike. Returns each tree's samples.
 */
async function interleaved(trees: readonly Tree[], rounds: number, measure: (tree: Tree) => Promise<number>): Promise<Samples> {
  const samples: Samples = new Map(trees.map((t) => [t, []]));
  for (let k = 0; k < rounds; k++) for (const tree of trees) samples.get(tree)?.push(await measure(tree));
  return samples;
}

const isNow = (tree: Tree) => tree.label === 'now';

async function oneFile(trees: readonly Tree[], corpus: Corpus, options: SectionOptions, ctx: BenchContext, failures: string[]): Promise<BenchRow[]> {
  const pairs = options.quick ? 3 : 7;
  const one = corpus.files[0] as string;
  const expected = corpus.expected(0) === 'pass' ? 0 : 1;
  // One untimed run of each first: the first run after a change builds the command (and its
  // code cache), which CI pays once per job at `npm ci`, not per grade.
  for (const tree of trees) {
    await timed(course(tree, ['grade', '--exercise', EXERCISE, one]), tree.dir);
    await vitestRun(tree, one);
  }
  ctx.log(`one file: ${pairs} rounds of course grade and vitest run, per tree...`);
  const load0 = load();
  const vitests: Samples = new Map(trees.map((t) => [t, []]));
  const grades = await interleaved(trees, pairs, async (tree) => {
    const g = await timed(course(tree, ['grade', '--exercise', EXERCISE, one]), tree.dir);
    if (g.code !== expected) failures.push(`${tree.label}: course grade of one file exited ${g.code}, expected ${expected}: ${g.stderr.slice(0, 300)}`);
    const v = await vitestRun(tree, one);
    if (v.code !== expected) failures.push(`${tree.label}: vitest run of one file exited ${v.code}, expected ${expected}: ${v.stderr.slice(0, 300)}`);
    vitests.get(tree)?.push(v.ms);
    return g.ms;
  });
  const rows: BenchRow[] = [];
  for (const tree of trees) {
    const g = stats(grades.get(tree) ?? []);
    const v = stats(vitests.get(tree) ?? []);
    const ratio = v.median / g.median;
    rows.push({
      measure: `${tree.label}: one file, \`${tree.course.join(' ')} grade\`, process start to exit (median of ${pairs}, each beside a vitest run)`,
      value: `${seconds(g.median)} (min ${seconds(g.min)})`,
      baseline: `${seconds(v.median)}: one \`vitest run\` of the same file`,
      ratio: `${ratio.toFixed(1)}x faster`,
      goal: { text: '<= 0.30 s and >= 5x faster than vitest', met: g.median <= 300 && ratio >= 5 },
      raw: { medianMs: g.median, minMs: g.min, vitestMedianMs: v.median, ratio, loadAverage: load0 },
    });
  }
  const now = trees.find(isNow);
  if (now) {
    const npx: number[] = [];
    for (let k = 0; k < pairs; k++) npx.push((await timed(['npx', 'course', 'grade', '--exercise', EXERCISE, one], now.dir)).ms);
    const n = stats(npx);
    const g = stats(grades.get(now) ?? []);
    rows.push({
      measure: `${now.label}: the same through \`npx course\` (npm's start-up added)`,
      value: seconds(n.median),
      baseline: `${seconds(g.median)}: \`${now.course.join(' ')}\``,
      ratio: `+${seconds(n.median - g.median)}`,
      raw: { medianMs: n.median },
    });
  }
  return rows;
}

async function manyFiles(trees: readonly Tree[], corpus: Corpus, floorPerSecond: number, options: SectionOptions, ctx: BenchContext, failures: string[]): Promise<BenchRow[]> {
  const rounds = options.quick ? 1 : 3;
  ctx.log(`${count(corpus.files.length)} submissions, ${rounds} rounds per tree...`);
  const load0 = load();
  const times = await interleaved(trees, rounds, async (tree) => {
    const many = await timed(course(tree, ['grade', '--exercise', EXERCISE, corpus.dir, '--format', 'json']), tree.dir);
    if (many.code !== 1) failures.push(`${tree.label}: course grade of the corpus exited ${many.code} (expected 1): ${many.stderr.slice(0, 300)}`);
    const report = JSON.parse(many.stdout || '{"submissions":[]}') as GradeJson;
    const statusOf = new Map(report.submissions.map((s) => [join(tree.dir, s.file), s.result.status]));
    const wrong = corpus.files.filter((file, n) => statusOf.get(file) !== corpus.expected(n));
    if (wrong.length) failures.push(`${tree.label}: ${wrong.length} of ${corpus.files.length} verdicts differ from their base's, e.g. ${wrong[0]} got ${statusOf.get(wrong[0] as string)}`);
    return many.ms;
  });
  return trees.map((tree) => {
    const t = stats(times.get(tree) ?? []);
    const rate = corpus.files.length / (t.median / 1000);
    return {
      measure: `${tree.label}: ${count(corpus.files.length)} submissions, one \`${tree.course.join(' ')} grade\`, start to exit (median of ${t.n})`,
      value: `${rate.toFixed(0)} submissions/s (${seconds(t.median)})`,
      baseline: `${floorPerSecond.toFixed(0)}/s: bare isolated-vm isolates on one thread`,
      ratio: `${(rate / floorPerSecond).toFixed(2)}x`,
      goal: { text: '>= 150 submissions/s', met: rate >= 150 },
      raw: { perSecond: rate, seconds: t.median / 1000, floorPerSecond, loadAverage: load0 },
    };
  });
}

/** Whether the tree's `course check` takes --no-cache (its option list names it). */
async function hasNoCache(tree: Tree): Promise<boolean> {
  const text = await readFile(join(tree.dir, 'runner/cli/check/check.ts'), 'utf8').catch(() => '');
  return text.includes("'no-cache'") || text.includes('--no-cache');
}

async function checks(trees: readonly Tree[], options: SectionOptions, ctx: BenchContext, failures: string[]): Promise<BenchRow[]> {
  const rounds = options.quick ? 1 : 3;
  ctx.log(`course check, ${rounds} rounds per tree...`);
  const load0 = load();
  // A tree from before the check cache has no --no-cache (its every check is uncached).
  const noCache = new Map(await Promise.all(trees.map(async (tree) => [tree, await hasNoCache(tree)] as const)));
  const whole = await interleaved(trees, rounds, async (tree) => {
    const run = await timed(course(tree, noCache.get(tree) ? ['check', '--no-cache'] : ['check']), tree.dir);
    if (run.code !== 0) failures.push(`${tree.label}: course check exited ${run.code}: ${(run.stdout + run.stderr).slice(-400)}`);
    return run.ms;
  });
  const rows: BenchRow[] = trees.map((tree) => {
    const t = stats(whole.get(tree) ?? []);
    return {
      measure: `${tree.label}: \`course check\`, whole course${noCache.get(tree) ? ', --no-cache' : ''} (median of ${t.n})`,
      value: seconds(t.median),
      goal: { text: '<= 10 s', met: t.median <= 10_000 },
      raw: { medianMs: t.median, loadAverage: load0 },
    };
  });
  const now = trees.find(isNow);
  if (!now) return rows;
  await timed(course(now, ['check']), now.dir);
  const again = await timed(course(now, ['check']), now.dir);
  if (again.code !== 0) failures.push(`${now.label}: course check with nothing changed exited ${again.code}`);
  rows.push({
    measure: `${now.label}: \`course check\`, nothing changed since the last check`,
    value: seconds(again.ms),
    baseline: `${seconds(stats(whole.get(now) ?? []).median)}: --no-cache`,
    raw: { ms: again.ms },
  });
  const single: number[] = [];
  for (let k = 0; k < (options.quick ? 2 : 5); k++) {
    const r = await timed(course(now, ['check', '--exercise', CHECKED, '--no-cache']), now.dir);
    if (r.code !== 0) failures.push(`${now.label}: course check --exercise ${CHECKED} exited ${r.code}: ${(r.stdout + r.stderr).slice(-300)}`);
    single.push(r.ms);
  }
  const s = stats(single);
  rows.push({
    measure: `${now.label}: \`course check --exercise ${CHECKED} --no-cache\` (median of ${s.n})`,
    value: seconds(s.median),
    goal: { text: '<= 2 s', met: s.median <= 2000 },
    raw: { medianMs: s.median },
  });
  return rows;
}

export async function benchCourseCommand(ctx: BenchContext, options: SectionOptions): Promise<BenchSection> {
  const total = options.quick ? 200 : 1000;
  const exercise = await loadExercise(EXERCISE);
  const corpus = await writeCorpus(exercise, total);
  const failures: string[] = [];
  const trees: Tree[] = [];
  try {
    if (options.before) trees.push(await exportCommit(options.before));
    trees.push(currentTree());
    ctx.log('isolated-vm floor...');
    const floor = isolateFloor(options.quick ? 500 : 3000);
    const loads: string[] = [];
    const rows: BenchRow[] = [];
    for (const [name, part] of [
      ['one file', () => oneFile(trees, corpus, options, ctx, failures)],
      [`${count(total)} submissions`, () => manyFiles(trees, corpus, floor.perSecond, options, ctx, failures)],
      ['course check', () => checks(trees, options, ctx, failures)],
    ] as const) {
      const before = load();
      rows.push(...(await part()));
      loads.push(`${name} ${before.toFixed(1)} -> ${load().toFixed(1)}`);
    }
    const notes = [
      `Load average at the start and end of each part: ${loads.join('; ')}.`,
      `Floor: ${count(floor.isolates)} isolates on this thread, each created, loaded with a 10-line router and called 7 times (bench/isolate-floor.ts); course grade runs the judge (tests, matchers, codec) around each and uses every core.`,
      'Every process is timed from spawn to exit, the trees taking turns run by run so a drifting load weighs on each alike; each one-file grade is followed by a vitest run of the same file. The first run of each is untimed (it builds the command after a change).',
    ];
    if (options.before) notes.push(`The rows of a check with nothing changed and of \`course check --exercise\` are the current tree's only.`);
    return { title: '5. The course command', rows, notes, failures };
  } finally {
    await corpus.remove();
    for (const tree of trees) await tree.remove();
  }
}
