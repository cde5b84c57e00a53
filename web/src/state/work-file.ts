/**
 * "Export my work" in the app: builds the file from the learner's progress and reads one back.
 * The format itself (schema, version) is runner/content/work-file.ts, which `course grade` reads
 * too.
 */
import { assembleFiles, readWorkFile, WORK_FORMAT, WORK_VERSION, type CodeExercise, type Exercise, type WorkFile } from '../../../runner/content/index.ts';
import { exerciseProgress, type Progress } from './progress.ts';

/**
 * Builds the export from progress, with every exercise of the course (untouched ones hold the
 * starter). `learner` is the name the learner typed for their teacher's class report; left out
 * when blank.
 */
export function toWorkFile(progress: Progress, exercises: readonly (Pick<Exercise, 'id' | 'language' | 'starter'> & Partial<Pick<CodeExercise, 'files'>>)[], now: Date, learner = ''): WorkFile {
  const out: WorkFile['exercises'] = {};
  for (const exercise of exercises) {
    const p = exerciseProgress(progress, exercise.id);
    // An exercise of several files: every file, read-only ones included, so the file grades alone.
    const code = exercise.files
      ? { files: Object.fromEntries(assembleFiles(exercise.files, exercise.starter, p.files ?? {}).map((f) => [f.name, f.source])) }
      : { code: p.code ?? (exercise.starter as string) };
    out[exercise.id] = {
      ...code,
      language: exercise.language,
      passed: p.passed,
      hintsSeen: p.hintsSeen,
      solutionRevealed: p.solutionRevealed,
    };
  }
  const name = learner.trim();
  return { format: WORK_FORMAT, version: WORK_VERSION, exportedAt: now.toISOString(), ...(name ? { learner: name } : {}), exercises: out };
}

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

/** File name of a download, e.g. `jsonrpc-course-work-2026-11-30.json`. */
export function workFileName(now: Date): string {
  return `${WORK_FORMAT}-${now.toISOString().slice(0, 10)}.json`;
}
