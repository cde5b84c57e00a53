/** Types of the module served by web/vite-plugin-course.ts. */
declare module 'virtual:course' {
  import type { Diagnostic } from '../../runner/content/diagnostic.ts';
  import type { Course } from '../../runner/content/types.ts';

  /** The whole course, mutants removed. */
  export const course: Course;
  /** Content problems found while loading; shown to instructors in the dev server. */
  export const diagnostics: Diagnostic[];
}
