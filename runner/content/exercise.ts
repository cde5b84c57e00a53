/**
 * Loads one exercise folder `exercises/<id>/` from the course files: task.md front matter and
 * text, starter and solution, then what its kind adds (a code exercise: tests and mutants; an
 * examples exercise: nothing, see examples-exercise.ts), with a diagnostic for every problem found.
 */
import type { Diagnostic } from './diagnostic.ts';
import { EQUIVALENT_MUTANTS_FILE, loadEquivalentMutants } from './equivalent-mutants.ts';
import { FINGERPRINTS_FILE, loadFingerprints } from './fingerprints.ts';
import { parseFrontMatter } from './front-matter.ts';
import type { FrontMatterResult, Locate } from './front-matter.ts';
import { parseLearnerSource, topLevelNames } from './js-syntax.ts';
import { loadSeveralFiles, type SeveralFiles } from './exercise-files.ts';
import type { LearnerCode } from './learner-files.ts';
import { parseMutantHeader } from './mutant-header.ts';
import { diagnostic } from './position.ts';
import { EXAMPLES_NAME, examplesKindHint } from './examples-exercise.ts';
import { codeExerciseFrontMatterSchema, examplesExerciseFrontMatterSchema, SERVED_AS } from './schema.ts';
import type { CodeExerciseFrontMatter, ExamplesExerciseFrontMatter, ExerciseFrontMatter } from './schema.ts';
import { checkTestsFile } from './tests-file.ts';
import type { CodeExercise, CourseFiles, ExamplesExercise, Exercise, Mutant, Variant } from './types.ts';
import { KEBAB } from './kebab.ts';

export interface LoadExerciseResult {
  /** Present when task.md is valid and the starter, solution and tests exist. */
  exercise?: Exercise;
  diagnostics: Diagnostic[];
  /** Where a task.md front-matter value is written, for checks made across the course. */
  locate?: Locate;
}

