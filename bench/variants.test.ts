import { describe, expect, it } from 'vitest';
import { makeSubmissions } from './variants.ts';

const passing = [{ name: 'solution', source: 'function route(msg) {\n  const handler = table[msg.method];\n  return handler(msg);\n}\n' }];
const failing = [
  { name: 'mutants/a.js', source: 'function route(msg) {\n  return null;\n}\n' },
  { name: 'mutants/b.js', source: 'function route(msg) {\n  const handler = 1;\n  return handler;\n}\n' },
];

describe('makeSubmissions', () => {
  it('alternates passing and failing bases, so even indexes pass and odd ones fail', () => {
    const made = makeSubmissions(passing, failing, 8);
    expect(made.map((v) => v.base.name)).toEqual(['solution', 'mutants/a.js', 'solution', 'mutants/b.js', 'solution', 'mutants/a.js', 'solution', 'mutants/b.js']);
  });

  it('makes every submission a different text', () => {
    const made = makeSubmissions(passing, failing, 200);
    expect(new Set(made.map((v) => v.source)).size).toBe(200);
  });

  it('renames a local everywhere it is used, and never onto a name already taken', () => {
    const [zero] = makeSubmissions(passing, failing, 1);
    expect(zero?.source).toContain('const handler0 = table[msg.method];');
    expect(zero?.source).toContain('return handler0(msg);');
    expect(zero?.source).not.toMatch(/\bhandler\b/);
  });

  it('needs a base of each kind', () => {
    expect(() => makeSubmissions([], failing, 2)).toThrow(/at least one passing and one failing/);
  });
});
