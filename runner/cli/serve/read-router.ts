/**
 * The code `course serve <file>` serves: a source file in the exercise's language (`.js`, or
 * `.ts` for a TypeScript exercise... or either: the file's own extension says how to read it),
 * or an "Export my work" file (`.json`), whose code for the exercise is taken. Never throws: a
 * string is the one-line reason the file cannot be served.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { CodeExercise } from '../../content/index.ts';
import { sourceFromWorkFile } from '../grade/work-file.ts';

export interface RouterSource {
  source: string;
  language: 'js' | 'ts';
}

/** Source languages by file extension. */
const LANGUAGES: Readonly<Record<string, 'js' | 'ts'>> = { '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.ts': 'ts', '.mts': 'ts' };

export function readRouterSource(file: string, exercise: CodeExercise): RouterSource | string {
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
  return work.ok ? { source: work.code, language: exercise.language } : `${file}: ${work.message}`;
}
