/**
 * What `course check` finds, in the shapes its parts pass each other: the report of one exercise
 * (check-course.ts, check-examples.ts), the whole check's report (its `--format json`), and what
 * the cache (check-cache.ts) stores per unit. Declared here, below all of them, so none of those
 * files imports another for a type.
 */
import type { CourseFiles, Diagnostic, Fingerprints } from '../../content/index.ts';
import type { RunStatus } from '../../core/index.ts';

/** One mutant of an exercise, and the test that catches it. */
export interface MutantReport {
  name: string;
  mistake: string;
  /** Full name of the first test that fails against the mutant; null when none does. */
  caughtBy: string | null;
  /** `not-run` when the mutant's own file has errors (reported by the loader). */
  status: RunStatus | 'not-run';
}

/** What checking one exercise found. */
export interface ExerciseReport {
  id: string;
  /** Set for an examples exercise: its mutants are those of its `of`, caught by its reference examples. */
  kind?: 'examples';
  /** The solution's run status: `pass` is required. `not-run` when the exercise could not run. */
  solution: RunStatus | 'not-run';
  /** The starter's run status: anything but `pass` is required. */
  starter: RunStatus | 'not-run';
  mutants: MutantReport[];
  /** Each correct alternative (variants/) and how its run ended: `pass` is required. */
  variants?: { name: string; status: RunStatus }[];
  /**
   * Each freedom the tests file declares, proved by a derived variant (the reference with every
   * answer varied through it): `pass` is required, and `varied` counts the answers it changed.
   */
  freedoms?: { name: string; status: RunStatus; varied: number }[];
  /**
   * Every test, and the tests each mutant fails, as this check found them (what fingerprints.json
   * must hold); absent when the solution did not pass or a mutant did not run.
   */
  fingerprints?: Fingerprints;
  /** True when this report comes from an earlier check of the same files and runner. */
  cached?: boolean;
}

/** `course check --format json`: every diagnostic and every exercise's report. */
export interface CheckReport {
  diagnostics: Diagnostic[];
  exercises: ExerciseReport[];
  /** Exercises and lessons taken from the cache instead of being checked again. */
  fromCache: number;
}

/** What checking one unit found: its diagnostics, and for an exercise its report. */
export interface CheckedUnit {
  diagnostics: Diagnostic[];
  report?: ExerciseReport;
}

/** The store behind `course check`'s cache (check-cache.ts opens it). */
export interface CheckCache {
  /** The key of a unit: `exercises/<id>` or a lesson file, with the files it consists of. */
  keyOf(unit: string, files: CourseFiles): string;
  get(key: string): CheckedUnit | undefined;
  set(key: string, unit: CheckedUnit): void;
}
