/**
 * The course the app shows. In production it is fixed at build time; in the dev server the
 * `virtual:course` module hot-updates and announces the new course with a `course-update` event.
 */
import { useSyncExternalStore } from 'react';
import { course as initialCourse, diagnostics as initialDiagnostics } from 'virtual:course';
import type { Diagnostic } from '../../runner/content/diagnostic.ts';
import type { Course, Exercise, Lesson } from '../../runner/content/types.ts';

export interface CourseSnapshot {
  course: Course;
  diagnostics: Diagnostic[];
}

let snapshot: CourseSnapshot = { course: initialCourse, diagnostics: initialDiagnostics };
const listeners = new Set<() => void>();

if (import.meta.hot) {
  window.addEventListener('course-update', (event) => {
    snapshot = (event as CustomEvent<CourseSnapshot>).detail;
    listeners.forEach((l) => l());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current course (re-renders on hot updates in the dev server). */
export function useCourse(): CourseSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** The current course outside React (export of work). */
export function currentCourse(): Course {
  return snapshot.course;
}

/** Exercises embedded in a lesson, in reading order. */
export function lessonExercises(course: Course, lesson: Lesson): Exercise[] {
  const ids = lesson.segments.flatMap((s) => (s.kind === 'exercise' ? [s.id] : []));
  return ids.flatMap((id) => course.exercises.filter((e) => e.id === id));
}
