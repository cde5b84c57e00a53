/**
 * Finds the submissions `course grade` was given and reads each one's source. A directory is
 * walked for source files in the exercise's language and for work files (.json); any other file
 * in it is skipped with the reason it is not graded (see {@link findSubmissions}). Files named
 * on the command line are taken as they are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../shared/exit.ts';
import { sameName } from '../shared/names.ts';
import { countText } from '../shared/words.ts';
import { assembleFiles, type CodeExercise, type LearnerCode } from '../../content/index.ts';
import type { SkippedFile, WorkSignals } from './types.ts';
import { sourceFromWorkFile } from './work-file.ts';

/** The code to grade, and what a work file says beside it (its typed name and signals). */
export type SubmissionSource = { ok: true; source: LearnerCode; learner?: string; work?: WorkSignals } | { ok: false; message: string };

/** The path as the user sees it: relative to the working directory, forward slashes. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path) || path;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/**
 * A submission found for grading. `notGraded` says why a learner folder holding no submission
 * at all gets an error row instead (its file is the first other file in it).
 */
export interface FoundFile {
  /** Path relative to the working directory, forward slashes. */
  file: string;
  notGraded?: string;
  /**
   * Who handed it in: in a walked folder, the first folder below it (`submissions/route/alice/
   * route.js` is alice's), else the file's name without extension (a work file's typed name
   * takes its place then, see grade-submissions.ts).
   */
  learner: string;
  /** True when `learner` is a learner folder's name, which nothing else overrides. */
  inFolder?: boolean;
}

/** What `findSubmissions` found: the submissions, and the files beside them that are none. */
export interface Found {
  files: FoundFile[];
  skipped: SkippedFile[];
}

/** The learner of `path` found under the walked folder `root` (see {@link FoundFile.learner}). */
export function learnerOf(path: string, root: string): string {
  const parts = relative(root, path).split(sep);
  return parts.length > 1 ? (parts[0] as string) : basename(path, extname(path));
}

const LANGUAGE_NAMES = { js: 'JavaScript', ts: 'TypeScript' } as const;

/** Why a file walked in a folder is not a submission of an exercise in `language`, or undefined. */
export function whyNotGraded(name: string, language: 'js' | 'ts'): string | undefined {
  const extension = extname(name);
  if (extension === `.${language}` || extension === '.json') return undefined;
  const other = language === 'js' ? 'ts' : 'js';
  if (extension === `.${other}`) {
    return `Not graded: this exercise is written in ${LANGUAGE_NAMES[language]}, so it grades .${language} files (and .json work files), and this is a .${other} file. Hand in the code as a .${language} file.`;
  }
  const what = extension ? `a ${extension} file` : 'a file without an extension';
  return `Not graded: ${what} is not a submission; this exercise grades .${language} files and .json work files exported by the course. Hand in the code as a .${language} file.`;
}

interface Walked {
  notGraded: string | undefined;
  learner: string;
  inFolder: boolean;
}

function walk(dir: string, root: string, language: 'js' | 'ts', into: Map<string, Walked>): void {
  const entries = readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, root, language, into);
    else if (entry.isFile() && !into.has(path)) into.set(path, { notGraded: whyNotGraded(entry.name, language), learner: learnerOf(path, root), inFolder: dir !== root });
  }
}

const byFile = (a: { file: string }, b: { file: string }) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);

/**
 * Every submission under `paths` (files as given, directories walked), as paths relative to
 * `cwd`, deduplicated and sorted by code unit so every machine sees the same order. A walked
 * folder's submissions are its source files in the exercise's language and its .json work
 * files; any other file is skipped, with the reason, and gets no row, except that a learner
 * folder with no submission at all gets one error row (its first file, with the reason), so a
 * learner who handed in the wrong file is not missing from the report. With `learner`, only
 * that learner's (by {@link sameName}). When nothing is left to grade, that is misuse.
 */
