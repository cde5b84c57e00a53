import { describe, expect, it } from 'vitest';
import { prepareSource } from './prepare.ts';

describe('prepareSource', () => {
  it('passes a plain script through unchanged', async () => {
    const source = 'const handlers = {};\nfunction route(msg) { return null; }\n';
    expect(await prepareSource(source, 'js', 'main.js')).toEqual({ ok: true, script: source, filename: 'main.js' });
  });

  it.each([
    ['function route(msg) {\n  return {\n}', 3, 2],
    ['const a = 1;\nconst a = 2;', 2, 7],
    ['let x = ;', 1, 9],
  ])('reports a syntax error at the line and column of the learner\'s text: %j', async (source, line, column) => {
    const result = await prepareSource(source, 'js', 'main.js');
    expect(result).toMatchObject({ ok: false, place: { line, column } });
    if (!result.ok) expect(result.message).toMatch(new RegExp(`^Syntax error on line ${line}, column ${column} of main\\.js: .+\\. Fix it and run again\\.$`));
  });

  it('blanks export keywords without moving lines or columns', async () => {
    const result = await prepareSource('export function route(msg) {\n  return 1;\n}\nexport const x = 1;\nexport { route as r };\nexport default function other() {}', 'js', 'main.js');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const lines = result.script.split('\n');
    expect(lines[0]).toBe('       function route(msg) {');
    expect(lines[3]).toBe('       const x = 1;');
    expect(lines[4]?.trim()).toBe('');
    expect(lines[5]).toBe('               function other() {}');
  });

  it('refuses imports with a sentence that says why', async () => {
    const result = await prepareSource("import fs from 'node:fs';\nfunction route() {}", 'js', 'main.js');
    expect(result).toMatchObject({ ok: false, place: { line: 1, column: 1 } });
    if (!result.ok) expect(result.message).toContain('exercises run without imports');
  });

  it('transpiles TypeScript keeping line numbers', async () => {
    const source = 'interface Msg { id?: number }\n\nfunction route(msg: Msg): unknown {\n  return msg.id as number;\n}\n';
    const result = await prepareSource(source, 'ts', 'main.ts');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.script.split('\n')[2]).toMatch(/^function route\(msg\)/);
    expect(result.script.split('\n').length).toBe(source.split('\n').length);
  });

  it('reports TypeScript syntax errors at their line', async () => {
    const result = await prepareSource('function route(msg: Msg) {\n  return msg.\n}', 'ts', 'main.ts');
    expect(result).toMatchObject({ ok: false, place: { line: 3 } });
  });

  it.each([
    ['const x: number = ;', 'ts', 19],
    ['const x = ;', 'js', 11],
    ['let ok = 1;\nconst y: string = );', 'ts', 19],
  ] as const)('reports the column of the offending token, counted from 1, in %j (%s)', async (source, language, column) => {
    const result = await prepareSource(source, language, `main.${language}`);
    const line = source.split('\n').length;
    // The token is where the 1-based column points: the character just before it is the space.
    expect(source.split('\n')[line - 1]?.[column - 1]).toMatch(/[;)]/);
    expect(result).toMatchObject({ ok: false, place: { line, column } });
    expect(!result.ok && result.message).toContain(`on line ${line}, column ${column} of main.${language}`);
  });
});
