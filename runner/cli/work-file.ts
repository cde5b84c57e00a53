/**
 * Reads a learner's "Export my work" file (format `jsonrpc-course-work`, version 1, documented in
 * web/README.md) as a submission: the code the learner had for one exercise.
 */

export const WORK_FORMAT = 'jsonrpc-course-work';

export type WorkSource = { ok: true; code: string } | { ok: false; message: string };

/** Takes `exercises[exerciseId].code`; never throws, the message says what is wrong with the file. */
export function sourceFromWorkFile(text: string, exerciseId: string): WorkSource {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This .json file is not valid JSON, so it is not an "Export my work" file of the course.' };
  }
  const work = data as { format?: unknown; version?: unknown; exercises?: unknown } | null;
  if (typeof work !== 'object' || work === null || work.format !== WORK_FORMAT) {
    return { ok: false, message: `This .json file is not an "Export my work" file of the course (its "format" is not "${WORK_FORMAT}").` };
  }
  if (work.version !== 1) {
    return { ok: false, message: `This work file has version ${JSON.stringify(work.version)}; this grader reads version 1. Export the work again from the current course.` };
  }
  const entry = typeof work.exercises === 'object' && work.exercises !== null ? (work.exercises as Record<string, unknown>)[exerciseId] : undefined;
  if (entry === undefined || !Object.hasOwn(work.exercises as object, exerciseId)) {
    return { ok: false, message: `This work file has no code for the exercise "${exerciseId}": the learner has not opened it, or exported from another course.` };
  }
  const code = (entry as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return { ok: false, message: `This work file's entry for "${exerciseId}" has no "code" text; it is damaged.` };
  return { ok: true, code };
}
