import { describe, expect, it } from 'vitest';
import { prepareModules } from './prepare-modules.ts';

const js = (files: Record<string, string>) => prepareModules(Object.entries(files).map(([name, source]) => ({ name, source })), 'js');

describe('prepareModules', () => {
  it('keeps every line where the learner wrote it', async () => {
    const table = "export const table = {\n  ping: () => ({}),\n};\nexport function handle(m) {\n  return table[m];\n}\n";
    const stdio = "import {\n  handle,\n} from './table.js';\nexport function line(text) { return handle(text); }\n";
    const prepared = await js({ 'table.js': table, 'stdio.js': stdio });
    if (!prepared.ok) throw new Error(prepared.message);
    for (const [m, source] of [[prepared.modules[0], table], [prepared.modules[1], stdio]] as const) {
      const lines = source.split('\n');
      const body = m?.body.split('\n') ?? [];
      // The same lines, each declaration on its own.
      expect(body.length).toBe(lines.length);
    }
    expect(prepared.modules[0]?.body.split('\n')[3]).toMatch(/^ {7}function handle\(m\) \{$/);
    expect(prepared.modules[1]?.body.split('\n')[0]).toBe('const { "handle": handle } = __courseImport("table.js", ["handle"]);');
    expect(prepared.modules[1]?.body.split('\n')[3]).toMatch(/^ {7}function line/);
    expect(prepared.modules.map((m) => m.exports)).toEqual([[['table', 'table'], ['handle', 'handle']], [['line', 'line']]]);
  });

  it.each([
    ["import fs from 'fs';", /Line 1 of a\.js imports "fs", which is not one of your files \(a\.js, b\.js\)/],
    ["\n\nimport { x } from '../b.js';", /Line 3 of a\.js imports "\.\.\/b\.js"/],
    ["import { x } from './a.js';", /imports a\.js itself/],
    ["export * from './b.js';", /exports from another file/],
    ['function f( {', /Syntax error on line 1, column \d+ of a\.js/],
  ])('refuses %j naming the file and the line', async (source, message) => {
    const prepared = await js({ 'a.js': source, 'b.js': 'export const x = 1;' });
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.file).toBe('a.js');
    expect(prepared.message).toMatch(message);
  });

  it('resolves ./name, ./name.js and, for TypeScript, ./name.js to name.ts', async () => {
    const prepared = await prepareModules(
      [
        { name: 'table.ts', source: 'export const table: Record<string, number> = { a: 1 };' },
        { name: 'main.ts', source: "import { table } from './table.js';\nimport * as again from './table';\nexport const both = (k: string): number => table[k] + again.table[k];" },
      ],
      'ts',
    );
    expect(prepared.ok).toBe(true);
  });

  it('names the file of a TypeScript syntax error', async () => {
    const prepared = await prepareModules([{ name: 'a.ts', source: 'export const x = 1;' }, { name: 'b.ts', source: 'const y: = 2;' }], 'ts');
    expect(prepared).toMatchObject({ ok: false, file: 'b.ts', message: expect.stringMatching(/^Syntax error on line 1, column \d+ of b\.ts/) });
  });
});
