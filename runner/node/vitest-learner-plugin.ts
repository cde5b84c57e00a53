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
import { parse as parseYaml } from 'yaml';

const LEARNER = '@course/learner';
const PREFIX = '\0course-learner:';

function functionNames(exerciseDir: string): { names: string[]; language: string } {
  const task = readFileSync(join(exerciseDir, 'task.md'), 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(task);
  const data = (match ? parseYaml(match[1] ?? '') : {}) as { functions?: string[]; language?: string };
  return { names: data.functions ?? [], language: data.language ?? 'js' };
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
      const { names, language } = functionNames(dir);
      const file = join(dir, process.env.COURSE_SUBMISSION ?? `solution.${language}`);
      if (!existsSync(file)) throw new Error(`${LEARNER}: no submission at ${file}`);
      let source = readFileSync(file, 'utf8');
      if (file.endsWith('.ts')) {
        const { transform } = await import('sucrase');
        source = transform(source, { transforms: ['typescript'], disableESTransforms: true }).code;
      }
      // Reference solutions may say `export function`; a script cannot, and the name is what counts.
      source = source.replace(/^export\s+(?=(async\s+)?function|const|let|var|class)/gm, '');
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
