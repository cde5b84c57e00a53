/**
 * `npm run bench:grade`: grading throughput of the CLI's parallel path against the obvious
 * alternative, one `vitest run` process per submission, measured in the same run.
 *
 *   npm run bench:grade -- [--count 1000] [--sample 10] [--jobs <n>] [--exercise full-error-routing]
 *
 * Generates `count` distinct submissions (half pass, half fail: the reference solution, the
 * correct alternatives under runner/core/fixtures/<exercise>/pass, the mutants, with small
 * textual variations), grades them all with a fresh sandbox each, checks every verdict against
 * its base, then runs the vitest baseline on `sample` of them.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCourse } from '../runner/content/course.ts';
import { gradeSubmissions, summarize } from '../runner/cli/grade-submissions.ts';
import { openGrader } from '../runner/cli/open-grader.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';
import { makeSubmissions, type Base } from './variants.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    sample: { type: 'string', default: '10' },
    jobs: { type: 'string' },
    exercise: { type: 'string', default: 'full-error-routing' },
  },
});
const count = Number(values.count);
const sample = Number(values.sample);
const jobs = values.jobs === undefined ? undefined : Number(values.jobs);

const { course, diagnostics } = loadCourse(await readCourseFiles(root));
const exercise = course.exercises.find((e) => e.id === values.exercise);
if (!exercise) throw new Error(`bench: no exercise "${values.exercise}" (${diagnostics.length} diagnostics).`);

async function sources(dir: string, prefix: string): Promise<Base[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(`.${exercise!.language}`)).sort();
  return Promise.all(names.map(async (n) => ({ name: `${prefix}${n}`, source: await readFile(join(dir, n), 'utf8') })));
}
const passing: Base[] = [{ name: 'solution', source: exercise.solution }, ...(await sources(join(root, 'runner/core/fixtures', exercise.id, 'pass'), 'pass/'))];
const failing: Base[] = exercise.mutants.map((m) => ({ name: `mutants/${m.name}`, source: m.source }));
const variants = makeSubmissions(passing, failing, count);

const dir = await mkdtemp(join(tmpdir(), 'bench-grade-'));
const width = String(count).length;
const files = variants.map((_, n) => join(dir, `submission-${String(n).padStart(width, '0')}.${exercise.language}`));
await Promise.all(variants.map((v, n) => writeFile(files[n] as string, v.source)));
const shown = files.map((f) => relative(process.cwd(), f));

/** CPU seconds of this process and of its reaped children (Linux /proc; undefined elsewhere). */
async function cpuSeconds(): Promise<{ self: number; children: number } | undefined> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => undefined);
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  if (!fields) return undefined;
  // utime, stime, cutime, cstime are fields 14-17 of /proc/<pid>/stat, i.e. 11-14 after the name.
  return { self: ((fields[11] ?? 0) + (fields[12] ?? 0)) / 100, children: ((fields[13] ?? 0) + (fields[14] ?? 0)) / 100 };
}

const line = (label: string, value: string) => console.log(`${label.padEnd(34)}${value}`);
console.log(`Grading throughput: ${exercise.id} (${exercise.mutants.length} mutants, ${passing.length} passing bases), ${cpus().length} cores (${availableParallelism()} available)`);

try {
  // The CLI's parallel path, as `course grade` runs it (one warm-up submission first: the
  // process-level start-up is measured separately by the baseline's nature, not here).
  const service = openGrader({ workload: count, ...(jobs === undefined ? {} : { jobs }) });
  await gradeSubmissions({ exercise, files: shown.slice(0, service.concurrency), mode: 'submit', service });
  const cpu0 = await cpuSeconds();
  const t0 = performance.now();
  const graded = await gradeSubmissions({ exercise, files: shown, mode: 'submit', service });
  const seconds = (performance.now() - t0) / 1000;
  await service.close();
  const cpu1 = await cpuSeconds();
  const summary = summarize(graded);

  // Every verdict must match its base's: variations must not change what is measured.
  const expected = (n: number) => (n % 2 === 0 ? 'pass' : 'fail');
  const wrong = graded.filter((g, n) => g.result.status !== expected(n));
  const rate = count / seconds;
  line('course grade (parallel path):', `${count} submissions in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} submissions/s (${summary.pass} pass, ${summary.fail} fail, ${summary.error} error)`);
  if (cpu0 !== undefined && cpu1 !== undefined) {
    const ms = (seconds: number) => ((seconds * 1000) / count).toFixed(1);
    const self = cpu1.self - cpu0.self;
    const children = cpu1.children - cpu0.children;
    line('  CPU per submission:', `${ms(self + children)} ms: ${ms(self)} ms in this process, ${ms(children)} ms in grading processes (their start-up included)`);
    line('  machine load:', `${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores (other work on the machine slows both rows alike)`);
  }
  if (wrong.length) {
    console.log(`  WARNING: ${wrong.length} verdicts differ from their base, e.g. ${wrong[0]?.file}: ${wrong[0]?.result.status} ${wrong[0]?.result.message ?? ''}`);
  }

  // Baseline: one plain `vitest run` process per submission, on a sample spread over the set.
  if (sample >= 1) {
    const picks = Array.from({ length: Math.min(sample, count) }, (_, k) => Math.floor((k * count) / Math.min(sample, count)));
    const exerciseDir = join(root, exercise.dir);
    const b0 = performance.now();
    for (const n of picks) {
      const code = await new Promise<number>((resolve) => {
        const env = { ...process.env, COURSE_SUBMISSION: relative(exerciseDir, files[n] as string) };
        execFile('npx', ['vitest', 'run', '--project', 'exercises', exercise.dir], { cwd: root, env }, (error) => resolve(error ? Number(error.code ?? 1) : 0));
      });
      // A process that failed to start would make the baseline look fast: demand vitest's own verdict.
      if (code !== (expected(n) === 'pass' ? 0 : 1)) throw new Error(`bench: vitest exited ${code} for ${shown[n]} (${variants[n]?.base.name}).`);
    }
    const baselineSeconds = (performance.now() - b0) / 1000;
    const baselineRate = picks.length / baselineSeconds;
    line('vitest run per submission:', `${picks.length} submissions in ${baselineSeconds.toFixed(2)} s = ${baselineRate.toFixed(2)} submissions/s`);
    const ratio = rate / baselineRate;
    line('ratio:', `${ratio.toFixed(0)}x`);
    line('goals:', `>= 100 submissions/s ${rate >= 100 ? 'met' : 'MISSED'}; >= 100x baseline ${ratio >= 100 ? 'met' : 'MISSED'}`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
