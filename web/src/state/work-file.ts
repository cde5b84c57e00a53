/**
 * "Export my work" in the app: builds the file from the learner's progress (read-work-file.ts
 * reads one back). The format itself (schema, version) is runner/content/work-file.ts, which
 * `course grade` reads too.
 */
import { assembleFiles, WORK_FORMAT, WORK_VERSION, type CodeExercise, type Exercise, type WorkFile } from '../../../runner/content/index.ts';
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

/** File name of a download, e.g. `jsonrpc-course-work-2026-11-30.json`. */
export function workFileName(now: Date): string {
  return `${WORK_FORMAT}-${now.toISOString().slice(0, 10)}.json`;
}
