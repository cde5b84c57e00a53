/** Loads every exercise of the course from disk, for the sandbox tests and the benchmark. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadExercise } from '../runner/content/exercise.ts';
import type { CodeExercise, Exercise } from '../runner/content/types.ts';
import { gradingJob, type CodeJob, type ExamplesJob } from '../runner/core/index.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';

export const COURSE_ROOT = join(import.meta.dirname, '..');

/** Every exercise of the course, of either kind, in folder order. */
export async function loadAllExercises(): Promise<Exercise[]> {
  const files = await readCourseFiles(COURSE_ROOT);
  const dirs = (await readdir(join(COURSE_ROOT, 'exercises'), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => `exercises/${d.name}`).sort();
  const exercises: Exercise[] = [];
  for (const dir of dirs) {
    const { exercise } = loadExercise(dir, files);
    if (exercise) exercises.push(exercise);
  }
  return exercises;
}

/** The code exercises of the course (those with tests and mutants of their own). */
export async function loadExercises(): Promise<CodeExercise[]> {
  return (await loadAllExercises()).filter((e): e is CodeExercise => e.kind === 'code');
}

export async function loadExerciseById(id: string): Promise<CodeExercise> {
  const found = (await loadExercises()).find((e) => e.id === id);
  if (!found) throw new Error(`code exercise ${id} did not load`);
  return found;
}

/** Each exercise with what a grader takes: itself, or for an examples exercise its job. */
export async function loadGradable(): Promise<Array<{ exercise: Exercise; job: CodeJob | ExamplesJob }>> {
  const all = await loadAllExercises();
  const find = (id: string) => all.find((e) => e.id === id);
  return all.map((exercise) => ({ exercise, job: gradingJob(exercise, find) }));
}
