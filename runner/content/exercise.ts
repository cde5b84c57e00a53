/**
 * Loads one exercise folder `exercises/<id>/` from the course files: task.md front matter and
 * text, starter, solution, tests and mutants, with a diagnostic for every problem found.
 */
import type { Diagnostic } from './diagnostic.ts';
import { EQUIVALENT_MUTANTS_FILE, loadEquivalentMutants } from './equivalent-mutants.ts';
import { FINGERPRINTS_FILE, loadFingerprints } from './fingerprints.ts';
import { parseFrontMatter } from './front-matter.ts';
import type { Locate } from './front-matter.ts';
import { parseLearnerSource, topLevelNames } from './js-syntax.ts';
import { parseMutantHeader } from './mutant-header.ts';
import { diagnostic } from './position.ts';
import { exerciseFrontMatterSchema } from './schema.ts';
import type { ExerciseFrontMatter } from './schema.ts';
import { checkTestsFile } from './tests-file.ts';
import type { CourseFiles, Exercise, Mutant } from './types.ts';

export interface LoadExerciseResult {
  /** Present when task.md is valid and the starter, solution and tests exist. */
  exercise?: Exercise;
  diagnostics: Diagnostic[];
  /** Where a task.md front-matter value is written, for checks made across the course. */
  locate?: Locate;
}

const TESTS = 'tests.test.js';
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LANGUAGES = ['js', 'ts'] as const;

/**
 * Loads `dir` (e.g. `exercises/route`, relative to the course root, forward slashes) from `files`
 * (all course files). Never throws on bad content; see the rule ids in the diagnostics.
 */
export interface LoadExerciseOptions {
  /**
   * False to read each mutant's header (its mistake, learner sentence and hint) without parsing
   * its code: grading names mistakes but never runs a mutant, and parsing them is most of the
   * loading time. Syntax problems in mutants are then not reported.
   */
  parseMutants?: boolean;
}

export function loadExercise(dir: string, files: CourseFiles, options: LoadExerciseOptions = {}): LoadExerciseResult {
  if (!/^exercises\/[^/]+$/.test(dir)) {
    throw new Error(`loadExercise: dir must look like "exercises/<id>" (relative, forward slashes), got "${dir}".`);
  }
  const folderId = dir.slice('exercises/'.length);
  const prefix = `${dir}/`;
  const own = new Map([...files].filter(([path]) => path.startsWith(prefix)).map(([path, text]) => [path.slice(prefix.length), text]));
  const diagnostics: Diagnostic[] = [];
  const taskFile = `${prefix}task.md`;
  const missing = (name: string, what: string) =>
    diagnostics.push(diagnostic(`${prefix}${name}`, 'exercise/missing-file', 'error', `The exercise has no ${name}; add ${what}.`));

  const taskText = own.get('task.md');
  if (taskText === undefined) missing('task.md', 'the task with its front matter (id, title, lesson, functions)');
  const front = taskText === undefined ? undefined : parseFrontMatter({ file: taskFile, text: taskText, schema: exerciseFrontMatterSchema });
  if (front) diagnostics.push(...front.diagnostics);
  const data = front?.data;
  // Without valid front matter, the files tell the language, so one bad field reports one problem.
  const language = data?.language ?? (own.has('solution.ts') || own.has('starter.ts') ? 'ts' : 'js');
  const expected = new Set(['task.md', TESTS, `starter.${language}`, `solution.${language}`, EQUIVALENT_MUTANTS_FILE, FINGERPRINTS_FILE]);

  if (data && front) {
    if (data.id !== folderId) {
      const message = `The id \`${data.id}\` differs from the folder name \`${folderId}\`; make them equal (rename the folder or change \`id\`).`;
      diagnostics.push(diagnostic(taskFile, 'exercise/id-mismatch', 'error', message, front.locate(['id'])));
    }
    data.hints.forEach((hint, i) => {
      if (hint.trim() === '') {
        diagnostics.push(diagnostic(taskFile, 'exercise/empty-hint', 'error', `Hint ${i + 1} is blank; write the hint or remove it.`, front.locate(['hints', i])));
      }
    });
    if (front.body.trim() === '') {
      diagnostics.push(diagnostic(taskFile, 'exercise/empty-task', 'warning', 'task.md has no task text after the front matter; say what to write and what is assumed.'));
    }
  }

  const source = (kind: 'starter' | 'solution'): string | undefined => {
    const text = own.get(`${kind}.${language}`);
    if (text !== undefined) return text;
    const other = LANGUAGES.find((l) => l !== language && own.has(`${kind}.${l}`));
    if (other && front) {
      expected.add(`${kind}.${other}`);
      const message = `${kind}.${other} does not match \`language: ${language}\` in task.md; rename it to ${kind}.${language} or set \`language: ${other}\`.`;
      diagnostics.push(diagnostic(taskFile, `exercise/${kind}-language`, 'error', message, front.locate(['language'])));
    } else {
      missing(`${kind}.${language}`, kind === 'starter' ? 'the code the learner starts from' : 'the reference solution');
    }
    return undefined;
  };
  const starter = source('starter');
  const solution = source('solution');
  for (const [kind, text] of [['starter', starter], ['solution', solution]] as const) {
    if (text === undefined) continue;
    const parsed = parseLearnerSource({ file: `${prefix}${kind}.${language}`, source: text, language });
    diagnostics.push(...parsed.diagnostics);
    if (kind === 'solution' && parsed.program && data) {
      const defined = topLevelNames(parsed.program);
      for (const name of data.functions.filter((f) => !defined.has(f))) {
        const message = `The solution does not define \`${name}\` at the top level, which \`functions\` in task.md lists; define it or fix the list.`;
        diagnostics.push(diagnostic(`${prefix}solution.${language}`, 'exercise/missing-function', 'error', message));
      }
    }
  }

  const tests = own.get(TESTS);
  if (tests === undefined) missing(TESTS, "the vitest tests, importing the learner's functions from '@course/learner'");
  else if (data) diagnostics.push(...checkTestsFile({ file: `${prefix}${TESTS}`, source: tests, functions: data.functions }));

  const mutants = loadMutants(prefix, own, language, expected, diagnostics, data?.hints.length, options.parseMutants ?? true);
  if (data && mutants.length === 0) {
    const message = `The exercise has no mutants; add mutants/<mistake>.${language} files, each a plausible wrong solution the tests must catch.`;
    diagnostics.push(diagnostic(taskFile, 'exercise/no-mutants', 'warning', message));
  }

  const equivalentsText = own.get(EQUIVALENT_MUTANTS_FILE);
  const equivalents = equivalentsText === undefined ? undefined : loadEquivalentMutants(`${prefix}${EQUIVALENT_MUTANTS_FILE}`, equivalentsText);
  if (equivalents) diagnostics.push(...equivalents.diagnostics);
  const fingerprintsText = own.get(FINGERPRINTS_FILE);
  const fingerprints = fingerprintsText === undefined ? undefined : loadFingerprints(`${prefix}${FINGERPRINTS_FILE}`, fingerprintsText);
  if (fingerprints) diagnostics.push(...fingerprints.diagnostics);

  for (const name of own.keys()) {
    if (!expected.has(name)) {
      const message = `Unexpected file in the exercise folder; an exercise holds task.md, starter.${language}, solution.${language}, ${TESTS}, mutants/*.${language}, ${EQUIVALENT_MUTANTS_FILE} and ${FINGERPRINTS_FILE}. Move or remove it.`;
      diagnostics.push(diagnostic(`${prefix}${name}`, 'exercise/unexpected-file', 'warning', message));
    }
  }

  diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  const result: LoadExerciseResult = { diagnostics };
  if (front) result.locate = front.locate;
  if (data && front && starter !== undefined && solution !== undefined && tests !== undefined) {
    result.exercise = assemble(data, { dir, task: front.body, taskLine: front.bodyStartLine, starter, solution, tests, testsFile: `${prefix}${TESTS}`, mutants });
    if (equivalents?.equivalents) result.exercise.equivalentMutants = equivalents.equivalents;
    if (fingerprints?.fingerprints) result.exercise.fingerprints = fingerprints.fingerprints;
  }
  return result;
}

