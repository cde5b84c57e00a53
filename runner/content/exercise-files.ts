/**
 * The learner's files of a code exercise of several (front matter `files`): `starter/<name>` and
 * `solution/<name>` for each, and `mutants/<mutant>/<name>` and `variants/<variant>/<name>` for
 * the files a mutant or a variant changes (the others are the solution's). Every diagnostic names
 * the file of several it is about. A read-only file is the starter's everywhere: the solution may
 * leave it out, and nothing may change it.
 */
import type { Program } from 'acorn';
import type { Diagnostic } from './diagnostic.ts';
import { parseLearnerSource, topLevelNames } from './js-syntax.ts';
import { resolveImport, type LearnerFile } from './learner-files.ts';
import { parseMutantHeader } from './mutant-header.ts';
import { diagnostic } from './position.ts';
import type { CodeExerciseFrontMatter } from './schema.ts';
import type { Mutant, Variant } from './types.ts';
import { KEBAB } from './kebab.ts';

type Listed = NonNullable<CodeExerciseFrontMatter['files']>[number];

export interface SeveralFilesContext {
  prefix: string;
  own: ReadonlyMap<string, string>;
  language: 'js' | 'ts';
  files: readonly Listed[];
  /** File names the folder may hold; those read here are added. */
  expected: Set<string>;
  diagnostics: Diagnostic[];
  hintCount: number | undefined;
  /** False: read the mutants' headers without parsing their code (as for one file). */
  parse: boolean;
  /** The names `functions` lists, each of which some solution file must declare. */
  functions: readonly string[];
}

export interface SeveralFiles {
  starter?: LearnerFile[];
  solution?: LearnerFile[];
  mutants: Mutant[];
  variants: Variant[];
}


/** Parses one file as a module and checks that each import names another of the learner's files. */
function check(context: SeveralFilesContext, path: string, source: string): Program | undefined {
  const { language, files, diagnostics } = context;
  const parsed = parseLearnerSource({ file: path, source, language, module: true });
  diagnostics.push(...parsed.diagnostics);
  if (!parsed.program) return undefined;
  const names = files.map((f) => f.name);
  for (const node of parsed.program.body) {
    if (node.type !== 'ImportDeclaration') continue;
    const specifier = String(node.source.value);
    if (resolveImport(specifier, names) === undefined) {
      const message = `The import of "${specifier}" names none of the learner's files (${names.join(', ')}); exercises run without other modules, so import a listed file as "./name.${language}".`;
      diagnostics.push(diagnostic(path, 'source/import', 'error', message, { line: node.loc?.start.line ?? 1, column: (node.loc?.start.column ?? 0) + 1 }));
    }
  }
  return parsed.program;
}

/** The listed files of `folder` (starter or solution), each marked expected; a missing one is a diagnostic. */
function readFolder(context: SeveralFilesContext, folder: 'starter' | 'solution'): LearnerFile[] | undefined {
  const { prefix, own, files, expected, diagnostics } = context;
  const read: LearnerFile[] = [];
  let complete = true;
  for (const listed of files) {
    const name = `${folder}/${listed.name}`;
    expected.add(name);
    const text = own.get(name);
    if (text !== undefined) {
      read.push({ name: listed.name, source: text });
      continue;
    }
    if (folder === 'solution' && listed.readonly) continue;
    complete = false;
    const what = folder === 'starter' ? 'what the learner starts from in this file' : 'the reference solution of this file';
    diagnostics.push(diagnostic(`${prefix}${name}`, 'exercise/missing-file', 'error', `task.md lists \`${listed.name}\` in \`files\`, but the exercise has no ${name}; add ${what}.`));
  }
  return complete ? read : undefined;
}

/** Reads mutants/<name>/ or variants/<name>/ folders: the solution with the files each changes. */
function readChanged(context: SeveralFilesContext, kind: 'mutants' | 'variants', solution: readonly LearnerFile[] | undefined): { name: string; changed: LearnerFile[]; files: LearnerFile[] }[] {
  const { prefix, own, files, expected, diagnostics } = context;
  const found = new Map<string, LearnerFile[]>();
  for (const [path, text] of own) {
    const match = new RegExp(`^${kind}/([^/]+)/([^/]+)$`).exec(path);
    if (!match) continue;
    const [, base = '', file = ''] = match;
    expected.add(path);
    const listed = files.find((f) => f.name === file);
    if (!listed || listed.readonly) {
      const why = listed ? `\`${file}\` is read-only, so no ${kind === 'mutants' ? 'mutant' : 'variant'} may change it` : `\`${file}\` is not one of the files task.md lists (${files.map((f) => f.name).join(', ')})`;
      diagnostics.push(diagnostic(`${prefix}${path}`, `${kind === 'mutants' ? 'mutant' : 'variant'}/file`, 'error', `${why}; remove it or rename it after a listed editable file.`));
      continue;
    }
    if (!KEBAB.test(base)) {
      diagnostics.push(diagnostic(`${prefix}${path}`, `${kind === 'mutants' ? 'mutant' : 'variant'}/name`, 'warning', `Name the folder in kebab-case after its ${kind === 'mutants' ? 'mistake' : 'style'}, e.g. ${kind}/${kind === 'mutants' ? 'method-in-one-transport' : 'map-table'}/.`));
    }
    found.set(base, [...(found.get(base) ?? []), { name: file, source: text }]);
  }
  if (!solution) return [];
  return [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, changed]) => {
      // In the order of the tabs, whatever order the folder listed them in.
      const ordered = files.flatMap((f) => changed.filter((c) => c.name === f.name));
      return { name, changed: ordered, files: solution.map((f) => ordered.find((c) => c.name === f.name) ?? f) };
    });
}

