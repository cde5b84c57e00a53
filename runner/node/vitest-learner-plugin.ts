/**
 * Lets every exercise's tests file run under plain vitest (`npm test`, project "exercises"):
 * `import { route } from '@course/learner'` resolves to the exercise's reference solution, or to
 * the file named by COURSE_SUBMISSION (relative to the exercise folder, e.g. `mutants/id-zero.js`).
 * An exercise of several files runs its files as modules, COURSE_SUBMISSION then naming a folder
 * (`mutants/empty-table`) that holds the files it changes. `@course/check` resolves to the
 * generated checks over plain calls (runner/core/check/direct.ts),
 * with the reference solution as the oracle, and `fast-check` to itself.
 *
 * Learner code is a script, not a module: its top-level declarations are collected by name, and
 * each function is wrapped to be async and to receive copies of its arguments, and a peer for a
 * `client(script)` argument, as it does across the sandbox boundary in the real grader.
 */
import { readFileSync, existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { codeExerciseFrontMatterSchema, parseFrontMatter } from '../content/index.ts';
import { learnerFilename, prepareModules, prepareSource } from '../core/index.ts';
import { CHECK_EXPORTS } from '../core/index.ts';

const LEARNER = '@course/learner';
const CHECK = '@course/check';
const PREFIX = '\0course-learner:';
const REFERENCE = '\0course-reference:';
const CHECKS = '\0course-check:';
// The module the generated check module is built from (runner/core's public face).
const DIRECT = new URL('../core/index.ts', import.meta.url).pathname;

/** The exercise's front matter, read the way `course check` reads it. */
function frontMatter(exerciseDir: string): { functions: string[]; language: 'js' | 'ts'; files?: { name: string; readonly: boolean }[] } {
  const file = join(exerciseDir, 'task.md');
  const { data, diagnostics } = parseFrontMatter({ file, text: readFileSync(file, 'utf8'), schema: codeExerciseFrontMatterSchema });
  if (!data) throw new Error(`${LEARNER}: ${file} has invalid front matter: ${diagnostics.map((d) => d.message).join(' ')}`);
  return data;
}

/** The functions the tests import, each called as the sandbox calls it (see the module comment). */
function wrappers(names: readonly string[]): string[] {
  return names.map(
    (n) =>
      `export async function ${n}(...args) {\n` +
      `  if (!defined.${n}) throw new Error(${JSON.stringify(`${n} is not defined by the submission`)});\n` +
      `  return callHere(defined.${n}, args);\n}`,
  );
}

/**
 * An exercise of several files: the reference's solution/ folder, or the folder COURSE_SUBMISSION
 * names (a mutant's or a variant's, holding the files it changes), the rest of the files the
 * solution's and the read-only ones the starter's, run as modules (modulesHere).
 */
async function severalFiles(dir: string, files: readonly { name: string; readonly: boolean }[], names: readonly string[], language: 'js' | 'ts', reference: boolean): Promise<string> {
  const folder = resolve(dir, reference ? 'solution' : (process.env.COURSE_SUBMISSION ?? 'solution'));
  if (!existsSync(folder)) throw new Error(`${LEARNER}: no submission folder at ${folder}`);
  const read = (name: string) => [join(folder, name), join(dir, 'solution', name), join(dir, 'starter', name)].find((f) => existsSync(f));
  const code = files.map((f) => {
    const path = f.readonly ? join(dir, 'starter', f.name) : read(f.name);
    if (!path) throw new Error(`${LEARNER}: no ${f.name} in ${folder}, the solution or the starter`);
    return { name: f.name, source: readFileSync(path, 'utf8') };
  });
  const prepared = await prepareModules(code, language);
  if (!prepared.ok) throw new Error(`${LEARNER}: ${folder}: ${prepared.message}`);
  return [
    `import { callHere, modulesHere } from ${JSON.stringify(DIRECT)};`,
    `const defined = modulesHere(${JSON.stringify(prepared.modules)}, ${JSON.stringify(names)});`,
    ...wrappers(names),
  ].join('\n');
}

export function learnerPlugin(): Plugin {
  return {
    name: 'course-learner',
    enforce: 'pre',
    resolveId(source, importer) {
      // The check module imports the learner's and the reference's modules by their own ids.
      if (source.startsWith(PREFIX) || source.startsWith(REFERENCE)) return source;
      if (!importer) return null;
      if (source === LEARNER) return PREFIX + dirname(importer);
      if (source === CHECK) return CHECKS + dirname(importer);
      return null;
    },
    async load(id) {
      if (id.startsWith(CHECKS)) {
        const dir = id.slice(CHECKS.length);
        const tests = readFileSync(join(dir, 'tests.test.js'), 'utf8');
        return [
          `import { expect } from 'vitest';`,
          `import * as learner from ${JSON.stringify(PREFIX + dir)};`,
          `import * as reference from ${JSON.stringify(REFERENCE + dir)};`,
          `import { directCheckModule } from ${JSON.stringify(DIRECT)};`,
          `const module = directCheckModule({ exerciseId: ${JSON.stringify(basename(dir))}, tests: ${JSON.stringify(tests)}, learner, reference, currentTestName: () => expect.getState().currentTestName ?? '' });`,
          ...CHECK_EXPORTS.map((name) => `export const ${name} = module[${JSON.stringify(name)}];`),
        ].join('\n');
      }
      const reference = id.startsWith(REFERENCE);
      if (!id.startsWith(PREFIX) && !reference) return null;
      const dir = id.slice(reference ? REFERENCE.length : PREFIX.length);
      const { functions: names, language, files } = frontMatter(dir);
      if (files) return severalFiles(dir, files, names, language, reference);
      // resolve: COURSE_SUBMISSION may be relative to the exercise folder or absolute.
      const file = resolve(dir, reference ? `solution.${language}` : (process.env.COURSE_SUBMISSION ?? `solution.${language}`));
      if (!existsSync(file)) throw new Error(`${LEARNER}: no submission at ${file}`);
      // The grader's own preparation: TypeScript transpiled, `export` keywords blanked.
      const prepared = await prepareSource(readFileSync(file, 'utf8'), language, learnerFilename(language));
      if (!prepared.ok) throw new Error(`${LEARNER}: ${file}: ${prepared.message}`);
      const source = prepared.script;
      const collect = names.map((n) => `${JSON.stringify(n)}: typeof ${n} === 'function' ? ${n} : undefined`).join(', ');
      const body = `${source}\n;return { ${collect} };`;
      return [
        `import { callHere } from ${JSON.stringify(DIRECT)};`,
        `const defined = new Function(${JSON.stringify(body)})();`,
        ...wrappers(names),
      ].join('\n');
    },
  };
}
