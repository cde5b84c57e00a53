/** Types of the modules served by web/vite-plugin-course.ts. */
declare module 'virtual:course' {
  import type { Diagnostic, Lesson } from '../../runner/content/index.ts';
  import type { PageExercise } from './course/page-exercise.ts';

  /** The whole course as the page gets it (no mutant code; see course/page-exercise.ts). */
  export const course: { lessons: Lesson[]; exercises: PageExercise[] };
  /** Content problems found while loading; shown to instructors in the dev server. */
  export const diagnostics: Diagnostic[];
}

declare module 'virtual:course-outline' {
  import type { Diagnostic } from '../../runner/content/index.ts';
  import type { CourseOutline, LessonBundle } from './course/split.ts';

  export const outline: CourseOutline;
  export const diagnostics: Diagnostic[];
  /** One loader per lesson id: the lesson's own chunk. */
  export const lessonLoaders: Record<string, () => Promise<{ bundle: LessonBundle | null }>>;
}

declare module 'virtual:course-examples' {
  import type { ExamplesJob } from '../../runner/core/index.ts';

  /**
   * One loader per examples exercise id: the chunk with the reference solution and mutants its
   * examples run against. Empty in an assessed build.
   */
  export const examplesLoaders: Record<string, () => Promise<{ job: ExamplesJob | null }>>;
}

declare module 'virtual:course-mutants' {
  import type { MutantSuspects } from './course/page-exercise.ts';

  /** One loader per code exercise id: the chunk with its mutants' code and fingerprints. Empty in an assessed build. */
  export const mutantsLoaders: Record<string, () => Promise<{ suspects: MutantSuspects | null }>>;
}
