/**
 * The course the app shows: the outline (fixed at build time, hot-updated in the dev server) and
 * lesson bundles, each loaded on first visit from its own chunk and cached.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { diagnostics as initialDiagnostics, lessonLoaders as initialLoaders, outline as initialOutline } from 'virtual:course-outline';
import type { Diagnostic } from '../../runner/content/index.ts';
import type { CourseOutline, LessonBundle } from './course/split.ts';

export interface OutlineSnapshot {
  outline: CourseOutline;
  diagnostics: Diagnostic[];
}

export type LessonState =
  | { status: 'loading' }
  | { status: 'ready'; bundle: LessonBundle }
  | { status: 'missing' }
  | { status: 'failed'; message: string };

// One object, so React sees the same snapshot until something changes.
const LOADING: LessonState = { status: 'loading' };

let outlineSnapshot: OutlineSnapshot = { outline: initialOutline, diagnostics: initialDiagnostics };
let loaders = initialLoaders;
const lessons = new Map<string, LessonState>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (import.meta.hot) {
  window.addEventListener('course-outline-update', (event) => {
    const next = (event as CustomEvent<OutlineSnapshot & { lessonLoaders: typeof loaders }>).detail;
    outlineSnapshot = { outline: next.outline, diagnostics: next.diagnostics };
    loaders = next.lessonLoaders;
    notify();
  });
  window.addEventListener('course-lesson-update', (event) => {
    const { bundle } = (event as CustomEvent<{ bundle: LessonBundle | null }>).detail;
    if (bundle) lessons.set(bundle.lesson.id, { status: 'ready', bundle });
    notify();
  });
}

const pending = new Map<string, Promise<void>>();

/**
 * Starts loading a lesson's bundle unless it is loaded or loading; settles (never rejects) once
 * the lesson is ready, missing or failed.
 */
export function loadLesson(id: string): Promise<void> {
  const current = lessons.get(id);
  if (current && current.status !== 'failed') return pending.get(id) ?? Promise.resolve();
  // An own property only: "constructor" names no lesson.
  const loader = Object.hasOwn(loaders, id) ? loaders[id] : undefined;
  if (!loader) {
    lessons.set(id, { status: 'missing' });
    notify();
    return Promise.resolve();
  }
  lessons.set(id, { status: 'loading' });
  notify();
  const loading = loader()
    .then(
      ({ bundle }) => {
        lessons.set(id, bundle ? { status: 'ready', bundle } : { status: 'missing' });
      },
      () => {
        lessons.set(id, { status: 'failed', message: 'This lesson could not be loaded. Check your connection, then reload the page.' });
      },
    )
    .finally(() => {
      pending.delete(id);
      notify();
    });
  pending.set(id, loading);
  return loading;
}

/** The course outline and the content diagnostics. */
export function useCourseOutline(): OutlineSnapshot {
  return useSyncExternalStore(subscribe, () => outlineSnapshot);
}

/** One lesson, loading it on first use. */
export function useLesson(id: string): LessonState {
  useEffect(() => void loadLesson(id), [id]);
  return useSyncExternalStore(subscribe, () => lessons.get(id) ?? LOADING);
}

/** The outline outside React (the export of the learner's work). */
export function currentOutline(): CourseOutline {
  return outlineSnapshot.outline;
}
