/**
 * The learner's progress: code per exercise, passed exercises, hints seen, solutions revealed,
 * prediction and question answers. Changed only through {@link reduceProgress}; persisted by
 * progress-storage.ts and exported by work-file.ts.
 */
import type { WorkFile } from '../../../runner/content/index.ts';

export interface ExerciseProgress {
  /** The learner's editor text; absent while it is still the starter. */
  code?: string;
  /** The code replaced by the last Reset, kept so the reset can be undone. */
  codeBeforeReset?: string;
  /** An exercise of several files: each file the learner changed, by name (the others are the starter's). */
  files?: Record<string, string>;
  /** The files replaced by their last Reset, by name, so each reset can be undone. */
  filesBeforeReset?: Record<string, string>;
  /** True once a Submit passed every test; stays true afterwards. */
  passed: boolean;
  /** How many hints the learner has revealed, in order. */
  hintsSeen: number;
  solutionRevealed: boolean;
}

export interface PredictionProgress {
  answer: string;
  correct: boolean;
  /** How many times the prediction was checked (saved progress from before counts as 1). */
  tries?: number;
  /** The learner asked to see the real output before getting it right. */
  revealed?: boolean;
}

/**
 * Whether the real output and the explanation are shown: once the prediction is right, after a
 * second wrong try, or on request. A first wrong try shows neither, so the next try still tests
 * the learner's reading of the code rather than their copying.
 */
export function predictionSettled(p: PredictionProgress | undefined): boolean {
  return p !== undefined && (p.correct || (p.tries ?? 1) >= 2 || p.revealed === true);
}

export interface QuestionProgress {
  /** Indexes of the chosen options. */
  chosen: number[];
  correct: boolean;
}

export interface Progress {
  exercises: Record<string, ExerciseProgress>;
  /** Keyed by {@link predictionKey}. */
  predictions: Record<string, PredictionProgress>;
  /** Keyed by `<lesson id>/<question id>`. */
  questions: Record<string, QuestionProgress>;
}

export type ProgressEvent =
  /** `file`: one file of an exercise of several; absent for an exercise of one. */
  | { type: 'code-changed'; exercise: string; code: string; file?: string }
  | { type: 'code-reset'; exercise: string; file?: string }
  | { type: 'reset-undone'; exercise: string; file?: string }
  | { type: 'submitted'; exercise: string; passed: boolean }
  | { type: 'hint-revealed'; exercise: string; hintsSeen: number }
  | { type: 'solution-revealed'; exercise: string }
  | { type: 'predicted'; key: string; answer: string; correct: boolean }
  | { type: 'prediction-revealed'; key: string }
  | { type: 'answered'; key: string; chosen: number[]; correct: boolean }
  | { type: 'imported'; work: WorkFile }
  | { type: 'cleared' };

export const emptyProgress: Progress = { exercises: {}, predictions: {}, questions: {} };

export const emptyExercise: ExerciseProgress = { passed: false, hintsSeen: 0, solutionRevealed: false };

/** The key of the n-th prediction (0-based) of a lesson; stable while predictions keep their order. */
export function predictionKey(lessonId: string, index: number): string {
  return `${lessonId}/predict-${index + 1}`;
}

/** Progress of one exercise, defaults included. */
export function exerciseProgress(progress: Progress, id: string): ExerciseProgress {
  return progress.exercises[id] ?? emptyExercise;
}

/** `record` without `key`. */
function without(record: Record<string, string> | undefined, key: string): Record<string, string> {
  const { [key]: _gone, ...rest } = record ?? {};
  return rest;
}

/** One file of an exercise of several: changed, reset (kept for undo) or its reset undone. */
function updateFile(e: ExerciseProgress, file: string, event: ProgressEvent['type']): ExerciseProgress {
  const files = e.files ?? {};
  if (event === 'code-reset') {
    // Resetting a file still as it started has nothing to undo; keep the older undo point.
    const current = files[file];
    if (current === undefined) return e;
    return { ...e, files: without(files, file), filesBeforeReset: { ...e.filesBeforeReset, [file]: current } };
  }
  const before = e.filesBeforeReset?.[file];
  if (before === undefined) return e;
  return { ...e, files: { ...files, [file]: before }, filesBeforeReset: without(e.filesBeforeReset, file) };
}

function updateExercise(progress: Progress, id: string, change: (e: ExerciseProgress) => ExerciseProgress): Progress {
  return { ...progress, exercises: { ...progress.exercises, [id]: change(exerciseProgress(progress, id)) } };
}

/** Pure transition of the learner's progress. */
export function reduceProgress(progress: Progress, event: ProgressEvent): Progress {
  switch (event.type) {
    case 'code-changed': {
      const { file } = event;
      return updateExercise(progress, event.exercise, (e) => (file === undefined ? { ...e, code: event.code } : { ...e, files: { ...e.files, [file]: event.code } }));
    }
    case 'code-reset':
      if (event.file !== undefined) return updateExercise(progress, event.exercise, (e) => updateFile(e, event.file as string, event.type));
      return updateExercise(progress, event.exercise, (e) => {
        // Resetting the starter itself has nothing to undo; keep the older undo point.
        if (e.code === undefined) return e;
        const { code, ...rest } = e;
        return { ...rest, codeBeforeReset: code };
      });
    case 'reset-undone':
      if (event.file !== undefined) return updateExercise(progress, event.exercise, (e) => updateFile(e, event.file as string, event.type));
      return updateExercise(progress, event.exercise, (e) => {
        if (e.codeBeforeReset === undefined) return e;
        const { codeBeforeReset, ...rest } = e;
        return { ...rest, code: codeBeforeReset };
      });
    case 'submitted':
      return updateExercise(progress, event.exercise, (e) => ({ ...e, passed: e.passed || event.passed }));
    case 'hint-revealed':
      return updateExercise(progress, event.exercise, (e) => ({ ...e, hintsSeen: Math.max(e.hintsSeen, event.hintsSeen) }));
    case 'solution-revealed':
      return updateExercise(progress, event.exercise, (e) => ({ ...e, solutionRevealed: true }));
    case 'predicted': {
      const before = progress.predictions[event.key];
      const tries = (before ? (before.tries ?? 1) : 0) + 1;
      const next: PredictionProgress = { answer: event.answer, correct: event.correct, tries, ...(before?.revealed ? { revealed: true } : {}) };
      return { ...progress, predictions: { ...progress.predictions, [event.key]: next } };
    }
    case 'prediction-revealed': {
      const before = progress.predictions[event.key];
      if (!before) return progress;
      return { ...progress, predictions: { ...progress.predictions, [event.key]: { ...before, revealed: true } } };
    }
    case 'answered':
      return { ...progress, questions: { ...progress.questions, [event.key]: { chosen: event.chosen, correct: event.correct } } };
    case 'imported': {
      // The file is the learner's own work: it wins over what this browser holds, exercise by exercise.
      const exercises = { ...progress.exercises };
      for (const [id, w] of Object.entries(event.work.exercises)) {
        const before = exerciseProgress(progress, id);
        exercises[id] = {
          ...before,
          ...(w.files ? { files: w.files } : { code: w.code ?? '' }),
          passed: before.passed || w.passed,
          hintsSeen: Math.max(before.hintsSeen, w.hintsSeen),
          solutionRevealed: before.solutionRevealed || w.solutionRevealed,
        };
      }
      return { ...progress, exercises };
    }
    case 'cleared':
      return emptyProgress;
  }
}
