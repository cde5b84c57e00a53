/**
 * Lets every exercise's tests file run under plain vitest (`npm test`, project "exercises"):
 * `import { route } from '@course/learner'` resolves to the exercise's reference solution, or to
 * the file named by COURSE_SUBMISSION (relative to the exercise folder, e.g. `mutants/id-zero.js`).
 *
 * Learner code is a script, not a module: its top-level declarations are collected by name, and
 * each function is wrapped to be async and to receive copies of its arguments, as it does across
 * the sandbox boundary in the real grader.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { codeExerciseFrontMatterSchema, parseFrontMatter } from '../content/index.ts';
import { learnerFilename, prepareSource } from '../core/index.ts';

const LEARNER = '@course/learner';
const PREFIX = '\0course-learner:';

/** The exercise's front matter, read the way `course check` reads it. */
function frontMatter(exerciseDir: string): { functions: string[]; language: 'js' | 'ts' } {
  const file = join(exerciseDir, 'task.md');
  const { data, diagnostics } = parseFrontMatter({ file, text: readFileSync(file, 'utf8'), schema: codeExerciseFrontMatterSchema });
  if (!data) throw new Error(`${LEARNER}: ${file} has invalid front matter: ${diagnostics.map((d) => d.message).join(' ')}`);
  return data;
}

export function learnerPlugin(): Plugin {
  return {
    name: 'course-learner',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== LEARNER || !importer) return null;
      return PREFIX + dirname(importer);
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const dir = id.slice(PREFIX.length);
      const { functions: names, language } = frontMatter(dir);
      const file = join(dir, process.env.COURSE_SUBMISSION ?? `solution.${language}`);
      if (!existsSync(file)) throw new Error(`${LEARNER}: no submission at ${file}`);
      // The grader's own preparation: TypeScript transpiled, `export` keywords blanked.
      const prepared = await prepareSource(readFileSync(file, 'utf8'), language, learnerFilename(language));
      if (!prepared.ok) throw new Error(`${LEARNER}: ${file}: ${prepared.message}`);
      const source = prepared.script;
      const collect = names.map((n) => `${JSON.stringify(n)}: typeof ${n} === 'function' ? ${n} : undefined`).join(', ');
      const body = `${source}\n;return { ${collect} };`;
      return [
        `const defined = new Function(${JSON.stringify(body)})();`,
        ...names.map(
          (n) =>
            `export async function ${n}(...args) {\n` +
            `  if (!defined.${n}) throw new Error(${JSON.stringify(`${n} is not defined by the submission`)});\n` +
            `  return defined.${n}(...structuredClone(args));\n}`,
        ),
      ].join('\n');
    },
  };
}