export async function findSubmissions(paths: readonly string[], language: 'js' | 'ts', cwd = process.cwd(), options: { learner?: string; files?: readonly string[] } = {}): Promise<Found> {
  const found = new Map<string, Walked>();
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const info = statSync(absolute, { throwIfNoEntry: false });
    if (!info) throw new UsageError(`${path} does not exist; pass submission files or folders that do.`);
    // A file named on the command line is graded whatever its extension: the user chose it
    // (and wins over the same file found in a walked folder).
    if (info.isDirectory()) walk(absolute, absolute, language, found);
    else found.set(absolute, { notGraded: undefined, learner: basename(absolute, extname(absolute)), inFolder: false });
  }
  let all = [...(options.files ? severalFiles(found, options.files) : found)].map(([path, walked]) => ({ file: shown(path, cwd) + (path.endsWith(sep) ? '/' : ''), ...walked })).sort(byFile);
  const everyone = [...new Set(all.map((f) => f.learner))].sort();
  if (options.learner !== undefined) {
    const wanted = options.learner;
    all = all.filter((f) => sameName(f.learner, wanted));
    if (all.length === 0) {
      const some = everyone.slice(0, 10).join(', ') + (everyone.length > 10 ? ', ...' : '');
      throw new UsageError(`No submission of the learner "${wanted}" in ${paths.join(', ')}; the learners there are: ${some || 'none'}.`);
    }
  }
  const files: FoundFile[] = [];
  const skipped: SkippedFile[] = [];
  const withSubmission = new Set(all.filter((f) => f.notGraded === undefined && f.inFolder).map((f) => f.learner));
  const rowGiven = new Set<string>();
  for (const f of all) {
    const base = { file: f.file, learner: f.learner, ...(f.inFolder ? { inFolder: true } : {}) };
    if (f.notGraded === undefined) files.push(base);
    else if (f.inFolder && !withSubmission.has(f.learner) && !rowGiven.has(f.learner)) {
      rowGiven.add(f.learner);
      files.push({ ...base, notGraded: f.notGraded });
    } else skipped.push({ file: f.file, learner: f.learner, reason: f.notGraded });
  }
  if (!files.some((f) => f.notGraded === undefined)) {
    const others = all.length ? ` (only ${countText(all.length, 'other file')}, e.g. ${all[0]?.file})` : '';
    throw new UsageError(`No submissions found in ${paths.join(', ')}: expected .${language} files or .json work files${others}.`);
  }
  return { files, skipped };
}

/**
 * An exercise of several files: the files named like them, in one folder, are one submission (the
 * folder, its path ending in a separator); anything else found stays as it was.
 */
function severalFiles(found: ReadonlyMap<string, Walked>, names: readonly string[]): Map<string, Walked> {
  const out = new Map<string, Walked>();
  for (const [path, walked] of found) {
    if (!names.includes(basename(path))) out.set(path, walked);
    else if (!out.has(dirname(path) + sep)) out.set(dirname(path) + sep, { ...walked, notGraded: undefined });
  }
  return out;
}

/** An exercise as reading a submission needs it: its id, and for several files their list and starter. */
export type SubmissionExercise = Pick<CodeExercise, 'id'> & Partial<Pick<CodeExercise, 'files' | 'starter'>>;

/** The files of a submission folder of an exercise of several: each listed one the folder has, or what is missing. */
export function readSubmissionFolder(dir: string, exercise: SubmissionExercise & Pick<CodeExercise, 'files' | 'starter'>): SubmissionSource {
  const given: Record<string, string> = {};
  const missing: string[] = [];
  for (const f of exercise.files ?? []) {
    try {
      given[f.name] = readFileSync(join(dir, f.name), 'utf8');
    } catch {
      if (!f.readonly) missing.push(f.name);
    }
  }
  if (missing.length) return { ok: false, message: `The submission has no ${missing.join(' and no ')}: an exercise of several files grades a folder holding ${(exercise.files ?? []).filter((f) => !f.readonly).map((f) => f.name).join(', ')}.` };
  return { ok: true, source: assembleFiles(exercise.files ?? [], exercise.starter, given) };
}

/**
 * The code to grade: the file itself, from a work file (.json) the exercise's entry, or for an
 * exercise of several files a folder of them (a path ending in "/"). The read-only files are
 * always the exercise's own.
 */
export async function readSubmission(file: string, exercise: SubmissionExercise, cwd = process.cwd()): Promise<SubmissionSource> {
  const exerciseId = exercise.id;
  const several = exercise.files && exercise.starter !== undefined ? { ...exercise, files: exercise.files, starter: exercise.starter } : undefined;
  if (several && file.endsWith('/')) return readSubmissionFolder(resolve(cwd, file), several);
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    return { ok: false, message: `The submission could not be read (${(error as Error).message}).` };
  }
  if (extname(file) !== '.json') return { ok: true, source: text };
  const work = sourceFromWorkFile(text, exerciseId);
  if (!work.ok) return work;
  let source = work.code;
  if (several) {
    if (typeof source === 'string') return { ok: false, message: `This work file holds one text for "${exerciseId}", which has several files; export the work again from the current course.` };
    source = assembleFiles(several.files, several.starter, Object.fromEntries(source.map((f) => [f.name, f.source])));
  } else if (typeof source !== 'string') return { ok: false, message: `This work file holds several files for "${exerciseId}", which has one; export the work again from the current course.` };
  return { ok: true, source, ...(work.learner ? { learner: work.learner } : {}), work: work.signals };
}
