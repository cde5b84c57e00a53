/**
 * The parsed course, as every consumer sees it (CLI, web app, grader). Produced from plain files
 * by the loaders in this folder; pure data, JSON-serialisable, so the web app can import it whole.
 */
import type { EquivalentMutants } from './equivalent-mutants.ts';
import type { Fingerprints } from './fingerprints.ts';
import type { LearnerCode } from './learner-files.ts';
import type { CodeExerciseFrontMatter, ExamplesExerciseFrontMatter, LessonFrontMatter } from './schema.ts';

/** A known-wrong solution kept beside an exercise to prove its tests catch a mistake. */
export interface Mutant {
  /** File name without extension, e.g. `id-zero-is-notification`. */
  name: string;
  /** Path relative to the course root. */
  file: string;
  /** The mistake, for instructors, from the header line `// mistake: ...`. */
  mistake: string;
  /** What a learner whose code fails like this one reads, from `// learner: ...` (see mutant-header.ts). */
  learner: string;
  /** 1-based number of the exercise hint that addresses the misunderstanding, from `// hint: <n>`. */
  hint?: number;
  /**
   * What a learner reads when their examples catch this mutant ("caught: <it>"), from
   * `// catches: ...`, in the third person: "a router that treats id 0 as a notification".
   */
  catches?: string;
  source: LearnerCode;
}

/**
 * A correct solution in another style than the reference (a `Map`, a class, `switch`, async...),
 * kept beside an exercise to prove its tests are not over-strict: each must pass.
 */
export interface Variant {
  /** File name without extension, e.g. `map-table`. */
  name: string;
  /** Path relative to the course root. */
  file: string;
  source: LearnerCode;
}

/** What every exercise folder gives, whatever its kind. */
interface ExerciseFiles {
  /** Folder relative to the course root, e.g. `exercises/route`. */
  dir: string;
  /** Markdown body of task.md (front matter removed). */
  task: string;
  /** 1-based line in task.md where the body starts, for diagnostics. */
  taskLine: number;
  /** What the learner's editor starts with. */
  starter: LearnerCode;
  /** The reference: a solution for a code exercise, a set of examples for an examples exercise. */
  solution: LearnerCode;
}

/** An exercise where the learner writes functions and tests.test.js judges them (`kind: code`). */
export interface CodeExercise extends CodeExerciseFrontMatter, ExerciseFiles {
  /** Source of tests.test.js and its path relative to the course root. */
  tests: string;
  testsFile: string;
  mutants: Mutant[];
  /** variants/*: correct alternatives, each of which must pass. */
  variants: Variant[];
  /** equivalent-mutants.yml, when the folder has one: generated mutants recorded as equivalent. */
  equivalentMutants?: EquivalentMutants;
  /** fingerprints.json, when the folder has one: the tests each mutant fails (see fingerprints.ts). */
  fingerprints?: Fingerprints;
}

/**
 * An exercise where the learner writes examples of a function they have not written yet
 * (`kind: examples`): the reference solution and the mutants of the code exercise `of` are run
 * on them. The folder holds task.md, the starter and the reference examples (`solution`), and
 * nothing of `of`: the loader checks that `of` names a code exercise (see examples-of.ts).
 */
export interface ExamplesExercise extends ExamplesExerciseFrontMatter, ExerciseFiles {
  /** An examples file is always one file. */
  starter: string;
  solution: string;
}

/** An exercise of any kind; `kind` tells them apart. */
export type Exercise = CodeExercise | ExamplesExercise;

/** A quiz option; `feedback` is Markdown shown once the option is chosen. */
export interface QuestionOption {
  text: string;
  correct: boolean;
  feedback: string;
}

/**
 * A lesson body cut into Markdown prose and interactive blocks, in reading order.
 * `line` is the 1-based line in the lesson file where the segment starts.
 */
export type LessonSegment =
  | { kind: 'markdown'; line: number; markdown: string }
  | { kind: 'mermaid'; line: number; source: string }
  | { kind: 'runnable'; line: number; language: 'js' | 'ts'; code: string }
  | { kind: 'predict'; line: number; prompt: string; language: 'js' | 'ts'; code: string; explanation: string }
  | { kind: 'question'; line: number; id: string; prompt: string; options: QuestionOption[] }
  | { kind: 'exercise'; line: number; id: string };

export interface Lesson extends LessonFrontMatter {
  /** Path relative to the course root, e.g. `lessons/01-the-router.md`. */
  file: string;
  segments: LessonSegment[];
}

export interface Course {
  /** Sorted by `order`. */
  lessons: Lesson[];
  /** Sorted by lesson order, then by first appearance in the lesson, then by id. */
  exercises: Exercise[];
}

/** Course files as the loaders take them: path relative to the course root -> text. */
export type CourseFiles = ReadonlyMap<string, string>;