const TESTS = 'tests.test.js';
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
  // The kind picks the schema, so a problem is reported with the description of its own field
  // (and an unknown key with the keys that kind allows); it also says which files to expect when
  // the front matter is not valid, so one bad field reports one problem, not every other file.
  const kind = taskText !== undefined && examplesKindHint(taskText) ? 'examples' : 'code';
  let front: FrontMatterResult<ExerciseFrontMatter> | undefined;
  if (taskText !== undefined) {
    const text = { file: taskFile, text: taskText };
    front = kind === 'examples' ? parseFrontMatter({ ...text, schema: examplesExerciseFrontMatterSchema }) : parseFrontMatter({ ...text, schema: codeExerciseFrontMatterSchema });
  }
  if (front) diagnostics.push(...front.diagnostics);
  const data = front?.data;
  const language = data?.language ?? (own.has('solution.ts') || own.has('starter.ts') ? 'ts' : 'js');
  // An exercise of several files has starter/ and solution/ folders instead (exercise-files.ts).
  const listedFiles = data?.kind === 'code' ? data.files : undefined;
  const expected = new Set(listedFiles ? ['task.md'] : ['task.md', `starter.${language}`, `solution.${language}`]);
  if (kind === 'code') for (const name of [TESTS, EQUIVALENT_MUTANTS_FILE, FINGERPRINTS_FILE]) expected.add(name);

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
    if (data.kind === 'code' && data.serves !== undefined && !data.functions.includes(SERVED_AS[data.serves].functionName)) {
      const { functionName } = SERVED_AS[data.serves];
      const message = `\`serves: ${data.serves}\` serves the learner's \`${functionName}\`, which \`functions\` does not list; add it or remove \`serves\`.`;
      diagnostics.push(diagnostic(taskFile, 'exercise/serves-function', 'error', message, front.locate(['serves'])));
    }
    if (front.body.trim() === '') {
      diagnostics.push(diagnostic(taskFile, 'exercise/empty-task', 'warning', 'task.md has no task text after the front matter; say what to write and what is assumed.'));
    }
  }

  const source = (file: 'starter' | 'solution'): string | undefined => {
    const text = own.get(`${file}.${language}`);
    if (text !== undefined) return text;
    const other = LANGUAGES.find((l) => l !== language && own.has(`${file}.${l}`));
    if (other && front) {
      expected.add(`${file}.${other}`);
      const message = `${file}.${other} does not match \`language: ${language}\` in task.md; rename it to ${file}.${language} or set \`language: ${other}\`.`;
      diagnostics.push(diagnostic(taskFile, `exercise/${file}-language`, 'error', message, front.locate(['language'])));
    } else if (kind === 'examples') {
      missing(`${file}.${language}`, file === 'starter' ? 'the examples file the learner starts from' : 'the reference examples, which must catch every mutant');
    } else {
      missing(`${file}.${language}`, file === 'starter' ? 'the code the learner starts from' : 'the reference solution');
    }
    return undefined;
  };
  const several = listedFiles
    ? loadSeveralFiles({ prefix, own, language, files: listedFiles, expected, diagnostics, hintCount: data?.hints.length, parse: options.parseMutants ?? true, functions: data?.kind === 'code' ? data.functions : [] })
    : undefined;
  const starter: LearnerCode | undefined = several ? several.starter : source('starter');
  const solution: LearnerCode | undefined = several ? several.solution : source('solution');
  for (const [file, text] of [['starter', starter], ['solution', solution]] as const) {
    if (typeof text !== 'string') continue;
    const parsed = parseLearnerSource({ file: `${prefix}${file}.${language}`, source: text, language });
    diagnostics.push(...parsed.diagnostics);
    if (file !== 'solution' || !parsed.program || !data) continue;
    const defined = topLevelNames(parsed.program);
    const needed = data.kind === 'code' ? data.functions : [EXAMPLES_NAME];
    for (const name of needed.filter((f) => !defined.has(f))) {
      const message =
        data.kind === 'code'
          ? `The solution does not define \`${name}\` at the top level, which \`functions\` in task.md lists; define it or fix the list.`
          : `The reference examples do not define \`${EXAMPLES_NAME}\` at the top level; declare \`const ${EXAMPLES_NAME} = [...]\` with every example.`;
      diagnostics.push(diagnostic(`${prefix}solution.${language}`, 'exercise/missing-function', 'error', message));
    }
  }

  const code =
    kind === 'code'
      ? loadCodeParts({ prefix, own, language, expected, diagnostics, data: data?.kind === 'code' ? data : undefined, taskFile, parseMutants: options.parseMutants ?? true, missing, ...(several ? { several } : {}) })
      : undefined;

  for (const name of own.keys()) {
    if (expected.has(name)) continue;
    const holds =
      kind === 'code'
        ? listedFiles
          ? `a code exercise of several files holds task.md, starter/ and solution/ with the files task.md lists, ${TESTS}, mutants/<mistake>/ and variants/<style>/ folders of those files, ${EQUIVALENT_MUTANTS_FILE} and ${FINGERPRINTS_FILE}`
          : `a code exercise holds task.md, starter.${language}, solution.${language}, ${TESTS}, mutants/*.${language}, variants/*.${language}, ${EQUIVALENT_MUTANTS_FILE} and ${FINGERPRINTS_FILE}`
        : `an examples exercise holds task.md, starter.${language} and solution.${language} only (the tests and mutants are those of the exercise named in \`of\`)`;
    diagnostics.push(diagnostic(`${prefix}${name}`, 'exercise/unexpected-file', 'warning', `Unexpected file in the exercise folder; ${holds}. Move or remove it.`));
  }

  diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  const result: LoadExerciseResult = { diagnostics };
  if (front) result.locate = front.locate;
  if (!data || !front || starter === undefined || solution === undefined) return result;
  const folder = { dir, task: front.body, taskLine: front.bodyStartLine, starter, solution };
  if (data.kind === 'examples') {
    // An examples exercise has no `files`: its starter and solution are one text each.
    if (typeof starter === 'string' && typeof solution === 'string') result.exercise = assembleExamples(data, { ...folder, starter, solution });
  } else if (code?.tests !== undefined) {
    result.exercise = assembleCode(data, { ...folder, tests: code.tests, testsFile: `${prefix}${TESTS}`, mutants: code.mutants, variants: code.variants });
    if (code.equivalents) result.exercise.equivalentMutants = code.equivalents;
    if (code.fingerprints) result.exercise.fingerprints = code.fingerprints;
  }
  return result;
}

