/**
 * "Export my work" file: one JSON document with the learner's code and progress for every
 * exercise. `course grade` accepts it as a submission, so the format is stable and documented in
 * web/README.md; a change that breaks readers needs a new `version`.
 */
// zod/mini: the same checks as zod at a fraction of the weight in the page's first load.
import { z } from 'zod/mini';
import type { Exercise } from '../../../runner/content/types.ts';
import { exerciseProgress, type Progress } from './progress.ts';

export const WORK_FORMAT = 'jsonrpc-course-work';

export const workExerciseSchema = z.object({
  code: z.string().check(z.describe("The learner's code as it was in the editor (the starter if never edited).")),
  language: z.enum(['js', 'ts']).check(z.describe('Language of the code.')),
  passed: z.boolean().check(z.describe('True once a Submit passed every test in the browser.')),
  hintsSeen: z.int().check(z.minimum(0), z.describe('How many hints were revealed.')),
  solutionRevealed: z.boolean().check(z.describe('True if the learner opened the reference solution.')),
});

export const workFileSchema = z.object({
  format: z.literal(WORK_FORMAT),
  version: z.literal(1),
  exportedAt: z.string().check(z.describe('ISO 8601 time of the export.')),
  exercises: z.record(z.string(), workExerciseSchema).check(z.describe('One entry per exercise id.')),
});

export type WorkFile = z.infer<typeof workFileSchema>;

/** Builds the export from progress, with every exercise of the course (untouched ones hold the starter). */
export function toWorkFile(progress: Progress, exercises: readonly Pick<Exercise, 'id' | 'language' | 'starter'>[], now: Date): WorkFile {
  const out: WorkFile['exercises'] = {};
  for (const exercise of exercises) {
    const p = exerciseProgress(progress, exercise.id);
    out[exercise.id] = {
      code: p.code ?? exercise.starter,
      language: exercise.language,
      passed: p.passed,
      hintsSeen: p.hintsSeen,
      solutionRevealed: p.solutionRevealed,
    };
  }
  return { format: WORK_FORMAT, version: 1, exportedAt: now.toISOString(), exercises: out };
}

export type ParsedWork = { ok: true; work: WorkFile } | { ok: false; message: string };

/** Reads an imported file; never throws, the message is for the learner. */
export function parseWorkFile(text: string): ParsedWork {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This file is not JSON. Choose the file that "Export my work" downloaded.' };
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== WORK_FORMAT) {
    return { ok: false, message: 'This file is not an export of this course. Choose the file that "Export my work" downloaded.' };
  }
  if ((data as { version?: unknown }).version !== 1) {
    return { ok: false, message: 'This export comes from a different version of the course and cannot be read here.' };
  }
  const parsed = workFileSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, message: 'This export is damaged (some fields are missing or wrong), so nothing was imported.' };
  }
  return { ok: true, work: parsed.data };
}

/** File name of a download, e.g. `jsonrpc-course-work-2026-11-30.json`. */
export function workFileName(now: Date): string {
  return `${WORK_FORMAT}-${now.toISOString().slice(0, 10)}.json`;
}
