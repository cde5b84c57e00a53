/**
 * Loads the whole course from its files: every lesson under lessons/, every exercise folder under
 * exercises/, then the checks that need both (ids and orders unique, embeds resolve, each exercise
 * embedded in its own lesson) and the order consumers rely on.
 */
import type { Diagnostic } from './diagnostic.ts';
import { checkExamplesExercises } from './examples-exercise.ts';
import { loadExercise } from './exercise.ts';
import type { LoadExerciseResult } from './exercise.ts';
import { loadLesson } from './lesson.ts';
import type { LoadLessonResult } from './lesson.ts';
import { diagnostic } from './position.ts';
import type { Course, CourseFiles, Exercise, Lesson } from './types.ts';

export interface LoadCourseResult {
  course: Course;
  /** Every problem found, sorted by file, line and column. */
  diagnostics: Diagnostic[];
}

/**
 * Lesson and exercise loads remembered by the text of their files, for a caller that loads the
 * same course again after an edit (the dev server's live preview): only what changed is parsed
 * again. Each load keeps just the entries it used, so the cache stays the size of the course.
 * Loads are pure, so a remembered result is the result; callers must not change it.
 */
export interface LoadCourseCache {
  lessons: Map<string, LoadLessonResult>;
  exercises: Map<string, LoadExerciseResult>;
}

export function createLoadCourseCache(): LoadCourseCache {
  return { lessons: new Map(), exercises: new Map() };
}

const LESSON_FILE = /^lessons\/[^/]+\.md$/;
const EXERCISE_FOLDER = /^exercises\/([^/]+)\//;

/**
 * Builds the `Course` from `files` (path relative to the course root -> text). Lessons are
 * `lessons/*.md` except README.md; exercises are the folders directly under exercises/. Content
 * problems never throw: lessons or exercises that cannot be loaded are left out and reported.
 */
export function loadCourse(files: CourseFiles, cache?: LoadCourseCache): LoadCourseResult {
  const used = createLoadCourseCache();
  const diagnostics: Diagnostic[] = [];
  const lessons: Array<LoadLessonResult & { lesson: Lesson }> = [];
  for (const [path, text] of files) {
    if (!LESSON_FILE.test(path) || path === 'lessons/README.md') continue;
    const key = `${path}\0${text}`;
    const loaded = cache?.lessons.get(key) ?? loadLesson(path, text);
    used.lessons.set(key, loaded);
    diagnostics.push(...loaded.diagnostics);
    if (loaded.lesson) lessons.push({ ...loaded, lesson: loaded.lesson });
  }
  const folders = new Set<string>();
  for (const path of files.keys()) {
    const id = EXERCISE_FOLDER.exec(path)?.[1];
    if (id && !id.startsWith('.')) folders.add(id);
  }
  const exercises: Array<LoadExerciseResult & { exercise: Exercise }> = [];
  for (const id of folders) {
    const prefix = `exercises/${id}/`;
    const key = JSON.stringify([...files].filter(([path]) => path.startsWith(prefix)));
    const loaded = cache?.exercises.get(key) ?? loadExercise(`exercises/${id}`, files);
    used.exercises.set(key, loaded);
    diagnostics.push(...loaded.diagnostics);
    if (loaded.exercise) exercises.push({ ...loaded, exercise: loaded.exercise });
  }

  lessons.sort((a, b) => a.lesson.order - b.lesson.order || compare(a.lesson.file, b.lesson.file));
  diagnostics.push(...checkLessons(lessons), ...checkEmbeds(lessons, exercises, folders), ...checkExamplesExercises(exercises, folders));

  const lessonIndex = new Map(lessons.map(({ lesson }, i) => [lesson.id, i]));
  const position = new Map<string, number>();
  for (const { exerciseRefs } of lessons) exerciseRefs.forEach((ref, i) => position.has(ref.id) || position.set(ref.id, i));
  const rank = (e: Exercise) => [lessonIndex.get(e.lesson) ?? Infinity, position.get(e.id) ?? Infinity] as const;
  const sorted = exercises.map(({ exercise }) => exercise).sort((a, b) => {
    const [la, pa] = rank(a);
    const [lb, pb] = rank(b);
    return la - lb || pa - pb || compare(a.id, b.id);
  });
  diagnostics.sort((a, b) => compare(a.file, b.file) || a.line - b.line || a.column - b.column);
  if (cache) {
    cache.lessons = used.lessons;
    cache.exercises = used.exercises;
  }
  return { course: { lessons: lessons.map(({ lesson }) => lesson), exercises: sorted }, diagnostics };
}

/** Lesson ids and orders are unique; the later file (in course order) is the one reported. */
function checkLessons(lessons: ReadonlyArray<LoadLessonResult & { lesson: Lesson }>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const ids = new Map<string, string>();
  const orders = new Map<number, string>();
  for (const { lesson, locate } of lessons) {
    const sameId = ids.get(lesson.id);
    if (sameId) {
      const message = `The lesson id \`${lesson.id}\` is already used by ${sameId}; lesson ids must be unique.`;
      diagnostics.push(diagnostic(lesson.file, 'course/duplicate-lesson-id', 'error', message, locate(['id'])));
    } else ids.set(lesson.id, lesson.file);
    const sameOrder = orders.get(lesson.order);
    if (sameOrder) {
      const message = `The order ${lesson.order} is already used by ${sameOrder}; give each lesson its own position.`;
      diagnostics.push(diagnostic(lesson.file, 'course/duplicate-lesson-order', 'error', message, locate(['order'])));
    } else orders.set(lesson.order, lesson.file);
  }
  return diagnostics;
}

/** Embeds name existing exercises; each exercise names an existing lesson that embeds it. */
function checkEmbeds(
  lessons: ReadonlyArray<LoadLessonResult & { lesson: Lesson }>,
  exercises: ReadonlyArray<LoadExerciseResult & { exercise: Exercise }>,
  folders: ReadonlySet<string>,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const embeddedIn = new Map<string, string[]>();
  for (const { lesson, exerciseRefs } of lessons) {
    for (const ref of exerciseRefs) {
      if (!folders.has(ref.id)) {
        const message = `There is no exercise \`${ref.id}\` (no folder exercises/${ref.id}/); fix the id or add the exercise.`;
        diagnostics.push(diagnostic(lesson.file, 'course/unknown-exercise', 'error', message, ref));
      }
      embeddedIn.set(ref.id, [...(embeddedIn.get(ref.id) ?? []), lesson.id]);
    }
  }
  const lessonIds = new Set(lessons.map(({ lesson }) => lesson.id));
  for (const { exercise, locate } of exercises) {
    const taskFile = `${exercise.dir}/task.md`;
    const at = locate?.(['lesson']);
    if (!lessonIds.has(exercise.lesson)) {
      const message = `There is no lesson with id \`${exercise.lesson}\`; set \`lesson\` to the id of the lesson that teaches this exercise.`;
      diagnostics.push(diagnostic(taskFile, 'course/unknown-lesson', 'error', message, at));
      continue;
    }
    const where = embeddedIn.get(exercise.id) ?? [];
    if (!where.includes(exercise.lesson)) {
      const elsewhere = where.length > 0 ? ` (it is embedded in ${where.map((l) => `\`${l}\``).join(', ')})` : '';
      const message = `The lesson \`${exercise.lesson}\` does not embed this exercise${elsewhere}; add \`::exercise{id=${exercise.id}}\` to it so learners meet it.`;
      diagnostics.push(diagnostic(taskFile, 'course/exercise-not-embedded', 'warning', message, at));
    }
  }
  return diagnostics;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
