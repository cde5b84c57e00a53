import { describe, expect, it } from 'vitest';
import { loadExercise } from './exercise.ts';
import type { CodeExercise } from './types.ts';

const FILES = 'files:\n  - name: table.js\n  - name: stdio.js\n    open: true\n  - name: frame.js\n    readonly: true\n';
const task = (files = FILES) => `---\nid: several\ntitle: Several files\nlesson: the-router\nfunctions: [onLine]\n${files}---\nWrite \`onLine(line)\`.\n`;
const tests =
  "import { describe, it, expect } from 'vitest';\nimport { onLine } from '@course/learner';\n" +
  "describe('examples', () => {\n  it('answers ping', async () => {\n    expect(await onLine('ping')).toBe('pong');\n  });\n});\n";
const table = 'export const table = { ping: () => "pong" };\n';
const stdio = "import { table } from './table.js';\nimport { frame } from './frame.js';\nexport function onLine(line) {\n  return frame(table[line]());\n}\n";
const frame = 'export function frame(text) {\n  return text;\n}\n';
const mutant = '// mistake: answers nothing.\n// learner: Your code seems to answer nothing.\nexport const table = {};\n';

/** A valid folder `exercises/several`, then `changes` applied (undefined deletes a file). */
function course(changes: Record<string, string | undefined> = {}): Map<string, string> {
  const files: Record<string, string | undefined> = {
    'exercises/several/task.md': task(),
    'exercises/several/starter/table.js': 'export const table = {};\n',
    'exercises/several/starter/stdio.js': stdio,
    'exercises/several/starter/frame.js': frame,
    'exercises/several/solution/table.js': table,
    'exercises/several/solution/stdio.js': stdio,
    'exercises/several/tests.test.js': tests,
    'exercises/several/mutants/empty-table/table.js': mutant,
    'exercises/several/variants/map-table/table.js': 'const methods = new Map([["ping", () => "pong"]]);\nexport const table = Object.fromEntries(methods);\n',
    ...changes,
  };
  return new Map(Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const load = (changes: Record<string, string | undefined> = {}) => loadExercise('exercises/several', course(changes));
const where = (changes: Record<string, string | undefined>) => load(changes).diagnostics.map((d) => [d.file.replace('exercises/several/', ''), d.rule, d.line]);

describe('an exercise of several files', () => {
  it('loads the files in the order task.md lists them, the read-only one from the starter', () => {
    const { exercise, diagnostics } = load();
    expect(diagnostics).toEqual([]);
    const code = exercise as CodeExercise;
    expect(code.files?.map((f) => [f.name, f.readonly, f.open])).toEqual([['table.js', false, false], ['stdio.js', false, true], ['frame.js', true, false]]);
    expect(code.solution).toEqual([{ name: 'table.js', source: table }, { name: 'stdio.js', source: stdio }, { name: 'frame.js', source: frame }]);
    expect((code.starter as readonly { name: string }[]).map((f) => f.name)).toEqual(['table.js', 'stdio.js', 'frame.js']);
    // A mutant is the whole solution with the files it changes.
    expect(code.mutants).toMatchObject([{ name: 'empty-table', file: 'exercises/several/mutants/empty-table/table.js', mistake: 'answers nothing.', source: [{ name: 'table.js', source: mutant }, { name: 'stdio.js', source: stdio }, { name: 'frame.js', source: frame }] }]);
    expect(code.variants).toMatchObject([{ name: 'map-table', source: [{ name: 'table.js' }, { name: 'stdio.js' }, { name: 'frame.js' }] }]);
  });

  it.each([
    ['a listed file missing from starter/', { 'exercises/several/starter/stdio.js': undefined }, [['starter/stdio.js', 'exercise/missing-file', 1]]],
    ['an import of something else', { 'exercises/several/solution/stdio.js': `\n${stdio.replace('./frame.js', 'node:fs')}` }, [['solution/stdio.js', 'source/import', 3]]],
    ['a syntax error in one file', { 'exercises/several/solution/table.js': 'export const table = {\n' }, [['solution/table.js', 'source/syntax', 2]]],
    ['a read-only file changed by the solution', { 'exercises/several/solution/frame.js': `${frame}// changed\n` }, [['solution/frame.js', 'exercise/readonly-changed', 1]]],
    ['a mutant of a read-only file', { 'exercises/several/mutants/bad-frame/frame.js': frame }, [['mutants/bad-frame/frame.js', 'mutant/file', 1]]],
    ['a mutant of a file not listed', { 'exercises/several/mutants/other/other.js': frame }, [['mutants/other/other.js', 'mutant/file', 1]]],
    ['a function no file declares', { 'exercises/several/solution/stdio.js': stdio.replace('onLine', 'online') }, [['task.md', 'exercise/missing-function', 1]]],
    ['two tabs opening first', { 'exercises/several/task.md': task(FILES.replace('- name: table.js\n', '- name: table.js\n    open: true\n')) }, [['task.md', 'exercise/files-open', 1]]],
    ['a single-file starter beside the folders', { 'exercises/several/starter.js': stdio }, [['starter.js', 'exercise/unexpected-file', 1]]],
    ['a file of another language', { 'exercises/several/task.md': task(FILES.replace('frame.js', 'frame.ts')) }, [['starter/frame.js', 'exercise/unexpected-file', 1], ['starter/frame.ts', 'exercise/missing-file', 1], ['task.md', 'exercise/files-language', 1]]],
  ] as const)('names the file of %s', (_name, changes, expected) => {
    expect(where(changes as Record<string, string | undefined>)).toEqual(expected);
  });
});
