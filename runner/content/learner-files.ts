/**
 * The learner's code as files. An exercise of one file keeps passing one source text everywhere
 * (as it always has); an exercise of several passes its files, each with the name the learner sees
 * in the editor's tabs, in messages and in stack places. One type, so every layer reads the same.
 */

/** One file of the learner's code. */
export interface LearnerFile {
  /** The name the learner sees (`table.js`): a plain file name, no folder. */
  name: string;
  source: string;
}

/** The learner's code: one source text, or the files of an exercise of several. */
export type LearnerCode = string | readonly LearnerFile[];

/** The files of `code`, one named `single` when it is one source text. */
export function filesOf(code: LearnerCode, single: string): readonly LearnerFile[] {
  return typeof code === 'string' ? [{ name: single, source: code }] : code;
}

/** One text for `code`, for keys and digests: the text itself, or its files as JSON. */
export const codeText = (code: LearnerCode): string => (typeof code === 'string' ? code : JSON.stringify(code));


/** A file name an exercise may give the learner: letters, digits, `-`, `_`, `.`, ending in .js or .ts. */
export const LEARNER_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*\.(js|ts)$/;

/**
 * The learner file an import names, or undefined: `./table.js`, `./table`, and `./table.js` for
 * table.ts (TypeScript's own spelling). Only the learner's own files, in the same folder.
 */
export function resolveImport(specifier: string, names: readonly string[]): string | undefined {
  if (!specifier.startsWith('./') || specifier.slice(2).includes('/')) return undefined;
  const bare = specifier.slice(2);
  return [bare, `${bare}.js`, `${bare}.ts`, bare.replace(/\.js$/, '.ts')].find((c) => names.includes(c));
}

/**
 * The learner's files of an exercise of several, in the exercise's order: each editable file as
 * `given` has it (the starter's where `given` has none), each read-only file the starter's
 * whatever `given` says (a learner cannot change it, so no copy of theirs counts).
 */
export function assembleFiles(listed: readonly { name: string; readonly?: boolean }[], starter: LearnerCode, given: Readonly<Record<string, string>>): LearnerFile[] {
  const start = filesOf(starter, '');
  return listed.map((f) => ({ name: f.name, source: (!f.readonly && Object.hasOwn(given, f.name) ? given[f.name] : start.find((s) => s.name === f.name)?.source) ?? '' }));
}
