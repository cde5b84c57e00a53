import { describe, expect, it } from 'vitest';
import { identityKey } from '../content/index.ts';
import { generateMutants, type GeneratedMutant } from './generate-mutants.ts';

const SOLUTION = `function route(msg) {
  if (msg.id === undefined) return null;
  const ok = msg.method === 'ping';
  return ok ? { jsonrpc: '2.0', id: msg.id, result: 'pong' } : { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
}
`;
const file = 'exercises/route/solution.js';
const keys = (mutants: GeneratedMutant[]) => mutants.map(identityKey);

describe('generateMutants', () => {
  it("lists Stryker's mutants in source order, each with its place and a source that differs only there", async () => {
    const { mutants, unparsable } = await generateMutants({ source: SOLUTION, language: 'js', file });
    expect(unparsable).toBe(0);
    expect(mutants.length).toBeGreaterThan(10);
    expect(mutants.map((m) => m.mutator)).toEqual(expect.arrayContaining(['ConditionalExpression', 'EqualityOperator', 'StringLiteral', 'ObjectLiteral', 'BlockStatement']));
    const equality = mutants.find((m) => m.mutator === 'EqualityOperator' && m.original === "msg.method === 'ping'");
    expect(equality).toMatchObject({ replacement: "msg.method !== 'ping'", line: 3, column: 14, occurrence: 1 });
    expect(equality?.source).toBe(SOLUTION.replace("msg.method === 'ping'", "msg.method !== 'ping'"));
    const places = mutants.map((m) => m.line * 1000 + m.column);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });

  it('is deterministic', async () => {
    const a = await generateMutants({ source: SOLUTION, language: 'js', file });
    const b = await generateMutants({ source: SOLUTION, language: 'js', file });
    expect(b.mutants).toEqual(a.mutants);
  });

  it('keeps every identity when lines are added above and the code is reformatted', async () => {
    const before = await generateMutants({ source: SOLUTION, language: 'js', file });
    const edited = `// The router.\n\n${SOLUTION.replace('return ok ? {', 'return ok\n    ? {').replace(' : {', '\n    : {')}`;
    const after = await generateMutants({ source: edited, language: 'js', file });
    expect(keys(after.mutants)).toEqual(keys(before.mutants));
    expect(after.mutants[0]?.line).toBe((before.mutants[0]?.line ?? 0) + 2);
  });

  it('changes only the identities of the code that was edited', async () => {
    const before = new Set(keys((await generateMutants({ source: SOLUTION, language: 'js', file })).mutants));
    const edited = SOLUTION.replace("'Method not found'", "'Unknown method'");
    const after = new Set(keys((await generateMutants({ source: edited, language: 'js', file })).mutants));
    const gone = [...before].filter((k) => !after.has(k)).map((k) => JSON.parse(k)[1]);
    expect(gone).toContain("'Method not found'");
    // The enclosing blocks and objects hold the edited text, so their identities change too; nothing else does.
    expect(gone.every((original: string) => original.includes('Method not found'))).toBe(true);
  });

  it('counts repeated code as occurrences, from the top', async () => {
    const { mutants } = await generateMutants({ source: SOLUTION, language: 'js', file });
    const versions = mutants.filter((m) => m.mutator === 'StringLiteral' && m.original === "'2.0'");
    expect(versions.map((m) => m.occurrence)).toEqual([1, 2]);
    expect(versions[0]?.column).toBeLessThan(versions[1]?.column ?? 0);
  });

  it('mutates TypeScript and keeps its types', async () => {
    const source = 'function add(a: number, b: number): number {\n  return a + b;\n}\n';
    const { mutants } = await generateMutants({ source, language: 'ts', file: 'exercises/add/solution.ts' });
    const arithmetic = mutants.find((m) => m.mutator === 'ArithmeticOperator');
    expect(arithmetic?.source).toBe(source.replace('a + b', 'a - b'));
  });

  it('puts a replacement in parentheses where it would not parse bare', async () => {
    const source = 'function pick(a, b, c) {\n  return a ?? b ?? c;\n}\n';
    const { mutants, unparsable } = await generateMutants({ source, language: 'js', file });
    expect(unparsable).toBe(0);
    const logical = mutants.find((m) => m.mutator === 'LogicalOperator' && m.original === 'a ?? b');
    expect(logical?.source).toContain('return (a && b) ?? c;');
  });
});
