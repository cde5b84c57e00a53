/**
 * The code `course serve <file>` serves: a source file in the exercise's language (`.js`, or
 * `.ts` for a TypeScript exercise... or either: the file's own extension says how to read it),
 * or an "Export my work" file (`.json`), whose code for the exercise is taken. Never throws: a
 * string is the one-line reason the file cannot be served.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { assembleFiles, type CodeExercise, type LearnerCode } from '../../content/index.ts';
import { readSubmissionFolder } from '../grade/submissions.ts';
import { sourceFromWorkFile } from '../grade/work-file.ts';

export interface RouterSource {
  source: LearnerCode;
  language: 'js' | 'ts';
}

/** Source languages by file extension. */
const LANGUAGES: Readonly<Record<string, 'js' | 'ts'>> = { '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.ts': 'ts', '.mts': 'ts' };

export function readRouterSource(file: string, exercise: CodeExercise): RouterSource | string {
  // An exercise of several files serves a folder of them, or a work file.
  if (exercise.files && statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    const read = readSubmissionFolder(file, { ...exercise, files: exercise.files });
    return read.ok ? { source: read.source, language: exercise.language } : `${file}: ${read.message}`;
  }
  const extension = extname(file).toLowerCase();
  if (extension !== '.json' && !Object.hasOwn(LANGUAGES, extension)) return `${file} is neither a source file (.js, .ts) nor an "Export my work" file (.json)`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `cannot read ${file} (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code ?? (error as Error).message})`;
  }
  if (extension !== '.json') return { source: text, language: LANGUAGES[extension] as 'js' | 'ts' };
  const work = sourceFromWorkFile(text, exercise.id);
  if (!work.ok) return `${file}: ${work.message}`;
  const { code } = work;
  if (exercise.files && typeof code !== 'string') return { source: assembleFiles(exercise.files, exercise.starter, Object.fromEntries(code.map((f) => [f.name, f.source]))), language: exercise.language };
  if (exercise.files || typeof code !== 'string') return `${file}: this work file holds its code for "${exercise.id}" in another shape than the exercise has; export the work again from the current course.`;
  return { source: code, language: exercise.language };
}
