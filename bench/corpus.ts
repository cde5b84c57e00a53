/**
 * The submissions the grading sections measure: `count` distinct files of one exercise, half
 * passing and half failing, written to a temporary folder (see variants.ts for how they differ).
 * Sections 1 (throughput) and 4 (scaling) grade the same kind of corpus.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExercise } from '../runner/cli/shared/course-root.ts';
import type { CodeExercise } from '../runner/content/types.ts';
import { makeSubmissions, type Base, type Variant } from './variants.ts';

export const root = join(import.meta.dirname, '..');

/** A code exercise of the course as `course grade` loads it (its folder only); throws on an unknown id, another kind or broken content. */
export async function loadExercise(id: string): Promise<CodeExercise> {
  const { exercise, diagnostics } = await openExercise(root, id);
  if (exercise?.kind !== 'code') throw new Error(`bench: the code exercise "${id}" did not load (${diagnostics.length} diagnostics; see \`course check\`).`);
  return exercise;
}

export interface Corpus {
  dir: string;
  /** Absolute paths, in the sorted order `course grade` grades a folder in. */
  files: string[];
  variants: Variant[];
  /** The status each file must get: its base's ('pass' for even indexes, 'fail' for odd). */
  expected(index: number): 'pass' | 'fail';
  remove(): Promise<void>;
}

async function bases(dir: string, prefix: string, language: string): Promise<Base[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(`.${language}`)).sort();
  return Promise.all(names.map(async (n) => ({ name: `${prefix}${n}`, source: await readFile(join(dir, n), 'utf8') })));
}

/**
 * Writes `count` submissions of `exercise`: passing ones from the reference solution and its
 * correct alternatives (variants/, and any left in runner/core/fixtures/<id>/pass), failing ones
 * from its mutants.
 */
export async function writeCorpus(exercise: CodeExercise, count: number): Promise<Corpus> {
  // A submission of an exercise of several files is a folder, which makeSubmissions does not write yet.
  if (typeof exercise.solution !== 'string') throw new Error(`bench: ${exercise.id} has several files; the corpus writes one file per submission, so bench another exercise.`);
  const passing: Base[] = [
    { name: 'solution', source: exercise.solution },
    ...exercise.variants.map((v) => ({ name: `variants/${v.name}`, source: v.source as string })),
    ...(await bases(join(root, 'runner/core/fixtures', exercise.id, 'pass'), 'pass/', exercise.language)),
  ];
  const failing: Base[] = exercise.mutants.map((m) => ({ name: `mutants/${m.name}`, source: m.source as string }));
  const variants = makeSubmissions(passing, failing, count);
  const dir = await mkdtemp(join(tmpdir(), 'bench-corpus-'));
  const width = String(count).length;
  const files = variants.map((_, n) => join(dir, `submission-${String(n).padStart(width, '0')}.${exercise.language}`));
  // Written in batches: 10,000 files at once would exhaust file descriptors on some machines.
  for (let i = 0; i < files.length; i += 500) {
    await Promise.all(files.slice(i, i + 500).map((file, k) => writeFile(file, (variants[i + k] as Variant).source)));
  }
  return {
    dir,
    files,
    variants,
    expected: (n) => (n % 2 === 0 ? 'pass' : 'fail'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
