/**
 * Times the CLI's grading path in this process (`openGrader` + `gradeSubmissions`, what `course
 * grade` runs), without the command's start-up: the service is opened and warmed up first, then
 * the same files are graded `repeats` times, each timed on its own, and the service closed.
 */
import type { Exercise } from '../runner/content/types.ts';
import { gradeSubmissions, type GradedSubmission } from '../runner/cli/grade-submissions.ts';
import { openGrader } from '../runner/cli/open-grader.ts';
import { liveTreeCpuSeconds } from './live-cpu.ts';

export interface TimedRun {
  graded: GradedSubmission[];
  /** Wall time of the grading, in milliseconds. */
  ms: number;
  /** CPU of this process and its grading processes meanwhile, in milliseconds (Linux only). */
  cpuMs?: number;
}

export interface TimedGradingOptions {
  exercise: Exercise;
  files: readonly string[];
  /** How many times to grade `files`, in one service; at least 1. */
  repeats?: number;
}

export interface TimedGrading {
  runs: TimedRun[];
  /** Grading processes and runs in flight, as `openGrader` chose them for this many files. */
  concurrency: number;
}

export async function gradeTimed(options: TimedGradingOptions): Promise<TimedGrading> {
  const { exercise, files } = options;
  const repeats = options.repeats ?? 1;
  const service = openGrader({ workload: files.length });
  const runs: TimedRun[] = [];
  try {
    // One submission per lane first: every grading process has started, received the exercise
    // and compiled its tests before the clock starts, as it has after the first second of a
    // real `course grade`.
    await gradeSubmissions({ exercise, files: files.slice(0, service.concurrency), mode: 'submit', service });
    for (let r = 0; r < repeats; r++) {
      const cpu0 = await liveTreeCpuSeconds();
      const t0 = performance.now();
      const graded = await gradeSubmissions({ exercise, files, mode: 'submit', service });
      const ms = performance.now() - t0;
      const cpu1 = await liveTreeCpuSeconds();
      runs.push({ graded, ms, ...(cpu0 !== undefined && cpu1 !== undefined ? { cpuMs: (cpu1 - cpu0) * 1000 } : {}) });
    }
  } finally {
    await service.close();
  }
  return { runs, concurrency: service.concurrency };
}