function assemble(data: ExerciseFrontMatter, rest: Omit<Exercise, keyof ExerciseFrontMatter>): Exercise {
  return { ...data, ...rest };
}

/** Reads mutants/*.<language>; marks each as expected so it is not reported as unexpected. */
function loadMutants(
  prefix: string,
  own: ReadonlyMap<string, string>,
  language: 'js' | 'ts',
  expected: Set<string>,
  diagnostics: Diagnostic[],
  hintCount: number | undefined,
  parse: boolean,
): Mutant[] {
  const mutants: Mutant[] = [];
  for (const [name, source] of own) {
    const match = /^mutants\/([^/]+)\.(js|ts)$/.exec(name);
    if (!match) continue;
    const [, base = '', ext] = match;
    const file = `${prefix}${name}`;
    expected.add(name);
    if (ext !== language) {
      const message = `The mutant is .${ext ?? ''} but the exercise's language is ${language}; rename it to ${base}.${language}.`;
      diagnostics.push(diagnostic(file, 'mutant/language', 'error', message));
      continue;
    }
    if (!KEBAB.test(base)) {
      diagnostics.push(diagnostic(file, 'mutant/name', 'warning', 'Name the mutant in kebab-case after its mistake, e.g. mutants/id-zero-is-notification.js.'));
    }
    const { header, lines, diagnostics: headerProblems } = parseMutantHeader(file, source);
    diagnostics.push(...headerProblems);
    if (header?.hint !== undefined && hintCount !== undefined && header.hint > hintCount) {
      const message = `\`hint: ${header.hint}\` points past the last of the exercise's ${hintCount} hints; use a number from 1 to ${hintCount}, or add the hint to task.md.`;
      diagnostics.push(diagnostic(file, 'mutant/hint', 'error', message, { line: lines.hint ?? 1, column: 1 }));
    }
    if (parse) diagnostics.push(...parseLearnerSource({ file, source, language }).diagnostics);
    mutants.push({
      name: base,
      file,
      mistake: header?.mistake ?? '',
      learner: header?.learner ?? '',
      ...(header?.hint !== undefined ? { hint: header.hint } : {}),
      source,
    });
  }
  return mutants.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
