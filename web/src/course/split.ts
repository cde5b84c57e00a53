/**
 * The course cut for the browser: a small outline for every page (titles, summaries, starters
 * for the export) and one bundle per lesson (its segments and its exercises, tests and solutions
 * included) that loads when the lesson is opened. The first load stays small however many
 * lessons the course grows.
 */
import type { Root } from 'hast';
import type { CodeExercise, Course, Exercise, Lesson } from '../../../runner/content/index.ts';
import { pageExercise, type BuildMode, type PageExercise } from './page-exercise.ts';
import type { MarkdownTrees } from '../markdown/markdown-trees.ts';
import { renderedMarkdown } from './rendered-markdown.ts';

export interface LessonOutline extends Pick<Lesson, 'id' | 'title' | 'order' | 'summary' | 'specs' | 'file'> {
  /** Exercises embedded in the lesson, in reading order. */
  exerciseIds: string[];
}

/** What the export needs of every exercise, also those of lessons not opened yet. */
/** `files` for an exercise of several files: an export holds each, read-only ones the starter's. */
export type ExerciseOutline = Pick<Exercise, 'id' | 'title' | 'lesson' | 'language' | 'starter'> & Partial<Pick<CodeExercise, 'files'>>;

export interface CourseOutline {
  lessons: LessonOutline[];
  exercises: ExerciseOutline[];
}

export interface LessonBundle {
  lesson: Lesson;
  /** The lesson's embedded exercises as the page gets them (no mutant code; see page-exercise.ts). */
  exercises: PageExercise[];
  /** Every Markdown string the lesson page renders, parsed at build time (see `rendered-markdown.ts`). */
  markdown: MarkdownTrees;
}

export interface BundleOptions {
  /** Parses one Markdown string: `markdownTree` from `markdown/markdown-tree.ts` in the build. */
  markdownTree: (markdown: string) => Root;
  /** `assessed` leaves out hidden checks and solutions (default `practice`). */
  mode?: BuildMode;
}

/** Exercise ids embedded in a lesson, in reading order, each once. */
export function embeddedExerciseIds(lesson: Lesson): string[] {
  return [...new Set(lesson.segments.flatMap((s) => (s.kind === 'exercise' ? [s.id] : [])))];
}

/** The outline of a course. */
export function outlineOf(course: Course): CourseOutline {
  const known = new Set(course.exercises.map((e) => e.id));
  return {
    lessons: course.lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      order: lesson.order,
      summary: lesson.summary,
      specs: lesson.specs,
      file: lesson.file,
      exerciseIds: embeddedExerciseIds(lesson).filter((id) => known.has(id)),
    })),
    exercises: course.exercises.map((e) => ({ id: e.id, title: e.title, lesson: e.lesson, language: e.language, starter: e.starter, ...(e.kind === 'code' && e.files ? { files: e.files } : {}) })),
  };
}

/** The bundle of one lesson; undefined for an unknown id. */
export function bundleOf(course: Course, lessonId: string, options: BundleOptions): LessonBundle | undefined {
  const lesson = course.lessons.find((l) => l.id === lessonId);
  if (!lesson) return undefined;
  const ids = embeddedExerciseIds(lesson);
  const find = (id: string) => course.exercises.find((e) => e.id === id);
  // An examples exercise whose code exercise did not load cannot run: left out, so the page shows
  // it as missing (with the content problems) instead of the whole lesson failing to load.
  const runnable = (e: (typeof course.exercises)[number]) => e.kind !== 'examples' || find(e.of)?.kind === 'code';
  const exercises = course.exercises.filter((e) => ids.includes(e.id) && runnable(e)).map((e) => pageExercise(e, options.mode, find));
  // fromEntries defines own properties, so even a text "__proto__" is kept as a key.
  const markdown: MarkdownTrees = Object.fromEntries(renderedMarkdown(lesson, exercises).map((text) => [text, options.markdownTree(text)]));
  return { lesson, exercises, markdown };
}