export function loadSeveralFiles(context: SeveralFilesContext): SeveralFiles {
  const { prefix, files, diagnostics, functions } = context;
  const opened = files.filter((f) => f.open);
  if (opened.length > 1) diagnostics.push(diagnostic(`${prefix}task.md`, 'exercise/files-open', 'error', `\`open: true\` is set on ${opened.map((f) => f.name).join(' and ')}; one tab opens first, so keep it on one file.`));
  if (files.every((f) => f.readonly)) diagnostics.push(diagnostic(`${prefix}task.md`, 'exercise/files-readonly', 'error', 'Every file in `files` is read-only; make at least one editable, for the learner to write.'));
  const duplicate = files.find((f, i) => files.findIndex((g) => g.name === f.name) !== i);
  if (duplicate) diagnostics.push(diagnostic(`${prefix}task.md`, 'exercise/files-duplicate', 'error', `\`${duplicate.name}\` is listed twice in \`files\`; list each file once.`));
  const extension = files.find((f) => !f.name.endsWith(`.${context.language}`));
  if (extension) diagnostics.push(diagnostic(`${prefix}task.md`, 'exercise/files-language', 'error', `\`${extension.name}\` does not end in .${context.language}, the exercise's language; rename it.`));

  const starter = readFolder(context, 'starter');
  let solution = readFolder(context, 'solution');
  if (starter && solution) {
    // A read-only file the solution leaves out is the starter's; one it gives must be the same.
    solution = files.map((listed) => {
      const given = solution?.find((f) => f.name === listed.name);
      const start = starter.find((f) => f.name === listed.name) as LearnerFile;
      if (listed.readonly && given && given.source !== start.source) {
        diagnostics.push(diagnostic(`${prefix}solution/${listed.name}`, 'exercise/readonly-changed', 'error', `\`${listed.name}\` is read-only, but solution/${listed.name} differs from starter/${listed.name}; make them the same, or remove it from solution/.`));
      }
      return given ?? start;
    });
  }
  for (const file of starter ?? []) check(context, `${prefix}starter/${file.name}`, file.source);
  const declared = new Set<string>();
  for (const file of solution ?? []) {
    const program = check(context, `${prefix}solution/${file.name}`, file.source);
    if (program) for (const name of topLevelNames(program)) declared.add(name);
  }
  if (solution) {
    for (const name of functions.filter((f) => !declared.has(f))) {
      diagnostics.push(diagnostic(`${prefix}task.md`, 'exercise/missing-function', 'error', `No file of the solution defines \`${name}\` at the top level, which \`functions\` in task.md lists; define it in one of ${files.map((f) => `solution/${f.name}`).join(', ')} or fix the list.`));
    }
  }

  const mutants = readChanged(context, 'mutants', solution).map(({ name, changed, files: all }): Mutant => {
    // The mistake is told in the header of the first file the mutant changes.
    const first = changed[0] as LearnerFile;
    const file = `${prefix}mutants/${name}/${first.name}`;
    const { header, lines, diagnostics: headerProblems } = parseMutantHeader(file, first.source);
    diagnostics.push(...headerProblems);
    if (header?.hint !== undefined && context.hintCount !== undefined && header.hint > context.hintCount) {
      const message = `\`hint: ${header.hint}\` points past the last of the exercise's ${context.hintCount} hints; use a number from 1 to ${context.hintCount}, or add the hint to task.md.`;
      diagnostics.push(diagnostic(file, 'mutant/hint', 'error', message, { line: lines.hint ?? 1, column: 1 }));
    }
    if (context.parse) for (const f of changed) check(context, `${prefix}mutants/${name}/${f.name}`, f.source);
    return {
      name,
      file,
      mistake: header?.mistake ?? '',
      learner: header?.learner ?? '',
      ...(header?.hint !== undefined ? { hint: header.hint } : {}),
      ...(header?.catches !== undefined ? { catches: header.catches } : {}),
      source: all,
    };
  });
  const variants = readChanged(context, 'variants', solution).map(({ name, changed, files: all }): Variant => {
    if (context.parse) for (const f of changed) check(context, `${prefix}variants/${name}/${f.name}`, f.source);
    return { name, file: `${prefix}variants/${name}/${(changed[0] as LearnerFile).name}`, source: all };
  });
  return { ...(starter ? { starter } : {}), ...(solution ? { solution } : {}), mutants, variants };
}
