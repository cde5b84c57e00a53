/**
 * Test helper: writes a class of learners' submissions, one folder per learner under
 * `submissions/<exercise>/`, as an instructor's repository holds them. Each exercise gets a mix
 * made from the course's own files: reference solutions, starters, every mutant, mutants with
 * comments and blank lines added (same behaviour, other text), solutions cut short (syntax
 * errors), "Export my work" files with and without the learner's name, and a stray notes file
 * (not a submission: skipped, no row).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the class holds, to check a report against. */
export interface ClassFixture {
  /** Graded submissions (rows of the report), per exercise; the notes file is not one. */
  counts: Record<string, number>;
  /** Names typed into work files (the report keeps them beside the folder's name, which names the learner). */
  namedLearners: string[];
  /** Mutant ids of each exercise handed in, so a report can be checked for them. */
  mutants: Record<string, string[]>;
}

const KINDS = ['solution', 'mutant', 'mutant-variation', 'starter', 'mutant', 'syntax-error', 'work-file', 'mutant', 'named-work-file', 'solution-variation'] as const;

/** A mutant with comments and blank lines added: the same code to the grader, other text to a diff. */
function vary(code: string, n: number): string {
  return `// attempt ${n}: my router\n\n${code.replace(/\n/g, '\n\n').trimEnd()}\n// done\n`;
}

const workFile = (exercise: string, code: string, learner?: string) =>
  `${JSON.stringify(
    {
      format: 'jsonrpc-course-work',
      version: 1,
      exportedAt: '2026-11-30T10:00:00.000Z',
      ...(learner === undefined ? {} : { learner }),
      exercises: { [exercise]: { code, language: 'js', passed: false, hintsSeen: 0, solutionRevealed: false } },
    },
    null,
    2,
  )}\n`;

/**
 * Writes `perExercise` learners' submissions for each exercise under `<dir>/submissions/<id>/`
 * (learner folders `learner-001`...: the same learners hand in every exercise), plus one
 * notes.txt per exercise. `root` is the course holding the exercises.
 */
export async function writeClass(root: string, dir: string, exercises: readonly string[], perExercise: number): Promise<ClassFixture> {
  const fixture: ClassFixture = { counts: {}, namedLearners: [], mutants: {} };
  for (const exercise of exercises) {
    const source = join(root, 'exercises', exercise);
    const solution = await readFile(join(source, 'solution.js'), 'utf8');
    const starter = await readFile(join(source, 'starter.js'), 'utf8');
    const mutantNames = (await readdir(join(source, 'mutants'))).filter((f) => f.endsWith('.js')).sort();
    const mutants = await Promise.all(mutantNames.map((f) => readFile(join(source, 'mutants', f), 'utf8')));
    const folder = join(dir, 'submissions', exercise);
    const handedIn = new Set<string>();
    let nextMutant = 0;
    for (let i = 0; i < perExercise; i++) {
      const learner = `learner-${String(i + 1).padStart(3, '0')}`;
      await mkdir(join(folder, learner), { recursive: true });
      const kind = KINDS[i % KINDS.length] as (typeof KINDS)[number];
      const mutantIndex = nextMutant++ % mutants.length;
      const mutant = mutants[mutantIndex] as string;
      const write = (name: string, text: string) => writeFile(join(folder, learner, name), text);
      if (kind === 'mutant' || kind === 'mutant-variation' || kind === 'work-file') handedIn.add((mutantNames[mutantIndex] as string).replace(/\.js$/, ''));
      switch (kind) {
        case 'solution':
          await write('route.js', solution);
          break;
        case 'solution-variation':
          await write('route.js', `${solution}\nconsole.log('loaded');\n`);
          break;
        case 'starter':
          await write('route.js', starter);
          break;
        case 'mutant':
          await write('route.js', mutant);
          break;
        case 'mutant-variation':
          await write('route.js', vary(mutant, i));
          break;
        case 'syntax-error':
          await write('route.js', solution.slice(0, Math.floor(solution.length / 2)));
          break;
        case 'work-file':
          await write('work.json', workFile(exercise, mutant));
          break;
        case 'named-work-file': {
          // The same name in every exercise, as one export holds all of them; quotes and a comma for the CSV.
          const name = `Ann "${i + 1}" Lee, Jr.`;
          if (!fixture.namedLearners.includes(name)) fixture.namedLearners.push(name);
          await write('work.json', workFile(exercise, solution, name));
          break;
        }
      }
    }
    await writeFile(join(folder, 'learner-001', 'notes.txt'), 'I could not finish the last part.\n');
    fixture.counts[exercise] = perExercise;
    fixture.mutants[exercise] = [...handedIn].sort();
  }
  return fixture;
}
