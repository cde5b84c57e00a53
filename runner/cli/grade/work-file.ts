/**
 * Reads a learner's "Export my work" file (runner/content/work-file.ts, documented in
 * web/README.md) as a submission: the code the learner had for one exercise.
 */
import { readWorkFile, WORK_FORMAT, WORK_VERSION, type LearnerCode, type WorkExercise } from '../../content/index.ts';

import type { WorkSignals } from './types.ts';

export type WorkSource = { ok: true; code: LearnerCode; learner?: string; signals: WorkSignals } | { ok: false; message: string };

/**
 * Takes `exercises[exerciseId].code`, or its `files` for an exercise of several (as a list, in the
 * file's order); never throws, the message says what is wrong with the file.
 */
export function sourceFromWorkFile(text: string, exerciseId: string): WorkSource {
  const read = readWorkFile(text);
  if (!read.ok) {
    switch (read.problem) {
      case 'not-json':
        return { ok: false, message: 'This .json file is not valid JSON, so it is not an "Export my work" file of the course.' };
      case 'other-format':
        return { ok: false, message: `This .json file is not an "Export my work" file of the course (its "format" is not "${WORK_FORMAT}").` };
      case 'other-version':
        return { ok: false, message: `This work file has version ${JSON.stringify(read.version)}; this grader reads versions 1 to ${WORK_VERSION}. Export the work again from the current course.` };
      case 'damaged':
        return { ok: false, message: 'This work file is damaged (some fields are missing or wrong), so it cannot be graded. Export the work again from the course.' };
    }
  }
  const { exercises } = read.work;
  if (!Object.hasOwn(exercises, exerciseId)) {
    return { ok: false, message: `This work file has no code for the exercise "${exerciseId}": the learner has not opened it, or exported from another course.` };
  }
  const learner = read.work.learner?.trim();
  const entry = exercises[exerciseId] as WorkExercise;
  const signals = { exportedAt: read.work.exportedAt, solutionRevealed: entry.solutionRevealed, hintsSeen: entry.hintsSeen };
  const code: LearnerCode = entry.files ? Object.entries(entry.files).map(([name, source]) => ({ name, source })) : (entry.code ?? '');
  return { ok: true, code, ...(learner ? { learner } : {}), signals };
}
