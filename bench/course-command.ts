/**
 * Section 5, the `course` command as instructors and CI run it, each process timed from spawn to
 * exit: grading one file beside one `vitest run` of the same file (paired runs, interleaved),
 * 1,000 files beside the bare isolated-vm floor, and `course check` of the whole course and of
 * one exercise. With `--before <ref>` the same rows are measured on that commit's tree too, run
 * the way its README said, in the same run.
 */
import { execFile } from 'node:child_process';
import { join, relative } from 'node:path';
import type { GradeJson } from '../runner/cli/report-json.ts';
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

interface TreeFigures {
  rows: BenchRow[];
  notes: string[];
}

async function measureTree(tree: Tree, corpus: Corpus, floorPerSecond: number, options: SectionOptions, ctx: BenchContext, failures: string[]): Promise<TreeFigures> {
  const now = tree.label === 'now';
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const pairs = options.quick ? 3 : 7;
  const one = corpus.files[0] as string;
  const expectOne = corpus.expected(0) === 'pass' ? 0 : 1;
  const shown = tree.course.join(' ');

  // One untimed run of each first: the first run after a change builds the command (and its
  // code cache), which CI pays once per job at `npm ci`, not per grade.
  ctx.log(`${tree.label}: one file, ${pairs} pairs of \`${shown} grade\` and \`vitest run\`...`);
  await timed(course(tree, ['grade', '--exercise', EXERCISE, one]), tree.dir);
  await vitestRun(tree, one);
  const grades: number[] = [];
  const vitests: number[] = [];
  for (let k = 0; k < pairs; k++) {
    const g = await timed(course(tree, ['grade', '--exercise', EXERCISE, one]), tree.dir);
    if (g.code !== expectOne) failures.push(`${tree.label}: course grade of one file exited ${g.code}, expected ${expectOne}: ${g.stderr.slice(0, 300)}`);
    grades.push(g.ms);
    const v = await vitestRun(tree, one);
    if (v.code !== expectOne) failures.push(`${tree.label}: vitest run of one file exited ${v.code}, expected ${expectOne}: ${v.stderr.slice(0, 300)}`);
    vitests.push(v.ms);
  }
  const g = stats(grades);
  const v = stats(vitests);
  const ratio = v.median / g.median;
  rows.push({
    measure: `${tree.label}: one file, \`${shown} grade\`, process start to exit (median of ${pairs} pairs)`,
    value: `${seconds(g.median)} (min ${seconds(g.min)})`,
    baseline: `${seconds(v.median)}: one \`vitest run\` of the same file`,
    ratio: `${ratio.toFixed(1)}x faster`,
    goal: { text: '<= 0.30 s and >= 5x faster than vitest', met: g.median <= 300 && ratio >= 5 },
    raw: { medianMs: g.median, minMs: g.min, vitestMedianMs: v.median, ratio },
  });
  if (now) {
    const npx: number[] = [];
    for (let k = 0; k < pairs; k++) npx.push((await timed(['npx', 'course', 'grade', '--exercise', EXERCISE, one], tree.dir)).ms);
    const n = stats(npx);
    rows.push({
      measure: `${tree.label}: the same through \`npx course\` (npm's start-up added)`,
      value: `${seconds(n.median)}`,
      baseline: `${seconds(g.median)}: \`${shown}\``,
      ratio: `+${seconds(n.median - g.median)}`,
      raw: { medianMs: n.median },
    });
  }

  ctx.log(`${tree.label}: ${count(corpus.files.length)} submissions through one \`${shown} grade\`...`);
  const many = await timed(course(tree, ['grade', '--exercise', EXERCISE, corpus.dir, '--format', 'json']), tree.dir);
  if (many.code !== 1) failures.push(`${tree.label}: course grade of the corpus exited ${many.code} (expected 1): ${many.stderr.slice(0, 300)}`);
  const report = JSON.parse(many.stdout || '{"submissions":[]}') as GradeJson;
  const statusOf = new Map(report.submissions.map((s) => [join(tree.dir, s.file), s.result.status]));
  const wrong = corpus.files.filter((file, n) => statusOf.get(file) !== corpus.expected(n));
  if (wrong.length) failures.push(`${tree.label}: ${wrong.length} of ${corpus.files.length} verdicts differ from their base's, e.g. ${wrong[0]} got ${statusOf.get(wrong[0] as string)}`);
  const rate = corpus.files.length / (many.ms / 1000);
  rows.push({
    measure: `${tree.label}: ${count(corpus.files.length)} submissions, one \`${shown} grade\`, start to exit`,
    value: `${rate.toFixed(0)} submissions/s (${seconds(many.ms)})`,
    baseline: `${floorPerSecond.toFixed(0)}/s: bare isolated-vm isolates on one thread`,
    ratio: `${(rate / floorPerSecond).toFixed(2)}x`,
    goal: { text: '>= 150 submissions/s', met: rate >= 150 },
    raw: { perSecond: rate, seconds: many.ms / 1000, floorPerSecond },
  });

  ctx.log(`${tree.label}: course check...`);
  const whole = await timed(course(tree, now ? ['check', '--no-cache'] : ['check']), tree.dir);
  if (whole.code !== 0) failures.push(`${tree.label}: course check exited ${whole.code}: ${(whole.stdout + whole.stderr).slice(-400)}`);
  rows.push({
    measure: `${tree.label}: \`course check\`, whole course${now ? ', --no-cache' : ''}`,
    value: seconds(whole.ms),
    goal: { text: '<= 10 s', met: whole.ms <= 10_000 },
    raw: { ms: whole.ms },
  });
  if (now) {
    const cached = await timed(course(tree, ['check']), tree.dir);
    const again = await timed(course(tree, ['check']), tree.dir);
    if (again.code !== 0) failures.push(`${tree.label}: cached course check exited ${again.code}`);
    rows.push({ measure: `${tree.label}: \`course check\`, nothing changed since the last check`, value: seconds(again.ms), baseline: `${seconds(whole.ms)}: --no-cache`, raw: { ms: again.ms, firstMs: cached.ms } });
    const single: number[] = [];
    for (let k = 0; k < (options.quick ? 2 : 5); k++) {
      const r = await timed(course(tree, ['check', '--exercise', CHECKED, '--no-cache']), tree.dir);
      if (r.code !== 0) failures.push(`${tree.label}: course check --exercise ${CHECKED} exited ${r.code}: ${(r.stdout + r.stderr).slice(-300)}`);
      single.push(r.ms);
    }
    const s = stats(single);
    rows.push({
      measure: `${tree.label}: \`course check --exercise ${CHECKED} --no-cache\` (median of ${s.n})`,
      value: seconds(s.median),
      goal: { text: '<= 2 s', met: s.median <= 2000 },
      raw: { medianMs: s.median },
    });
  } else {
    notes.push(`${tree.label}: \`course check\` had no --exercise and no cache, so those rows are measured on the current tree only.`);
  }
  return { rows, notes };
}

