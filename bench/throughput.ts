/**
 * Section 1, grading throughput of the CLI: 1,000 distinct submissions of `full-error-routing`
 * (half pass, half fail) graded by one real `course grade` process, end to end (Node and tsx
 * start-up, loading the course, starting the grading processes, writing the JSON report), beside
 * the obvious alternative measured in the same run: one `vitest run` process per submission, on a
 * sample spread over the same files. Every verdict of both is checked against its base's.
 */
import { execFile } from 'node:child_process';
import { join, relative } from 'node:path';
import type { GradeJson } from '../runner/cli/grade/format-json.ts';
import { writeCorpus, loadExercise, root } from './corpus.ts';
import { cpuSeconds } from './cpu.ts';
import { runCourse } from './course-cli.ts';
import { count, type BenchContext, type BenchSection, type SectionOptions } from './report.ts';

const EXERCISE = 'full-error-routing';
const VITEST = join(root, 'node_modules/vitest/vitest.mjs');

/** One plain `vitest run` of the exercise's tests against `file`; resolves to its exit code. */
function vitestRun(exerciseDir: string, file: string): Promise<number> {
  return new Promise((resolve) => {
    // The exercises project's learner plugin grades the file COURSE_SUBMISSION names.
    const env = { ...process.env, COURSE_SUBMISSION: relative(join(root, exerciseDir), file) };
    execFile(process.execPath, [VITEST, 'run', '--project', 'exercises', exerciseDir], { cwd: root, env }, (error) =>
      resolve(error ? (typeof error.code === 'number' ? error.code : 1) : 0),
    );
  });
}

export async function benchThroughput(ctx: BenchContext, options: SectionOptions): Promise<BenchSection> {
  const total = options.quick ? 200 : 1000;
  const sample = options.quick ? 3 : 10;
  const exercise = await loadExercise(EXERCISE);
  const corpus = await writeCorpus(exercise, total);
  const failures: string[] = [];
  const notes: string[] = [];
  try {
    ctx.log(`grading ${total} submissions with one \`course grade\` process...`);
    const cpu0 = await cpuSeconds();
    const run = await runCourse(['grade', '--exercise', EXERCISE, corpus.dir, '--format', 'json']);
    const cpu1 = await cpuSeconds();
    if (run.code !== 1) failures.push(`course grade exited ${run.code} (expected 1: some submissions fail): ${run.stderr.slice(0, 300)}`);
    const report = JSON.parse(run.stdout || '{"submissions":[]}') as GradeJson;
    const statusOf = new Map(report.submissions.map((s) => [join(root, s.file), s.result.status]));
    const wrong = corpus.files.filter((file, n) => statusOf.get(file) !== corpus.expected(n));
    if (wrong.length) failures.push(`${wrong.length} of ${total} verdicts differ from their base's, e.g. ${wrong[0]} got ${statusOf.get(wrong[0] as string)}`);
    const rate = total / (run.ms / 1000);

    ctx.log(`baseline: one vitest run per submission, ${sample} of them...`);
    const picks = Array.from({ length: sample }, (_, k) => Math.floor((k * total) / sample));
    const b0 = performance.now();
    for (const n of picks) {
      const code = await vitestRun(exercise.dir, corpus.files[n] as string);
      // A process that failed to start would make the baseline look fast: demand vitest's verdict.
      if (code !== (corpus.expected(n) === 'pass' ? 0 : 1)) failures.push(`vitest exited ${code} for ${corpus.variants[n]?.base.name} (expected its verdict)`);
    }
    const baselineRate = sample / ((performance.now() - b0) / 1000);
    const ratio = rate / baselineRate;

    const rows: BenchSection['rows'] = [
      {
        measure: `course grade, ${count(total)} submissions, one process end to end`,
        value: `${rate.toFixed(1)} submissions/s (${(run.ms / 1000).toFixed(2)} s)`,
        baseline: `${baselineRate.toFixed(2)} submissions/s: one vitest run per submission (${sample} sampled)`,
        ratio: `${ratio.toFixed(0)}x`,
        goal: { text: '>= 150 submissions/s and >= 100x the baseline', met: rate >= 150 && ratio >= 100 },
        raw: { submissions: total, seconds: run.ms / 1000, perSecond: rate, baselinePerSecond: baselineRate, ratio },
      },
    ];
    if (cpu0 && cpu1) {
      const cpuMs = ((cpu1.children - cpu0.children) * 1000) / total;
      rows.push({
        measure: 'CPU per submission (all grading processes, start-up included)',
        value: `${cpuMs.toFixed(1)} ms`,
        raw: { cpuMsPerSubmission: cpuMs },
      });
    }
    notes.push(
      `${report.summary?.pass ?? 0} pass, ${report.summary?.fail ?? 0} fail, ${report.summary?.error ?? 0} error; every verdict checked against its base (solution, correct alternatives, ${exercise.mutants.length} mutants, varied in text).`,
      'The course grade figure includes the command start-up (about 1 s: Node, tsx, loading the course, the grading processes); the baseline pays a vitest start-up per submission, which is the point of the comparison.',
    );
    return { title: '1. Grading throughput (CLI)', rows, notes, failures };
  } finally {
    await corpus.remove();
  }
}
