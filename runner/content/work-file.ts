/**
 * The "Export my work" file, defined once: the web app writes and reads it (web/src/state/
 * work-file.ts) and `course grade` grades it (runner/cli/grade/work-file.ts). One JSON document with
 * the learner's code and progress for every exercise; the format is stable and documented in
 * web/README.md, and a change that breaks readers needs a new `version`.
 */
// zod/mini: the same checks as zod at a fraction of the weight, for the page's import.
import { z } from 'zod/mini';
import { READ_VERSIONS, WORK_FORMAT, WORK_VERSION } from './work-format.ts';

export const workExerciseSchema = z.object({
  code: z.optional(z.string().check(z.describe("The learner's code as it was in the editor (the starter if never edited); an exercise of one file."))),
  files: z.optional(
    z.record(z.string(), z.string()).check(z.describe("An exercise of several files: each file's text as it was in the editor, by its name (the starter's where never edited).")),
  ),
  language: z.enum(['js', 'ts']).check(z.describe('Language of the code.')),
  passed: z.boolean().check(z.describe('True once a Submit passed every test in the browser.')),
  hintsSeen: z.int().check(z.minimum(0), z.describe('How many hints were revealed.')),
  solutionRevealed: z.boolean().check(z.describe('True if the learner opened the reference solution.')),
});

export const workFileSchema = z.object({
  format: z.literal(WORK_FORMAT),
  version: z.union([z.literal(1), z.literal(WORK_VERSION)]),
  exportedAt: z.string().check(z.describe('ISO 8601 time of the export.')),
  // Optional, so files exported before it existed still read; a class report keeps it beside the learner's folder.
  learner: z.optional(z.string().check(z.describe('The name the learner gave when exporting, for the class report.'))),
  exercises: z.record(z.string(), workExerciseSchema).check(z.describe('One entry per exercise id.')),
});

export type WorkFile = z.infer<typeof workFileSchema>;
export type WorkExercise = z.infer<typeof workExerciseSchema>;

/**
 * Why a text is not a work file this version reads: not JSON, another format, another version
 * (with the version it has), or fields missing or wrong.
 */
export type WorkFileProblem = { problem: 'not-json' } | { problem: 'other-format' } | { problem: 'other-version'; version: unknown } | { problem: 'damaged' };

/** Reads a work file; never throws. Each reader words the problem for its own audience. */
export function readWorkFile(text: string): ({ ok: true; work: WorkFile }) | ({ ok: false } & WorkFileProblem) {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  const head = data as { format?: unknown; version?: unknown } | null;
  if (typeof head !== 'object' || head === null || head.format !== WORK_FORMAT) return { ok: false, problem: 'other-format' };
  if (!READ_VERSIONS.includes(head.version)) return { ok: false, problem: 'other-version', version: head.version };
  const parsed = workFileSchema.safeParse(data);
  // Each exercise holds its code one way: one text, or files.
  if (!parsed.success || Object.values(parsed.data.exercises).some((e) => (e.code === undefined) === (e.files === undefined))) return { ok: false, problem: 'damaged' };
  return { ok: true, work: parsed.data };
}