export async function benchCourseCommand(ctx: BenchContext, options: SectionOptions): Promise<BenchSection> {
  const total = options.quick ? 200 : 1000;
  const exercise = await loadExercise(EXERCISE);
  const corpus = await writeCorpus(exercise, total);
  const failures: string[] = [];
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const trees: Tree[] = [];
  try {
    if (options.before) trees.push(await exportCommit(options.before));
    trees.push(currentTree());
    ctx.log('isolated-vm floor...');
    const floor = isolateFloor(options.quick ? 500 : 3000);
    for (const tree of trees) {
      const figures = await measureTree(tree, corpus, floor.perSecond, options, ctx, failures);
      rows.push(...figures.rows);
      notes.push(...figures.notes);
    }
    notes.push(
      `Floor: ${count(floor.isolates)} isolates on this thread, each created, loaded with a 10-line router and called 7 times (bench/isolate-floor.ts); course grade runs the judge (tests, matchers, codec) around each and uses every core.`,
      'Every process is timed from spawn to exit; the one-file pairs run grade and vitest alternately so the machine load weighs on both alike. The first run of each is untimed (it builds the command after a change).',
    );
    return { title: '5. The course command', rows, notes, failures };
  } finally {
    await corpus.remove();
    for (const tree of trees) await tree.remove();
  }
}
