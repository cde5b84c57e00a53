import { describe, expect, it } from 'vitest';
import { parseLearnerSource, parseTestsModule, topLevelNames } from './js-syntax.ts';

type Where = [rule: string, line: number, column: number];

describe('parseLearnerSource', () => {
  const cases: Array<{ name: string; source: string; language: 'js' | 'ts'; expected: Where[] }> = [
    { name: 'a script', source: 'const handlers = {};\nfunction route(msg) {\n  return null;\n}\n', language: 'js', expected: [] },
    { name: 'modern syntax', source: 'const f = async (a) => a?.b ?? 1n;\nclass C { #x = 1; static { } }\n', language: 'js', expected: [] },
    { name: 'a js syntax error', source: 'function route(msg) {\n  return msg.;\n}\n', language: 'js', expected: [['source/syntax', 2, 14]] },
    { name: 'an import', source: "import x from 'y';\n", language: 'js', expected: [['source/syntax', 1, 1]] },
    { name: 'an export', source: 'const a = 1;\nexport { a };\n', language: 'js', expected: [['source/syntax', 2, 1]] },
    { name: 'TypeScript in a js file', source: 'function route(msg: unknown) {}\n', language: 'js', expected: [['source/syntax', 1, 19]] },
    { name: 'TypeScript', source: 'type Msg = { id?: number };\nfunction route(msg: Msg): Msg | null {\n  return null;\n}\n', language: 'ts', expected: [] },
    { name: 'a TypeScript syntax error', source: 'const a: number = 1;\nconst b: = 2;\n', language: 'ts', expected: [['source/syntax', 2, 10]] },
  ];
  it.each(cases)('$name', ({ source, language, expected }) => {
    const { program, diagnostics } = parseLearnerSource({ file: 'solution.js', source, language });
    expect(diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual(expected);
    expect(program === undefined).toBe(expected.length > 0);
  });

  it('explains that learner code is a script', () => {
    const [d] = parseLearnerSource({ file: 's.js', source: 'export function route() {}\n', language: 'js' }).diagnostics;
    expect(d?.message).toBe('Syntax error: Learner code is a script, not a module: remove `import` and `export` and declare the functions at the top level.');
  });

  it('drops the parser position from the message', () => {
    const [d] = parseLearnerSource({ file: 's.js', source: 'let = ;', language: 'js' }).diagnostics;
    expect(d?.message).toBe('Syntax error: Unexpected token.');
  });
});

describe('parseTestsModule', () => {
  it.each([
    ["import { it } from 'vitest';\nit('x', async () => { await 1; });\n", []],
    ['const x = await Promise.resolve(1);\n', []],
    ["it('x', () => {\n", [['tests/syntax', 2, 1]]],
  ] as Array<[string, Where[]]>)('%j', (source, expected) => {
    const { diagnostics } = parseTestsModule('tests.test.js', source);
    expect(diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual(expected);
  });
});

describe('topLevelNames', () => {
  it('collects top-level functions, classes and variables, not nested ones', () => {
    const source = 'function route() { function inner() {} }\nconst handlers = {}, { a } = {};\nlet count;\nclass Router {}\nif (true) { var hidden; }\n';
    const { program } = parseLearnerSource({ file: 's.js', source, language: 'js' });
    expect([...topLevelNames(program!)].sort()).toEqual(['Router', 'count', 'handlers', 'route']);
  });
});
