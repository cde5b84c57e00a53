/** Loads every exercise of the course from disk, for the sandbox tests and the benchmark. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadExercise } from '../runner/content/exercise.ts';
import type { Exercise } from '../runner/content/types.ts';
import { readCourseFiles } from '../runner/node/read-course.ts';

export const COURSE_ROOT = join(import.meta.dirname, '..');

export async function loadExercises(): Promise<Exercise[]> {
  const files = await readCourseFiles(COURSE_ROOT);
  const dirs = (await readdir(join(COURSE_ROOT, 'exercises'), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => `exercises/${d.name}`).sort();
  const exercises: Exercise[] = [];
  for (const dir of dirs) {
    const { exercise } = loadExercise(dir, files);
    if (exercise) exercises.push(exercise);
  }
  return exercises;
}

export async function loadExerciseById(id: string): Promise<Exercise> {
  const found = (await loadExercises()).find((e) => e.id === id);
  if (!found) throw new Error(`exercise ${id} did not load`);
  return found;
}