interface CodePartsContext {
  prefix: string;
  /** The folder's files, by name inside it. */
  own: ReadonlyMap<string, string>;
  language: 'js' | 'ts';
  /** File names the folder may hold; the mutants found are added. */
  expected: Set<string>;
  diagnostics: Diagnostic[];
  /** The front matter, when it is valid. */
  data: CodeExerciseFrontMatter | undefined;
  taskFile: string;
  parseMutants: boolean;
  missing(name: string, what: string): void;
  /** An exercise of several files: its mutants and variants, already read (exercise-files.ts). */
  several?: Pick<SeveralFiles, 'mutants' | 'variants'>;
}

/** A code exercise's own files: the tests, the mutants and what is generated from them. */
function loadCodeParts(context: CodePartsContext) {
  const { prefix, own, language, expected, diagnostics, data, taskFile, missing } = context;
  const tests = own.get(TESTS);
  if (tests === undefined) missing(TESTS, "the vitest tests, importing the learner's functions from '@course/learner'");
  else if (data) diagnostics.push(...checkTestsFile({ file: `${prefix}${TESTS}`, source: tests, functions: data.functions }));

  const mutants = context.several?.mutants ?? loadMutants(prefix, own, language, expected, diagnostics, data?.hints.length, context.parseMutants);
  const variants = context.several?.variants ?? loadVariants(prefix, own, language, expected, diagnostics, context.parseMutants);
  if (data && mutants.length === 0) {
    const message = context.several
      ? 'The exercise has no mutants; add mutants/<mistake>/ folders, each holding the files a plausible wrong solution changes, which the tests must catch.'
      : `The exercise has no mutants; add mutants/<mistake>.${language} files, each a plausible wrong solution the tests must catch.`;
    diagnostics.push(diagnostic(taskFile, 'exercise/no-mutants', 'warning', message));
  }

  const equivalentsText = own.get(EQUIVALENT_MUTANTS_FILE);
  const equivalents = equivalentsText === undefined ? undefined : loadEquivalentMutants(`${prefix}${EQUIVALENT_MUTANTS_FILE}`, equivalentsText);
  if (equivalents) diagnostics.push(...equivalents.diagnostics);
  const fingerprintsText = own.get(FINGERPRINTS_FILE);
  const fingerprints = fingerprintsText === undefined ? undefined : loadFingerprints(`${prefix}${FINGERPRINTS_FILE}`, fingerprintsText);
  if (fingerprints) diagnostics.push(...fingerprints.diagnostics);
  return { tests, mutants, variants, equivalents: equivalents?.equivalents, fingerprints: fingerprints?.fingerprints };
}

function assembleCode(data: CodeExerciseFrontMatter, rest: Omit<CodeExercise, keyof CodeExerciseFrontMatter>): CodeExercise {
  return { ...data, ...rest };
}

function assembleExamples(data: ExamplesExerciseFrontMatter, rest: Omit<ExamplesExercise, keyof ExamplesExerciseFrontMatter>): ExamplesExercise {
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
      ...(header?.catches !== undefined ? { catches: header.catches } : {}),
      source,
    });
  }
  return mutants.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Reads variants/*.<language>; marks each as expected so it is not reported as unexpected. */
function loadVariants(prefix: string, own: ReadonlyMap<string, string>, language: 'js' | 'ts', expected: Set<string>, diagnostics: Diagnostic[], parse: boolean): Variant[] {
  const variants: Variant[] = [];
  for (const [name, source] of own) {
    const match = /^variants\/([^/]+)\.(js|ts)$/.exec(name);
    if (!match) continue;
    const [, base = '', ext] = match;
    const file = `${prefix}${name}`;
    expected.add(name);
    if (ext !== language) {
      diagnostics.push(diagnostic(file, 'variant/language', 'error', `The variant is .${ext ?? ''} but the exercise's language is ${language}; rename it to ${base}.${language}.`));
      continue;
    }
    if (!KEBAB.test(base)) diagnostics.push(diagnostic(file, 'variant/name', 'warning', 'Name the variant in kebab-case after its style, e.g. variants/map-table.js.'));
    if (parse) diagnostics.push(...parseLearnerSource({ file, source, language }).diagnostics);
    variants.push({ name: base, file, source });
  }
  return variants.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
