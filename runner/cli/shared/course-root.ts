/**
 * Finds the course on disk and loads it: every command starts here. The course root is the
 * folder holding lessons/ and exercises/: `--root`, else the nearest such folder above the
 * working directory, else the course the command itself lives in. The last is how a host runs
 * it (`node /path/to/course/runner/cli/bin.cjs serve ...` from a folder of the host's own).
 */
// Synchronous file access throughout the command: a few small files, and node:fs/promises costs
// more to load than the reads it would overlap (bench/README.md, section 5).
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Course, CourseFiles, Diagnostic, Exercise } from '../../content/index.ts';
import { readCourseFiles } from '../../node/read-course.ts';
import { UsageError } from './exit.ts';

export interface OpenCourse {
  /** Absolute path of the course root. */
  root: string;
  course: Course;
  /** The files it was loaded from, relative to the root. */
  files: CourseFiles;
  diagnostics: Diagnostic[];
}

function isCourseRoot(dir: string): boolean {
  return existsSync(join(dir, 'lessons')) || existsSync(join(dir, 'exercises'));
}

/** The nearest course folder at or above `dir`, if any. */
function courseAbove(dir: string): string | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (isCourseRoot(at)) return at;
    if (dirname(at) === at) return undefined;
  }
}

/**
 * The folder of the script this process started (`node <script>`, or npm's `.bin/course` link to
 * it), links resolved: the command's own course lies above it.
 */
function commandFolder(): string | undefined {
  const script = process.argv[1];
  if (script === undefined) return undefined;
  try {
    return dirname(realpathSync(script));
  } catch {
    return undefined;
  }
}

/**
 * The course root for `--root` (checked) or, without it, the nearest course folder upwards from
 * the working directory, else from the command's own folder.
 */
export function findCourseRoot(rootOption: string | undefined, cwd = process.cwd(), home = commandFolder()): string {
  if (rootOption !== undefined) {
    const root = resolve(cwd, rootOption);
    if (!isCourseRoot(root)) throw new UsageError(`--root ${rootOption} has no lessons/ or exercises/ folder; point it at the course root.`);
    return root;
  }
  const found = courseAbove(cwd) ?? (home === undefined ? undefined : courseAbove(home));
  if (found !== undefined) return found;
  throw new UsageError('No course found here: no lessons/ or exercises/ folder in this folder or above it, nor above the command itself. Run from the course root or pass --root <dir>.');
}

/** Reads and parses the course; content problems come back as diagnostics, never as throws. */
export async function openCourse(rootOption: string | undefined): Promise<OpenCourse> {
  const root = findCourseRoot(rootOption);
  const files = await readCourseFiles(root);
  // The content loaders pull in the Markdown toolchain: loaded on use, so --help stays fast.
  const { loadCourse } = await import('../../content/index.ts');
  const { course, diagnostics } = loadCourse(files);
  return { root, course, files, diagnostics };
}

export interface OpenExercise {
  root: string;
  exercise: Exercise | undefined;
  /** An examples exercise: the exercise its `of` names, whose solution and mutants it runs; loaded as far as it loads. */
  of?: Exercise | undefined;
  /** The exercise folder's files (and its `of` folder's), relative to the root. */
  files: CourseFiles;
  /**
   * Problems in the exercise's own folder, and for an examples exercise in its `of` folder and
   * between the two (the other course-wide checks are `course check`'s).
   */
  diagnostics: Diagnostic[];
}

export interface OpenExerciseOptions {
  /**
   * False to read only the mutants' headers (the sentences that name a learner's mistake):
   * grading never runs a mutant, and parsing their code is most of loading an exercise.
   */
  mutants?: boolean;
}

/**
 * Reads and loads one exercise folder only: grading needs nothing else, and skipping the lessons'
 * Markdown toolchain and the other exercises saves most of the command's start-up (bench/README.md).
 * Unknown ids are misuse, listed with the known ones.
 */
export async function openExercise(rootOption: string | undefined, id: string, options: OpenExerciseOptions = {}): Promise<OpenExercise> {
  const root = findCourseRoot(rootOption);
  const folder = `exercises/${id}`;
  const read = /^[^/\\.][^/\\]*$/.test(id) ? await readCourseFiles(root, [folder]) : new Map<string, string>();
  const files = read;
  if (files.size === 0) {
    const entries = (() => {
      try {
        return readdirSync(join(root, 'exercises'), { withFileTypes: true });
      } catch {
        return [];
      }
    })();
    const known = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
    throw new UsageError(`There is no exercise "${id}". Known exercises: ${known.join(', ') || 'none'}.`);
  }
  const { checkExamplesExercises, loadExercise } = await import('../../content/index.ts');
  const loaded = loadExercise(folder, files, { parseMutants: options.mutants !== false });
  const { exercise } = loaded;
  if (exercise?.kind !== 'examples') return { root, exercise, files, diagnostics: loaded.diagnostics };
  // An examples exercise runs the solution and mutants of its `of`: that folder is needed too.
  const ofFolder = `exercises/${exercise.of}`;
  const ofFiles = await readCourseFiles(root, [ofFolder]);
  const of = ofFiles.size ? loadExercise(ofFolder, ofFiles, { parseMutants: options.mutants !== false }) : undefined;
  const both = new Map([...files, ...ofFiles]);
  const found = [{ exercise, locate: loaded.locate }, ...(of?.exercise ? [{ exercise: of.exercise, locate: of.locate }] : [])];
  const across = checkExamplesExercises(found, new Set(ofFiles.size ? [exercise.id, exercise.of] : [exercise.id]));
  return { root, exercise, of: of?.exercise, files: both, diagnostics: [...loaded.diagnostics, ...(of?.diagnostics ?? []), ...across] };
}

/**
 * A course-relative path as the user should see it: relative to the working directory, so
 * editors and CI annotations can open it, with forward slashes.
 */
export function displayPath(root: string, file: string, cwd = process.cwd()): string {
  const path = relative(cwd, join(root, file)) || '.';
  return sep === '/' ? path : path.split(sep).join('/');
}

/** The diagnostic with its file shown relative to the working directory. */
export function displayDiagnostic(root: string, d: Diagnostic): Diagnostic {
  return { ...d, file: displayPath(root, d.file) };
}
