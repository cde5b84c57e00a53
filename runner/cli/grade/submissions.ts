/**
 * Finds the submissions `course grade` was given and reads each one's source. A directory is
 * walked for source files in the exercise's language and for work files (.json); any other file
 * in it is listed too, with the reason it is not graded, so a learner who handed in the wrong
 * file gets a row saying so. Files named on the command line are taken as they are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../shared/exit.ts';
import { countText } from '../shared/words.ts';
import { sourceFromWorkFile } from './work-file.ts';

/** The code to grade, and the learner's name when the file gives one (a work file's `learner`). */
export type SubmissionSource = { ok: true; source: string; learner?: string } | { ok: false; message: string };

/** The path as the user sees it: relative to the working directory, forward slashes. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path) || path;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** A file found for grading; `notGraded` says why a file found in a folder will not be graded. */
export interface FoundFile {
  /** Path relative to the working directory, forward slashes. */
  file: string;
  notGraded?: string;
  /**
   * Who handed it in, for the class report: in a walked folder, the first folder below it
   * (`submissions/alice/route.js` is alice's), else the file's name without extension.
   */
  learner: string;
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
}

function walk(dir: string, root: string, language: 'js' | 'ts', into: Map<string, Walked>): void {
  const entries = readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, root, language, into);
    else if (entry.isFile() && !into.has(path)) into.set(path, { notGraded: whyNotGraded(entry.name, language), learner: learnerOf(path, root) });
  }
}

/**
 * Every file under `paths` (files as given, directories walked), as paths relative to `cwd`,
 * deduplicated and sorted by code unit so every machine sees the same order. Files of a folder
 * that are not submissions of the exercise come with the reason; when nothing is left to grade,
 * that is misuse.
 */
export async function findSubmissions(paths: readonly string[], language: 'js' | 'ts', cwd = process.cwd()): Promise<FoundFile[]> {
  const found = new Map<string, Walked>();
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const info = statSync(absolute, { throwIfNoEntry: false });
    if (!info) throw new UsageError(`${path} does not exist; pass submission files or folders that do.`);
    // A file named on the command line is graded whatever its extension: the user chose it
    // (and wins over the same file found in a walked folder).
    if (info.isDirectory()) walk(absolute, absolute, language, found);
    else found.set(absolute, { notGraded: undefined, learner: basename(absolute, extname(absolute)) });
  }
  const list = [...found]
    .map(([path, { notGraded, learner }]): FoundFile => ({ file: shown(path, cwd), learner, ...(notGraded === undefined ? {} : { notGraded }) }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  if (!list.some((f) => f.notGraded === undefined)) {
    const others = list.length ? ` (only ${countText(list.length, 'other file')}, e.g. ${list[0]?.file})` : '';
    throw new UsageError(`No submissions found in ${paths.join(', ')}: expected .${language} files or .json work files${others}.`);
  }
  return list;
}

/** The code to grade: the file itself, or from a work file (.json) the exercise's entry. */
export async function readSubmission(file: string, exerciseId: string, cwd = process.cwd()): Promise<SubmissionSource> {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    return { ok: false, message: `The submission could not be read (${(error as Error).message}).` };
  }
  if (extname(file) !== '.json') return { ok: true, source: text };
  const work = sourceFromWorkFile(text, exerciseId);
  return work.ok ? { ok: true, source: work.code, ...(work.learner ? { learner: work.learner } : {}) } : work;
}
