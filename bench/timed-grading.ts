/**
 * Times the CLI's grading path in this process (`gradeSubmissions` over a service from
 * `openGrader`, what `course grade` runs), without the command's start-up: a section opens the
 * service once, warms it up, then times batches on it.
 *
 * Why one warm service rather than one per batch: fresh grading processes get cheaper for their
 * first several hundred grades (V8 compiling the judge's hot code; measured: 8 ms per submission
 * for the first 100, 5 ms from about the 800th, on an idle 2-core machine). A fresh service per
 * batch would make the smallest batch look dearest per submission for that reason alone.
 */
import type { CodeExercise } from '../runner/content/types.ts';
import { gradeSubmissions, type GradedSubmission } from '../runner/cli/grade/grade-submissions.ts';
import type { GradeService } from '../runner/node/grade-service.ts';
import { liveTreeCpuSeconds } from './cpu.ts';

export interface TimedRun {
  graded: GradedSubmission[];
  /** Wall time of the grading, in milliseconds. */
  ms: number;
  /** CPU of this process and its grading processes meanwhile, in milliseconds (Linux only). */
  cpuMs?: number;
}

/** Grades `files` once on `service` (submit mode), timed. */
export async function timeGrading(service: GradeService, exercise: CodeExercise, files: readonly string[]): Promise<TimedRun> {
  const cpu0 = await liveTreeCpuSeconds();
  const t0 = performance.now();
  const graded = await gradeSubmissions({ exercise, files, mode: 'submit', service });
  const ms = performance.now() - t0;
  const cpu1 = await liveTreeCpuSeconds();
  return { graded, ms, ...(cpu0 !== undefined && cpu1 !== undefined ? { cpuMs: (cpu1 - cpu0) * 1000 } : {}) };
}
