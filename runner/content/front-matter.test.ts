import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseFrontMatter } from './front-matter.ts';
import { exerciseFrontMatterSchema, lessonFrontMatterSchema } from './schema.ts';

/** `[rule, line, column]` of each diagnostic, in the order reported. */
type Where = [rule: string, line: number, column: number];

const exercise = (yaml: string) => `---\n${yaml}\n---\nBody text.\n`;
const valid = 'id: route\ntitle: Route\nlesson: the-router\nfunctions: [route]';

describe('parseFrontMatter diagnostics (exercise schema)', () => {
  const cases: Array<{ name: string; text: string; expected: Where[] }> = [
    { name: 'valid front matter', text: exercise(valid), expected: [] },
    { name: 'no front matter', text: 'Just text.\n', expected: [['front-matter/missing', 1, 1]] },
    { name: 'never closed', text: `---\n${valid}\n`, expected: [['front-matter/unclosed', 1, 1]] },
    { name: 'bad id value, at the value', text: exercise(valid.replace('id: route', 'id: Route')), expected: [['front-matter/schema', 2, 5]] },
    { name: 'missing key, at the opening fence', text: exercise(valid.replace('title: Route\n', '')), expected: [['front-matter/schema', 1, 1]] },
    { name: 'empty value, at its key', text: exercise(valid.replace('title: Route', 'title:')), expected: [['front-matter/schema', 3, 1]] },
    { name: 'bad enum value', text: exercise(`${valid}\nlanguage: py`), expected: [['front-matter/schema', 6, 11]] },
    { name: 'empty hint, at the item', text: exercise(`${valid}\nhints:\n  - ok\n  - ""`), expected: [['front-matter/schema', 8, 5]] },
    { name: 'nested number too small', text: exercise(`${valid}\nlimits:\n  callMs: 5`), expected: [['front-matter/schema', 7, 11]] },
    { name: 'unknown top-level key', text: exercise(`${valid}\nbogus: 1`), expected: [['front-matter/unknown-key', 6, 1]] },
    { name: 'unknown nested key', text: exercise(`${valid}\nlimits:\n  callMs: 50\n  cpu: 1`), expected: [['front-matter/unknown-key', 8, 3]] },
    { name: 'YAML syntax error, at the unclosed bracket', text: exercise('id: route\ntitle: [a\nlesson: x'), expected: [['front-matter/yaml', 3, 8]] },
    { name: 'unclosed bracket on the last line', text: exercise(`${valid}\nhints: [a`), expected: [['front-matter/yaml', 6, 8]] },
    { name: 'unclosed brace', text: exercise(`${valid}\nlimits: { callMs: 50\nhints: []`), expected: [['front-matter/yaml', 6, 9]] },
    { name: 'unclosed quote, at the quote', text: exercise('id: route\ntitle: "Route\nlesson: x\nfunctions: [route]'), expected: [['front-matter/yaml', 3, 8]] },
    { name: 'a hint YAML reads as a mapping', text: exercise(`${valid}\nhints:\n  - "id": null`), expected: [['front-matter/schema', 7, 5]] },
    { name: 'duplicate key', text: exercise(`${valid}\nid: again`), expected: [['front-matter/yaml', 6, 1]] },
    { name: 'not a mapping', text: exercise('- a\n- b'), expected: [['front-matter/schema', 2, 1]] },
    { name: 'empty front matter', text: '---\n---\n', expected: Array(4).fill(['front-matter/schema', 1, 1]) as Where[] },
  ];
  it.each(cases)('$name', ({ text, expected }) => {
    const { diagnostics } = parseFrontMatter({ file: 'exercises/route/task.md', text, schema: exerciseFrontMatterSchema });
    expect(diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual(expected);
    expect(diagnostics.every((d) => d.file === 'exercises/route/task.md' && d.severity === 'error')).toBe(true);
  });
});

describe('parseFrontMatter results', () => {
  it('returns the validated data with defaults, the body and where the body starts', () => {
    const result = parseFrontMatter({ file: 't.md', text: exercise(valid), schema: exerciseFrontMatterSchema });
    expect(result.data).toEqual({
      type: 'exercise', kind: 'code', id: 'route', title: 'Route', lesson: 'the-router', language: 'js', functions: ['route'], hints: [],
      limits: { callMs: 1000, runMs: 10_000, memoryMb: 64 },
    });
    expect(result.body).toBe('Body text.\n');
    expect(result.bodyStartLine).toBe(7);
  });

  it('handles CRLF line endings', () => {
    const text = exercise(valid).replaceAll('\n', '\r\n');
    const result = parseFrontMatter({ file: 't.md', text, schema: exerciseFrontMatterSchema });
    expect(result.diagnostics).toEqual([]);
    expect(result.data?.id).toBe('route');
    expect(result.bodyStartLine).toBe(7);
  });

  it('accepts a byte-order mark before the opening fence', () => {
    const result = parseFrontMatter({ file: 't.md', text: `\uFEFF${exercise(valid)}`, schema: exerciseFrontMatterSchema });
    expect(result.diagnostics).toEqual([]);
    expect(result.data?.id).toBe('route');
  });

  it('gives no data when there is an error', () => {
    const result = parseFrontMatter({ file: 't.md', text: exercise('id: 1'), schema: exerciseFrontMatterSchema });
    expect(result.data).toBeUndefined();
  });

  it('locates values, then parent keys, then the opening fence', () => {
    const text = exercise(`${valid}\nhints:\n  - first\n  - second`);
    const { locate } = parseFrontMatter({ file: 't.md', text, schema: exerciseFrontMatterSchema });
    expect(locate(['hints', 1])).toEqual({ line: 8, column: 5 });
    expect(locate(['hints', 5])).toEqual({ line: 6, column: 1 });
    expect(locate(['limits'])).toEqual({ line: 1, column: 1 });
  });

  it('names the missing field with its description and lists allowed keys', () => {
    const missing = parseFrontMatter({ file: 't.md', text: exercise('id: a'), schema: lessonFrontMatterSchema });
    expect(missing.diagnostics[0]?.message).toBe('Add `title` to the front matter: Title of the lesson.');
    const unknown = parseFrontMatter({ file: 't.md', text: exercise('x: 1'), schema: z.object({ a: z.number().optional() }).strict() });
    expect(unknown.diagnostics.map((d) => d.message)).toEqual(['Unknown key `x` in the front matter; the allowed keys here are `a`.']);
  });

  it('says an unclosed bracket is never closed, and where', () => {
    const { diagnostics } = parseFrontMatter({ file: 't.md', text: exercise('id: route\ntitle: [a\nlesson: x'), schema: exerciseFrontMatterSchema });
    expect(diagnostics[0]?.message).toBe('Invalid YAML in the front matter: this `[` starts a list that is never closed with `]`. Close it, or put the whole value in single quotes if the brackets are text.');
  });

  it('says a hint that YAML reads as a mapping or a list needs quotes, and how to write it', () => {
    const mapping = parseFrontMatter({ file: 't.md', text: exercise(`${valid}\nhints:\n  - "id": null is not a request`), schema: exerciseFrontMatterSchema });
    expect(mapping.diagnostics.map((d) => d.message)).toEqual([
      '`hints[0]` must be text, but YAML reads it as a key and a value because of the `: `. Put the whole value in single quotes: \'"id": null is not a request\'',
    ]);
    const list = parseFrontMatter({ file: 't.md', text: exercise(`${valid}\nhints:\n  - [first, then second]`), schema: exerciseFrontMatterSchema });
    expect(list.diagnostics[0]?.message).toMatch(/^`hints\[0\]` must be text, but YAML reads it as a list because it starts with `\[`\./);
  });

  it('reports a spec link problem inside a list of objects', () => {
    const text = exercise('id: a\ntitle: T\norder: 1\nsummary: S\nspecs:\n  - title: x\n    url: nope\n  - url: https://example.org');
    const { diagnostics } = parseFrontMatter({ file: 'l.md', text, schema: lessonFrontMatterSchema });
    expect(diagnostics.map((d) => [d.message.split(':')[0], d.line, d.column])).toEqual([
      ['`specs[0].url`', 8, 10],
      ['Add `specs[1].title` to the front matter', 9, 5],
    ]);
  });
});

describe('YAML errors say how to fix them', () => {
  it.each([
    ['a quoted value with text after it', `${valid}\nhints:\n  - "Look" at the id`, /value that starts with a quote ends where the quote closes.*single quotes/],
    ['a colon and a space inside a value', valid.replace('title: Route', 'title: Route: part 2'), /holds ": ".*Put the whole value in single quotes/],
    ['list items at different columns', `${valid}\nhints:\n  - a\n - b`, /indented less than the items before it/],
  ])('%s', (_name, yaml, fix) => {
    const { diagnostics } = parseFrontMatter({ file: 'exercises/route/task.md', text: exercise(yaml), schema: exerciseFrontMatterSchema });
    expect(diagnostics[0]?.rule).toBe('front-matter/yaml');
    expect(diagnostics[0]?.message).toMatch(fix);
  });
});
