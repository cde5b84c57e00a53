/**
 * "Import" in the app: reads a work file back, with a sentence for the learner when it cannot.
 * A module of its own, loaded on the first import: the format's checks (zod) stay out of the
 * page's first load.
 */
import { readWorkFile, type WorkFile } from '../../../runner/content/index.ts';

export type ParsedWork = { ok: true; work: WorkFile } | { ok: false; message: string };

const PROBLEMS = {
  'not-json': 'This file is not JSON. Choose the file that "Export my work" downloaded.',
  'other-format': 'This file is not an export of this course. Choose the file that "Export my work" downloaded.',
  'other-version': 'This export comes from a different version of the course and cannot be read here.',
  damaged: 'This export is damaged (some fields are missing or wrong), so nothing was imported.',
} as const;

/** Reads an imported file; never throws, the message is for the learner. */
export function parseWorkFile(text: string): ParsedWork {
  const read = readWorkFile(text);
  return read.ok ? read : { ok: false, message: PROBLEMS[read.problem] };
}
