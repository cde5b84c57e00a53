import { describe, expect, it } from 'vitest';
import { checkTestsFile } from './tests-file.ts';

type Where = [rule: string, line: number, column: number];

const head = "import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\n";
const examples = "describe('examples', () => {\n  it('answers ping', async () => {\n    expect(await route({})).toEqual({});\n  });\n});\n";

describe('checkTestsFile', () => {
  const cases: Array<{ name: string; source: string; functions?: string[]; expected: Where[] }> = [
    { name: 'a good file', source: head + examples, expected: [] },
    { name: 'syntax error', source: `${head}describe('examples', () => {\n  it('x', () => {\n});\n`, expected: [['tests/syntax', 6, 1]] },
    { name: 'a module outside the allowed ones', source: `${head}import fs from 'node:fs';\n${examples}`, expected: [['tests/forbidden-import', 3, 1]] },
    { name: 'a vitest name outside the allowed ones', source: `import { describe, it, expect, vi } from 'vitest';\nimport { route } from '@course/learner';\n${examples}`, expected: [['tests/forbidden-import', 1, 32]] },
    { name: 'a namespace import of vitest', source: `import * as v from 'vitest';\n${head}${examples}`, expected: [['tests/forbidden-import', 1, 8]] },
    { name: 'a learner name not in functions', source: `${head}import { helper } from '@course/learner';\n${examples}`, expected: [['tests/forbidden-import', 3, 10]] },
    { name: 'an aliased learner import is fine', source: `import { describe, it, expect } from 'vitest';\nimport { route as r } from '@course/learner';\n${examples.replace('await route', 'await r')}`, expected: [] },
    { name: 'SDK modules are allowed', source: `${head}import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n${examples}`, expected: [] },
    { name: 'the SDK v2 client package is allowed', source: `${head}import { Client, InMemoryTransport } from '@modelcontextprotocol/client';\n${examples}`, expected: [] },
    { name: 'a package that only starts like it is not', source: `${head}import { Client } from '@modelcontextprotocol/clients';\n${examples}`, expected: [['tests/forbidden-import', 3, 1]] },
    { name: 'generated checks and fast-check are allowed', source: `${head}import fc from 'fast-check';\nimport { agrees, ids } from '@course/check';\n${examples}describe('hidden', () => {\n  it('g', () => agrees({ input: ids(), calls: (id) => [['route', id]] }));\n});\n`, expected: [] },
    { name: 'a generated check among the examples is not', source: `${head}import { agrees as check } from '@course/check';\ndescribe('examples', () => {\n  it('g', () => check({}));\n});\n`, expected: [['tests/generated-example', 5, 3]] },
    { name: 'the SDK root is not', source: `${head}import { Client } from '@modelcontextprotocol/sdk';\n${examples}`, expected: [['tests/forbidden-import', 3, 1]] },
    { name: 'dynamic import', source: `${head}${examples}const m = await import('node:fs');\n`, expected: [['tests/forbidden-import', 8, 17]] },
    { name: 'require', source: `${head}${examples}const m = require('fs');\n`, expected: [['tests/forbidden-import', 8, 11]] },
    { name: 'a listed function never imported', source: head + examples, functions: ['route', 'dispatch'], expected: [['tests/untested-function', 1, 1]] },
    { name: 'no examples group', source: `${head}describe('hidden', () => {\n  it('x', () => {});\n});\n`, expected: [['tests/no-examples', 1, 1]] },
    { name: 'examples given as a template literal', source: `${head}describe(\`examples\`, () => {\n  it('x', () => {});\n});\n`, expected: [] },
    {
      name: 'duplicate names in one group',
      source: `${head}describe('examples', () => {\n  it('same', () => {});\n  it('same', () => {});\n});\n`,
      expected: [['tests/duplicate-name', 5, 3]],
    },
    {
      name: 'duplicate names across it and test, with modifiers',
      source: `${head}describe('examples', () => {\n  it('same', () => {});\n  test.skip('same', () => {});\n});\n`,
      expected: [['tests/duplicate-name', 5, 3]],
    },
    {
      name: 'the same title in different groups is fine',
      source: `${head}${examples}describe('hidden', () => {\n  it('answers ping', () => {});\n});\n`,
      expected: [],
    },
    {
      name: 'duplicates in nested groups',
      source: `${head}${examples}describe('a', () => {\n  describe('b', () => {\n    it('c', () => {});\n  });\n});\ndescribe('a', () => {\n  describe('b', () => {\n    it('c', () => {});\n  });\n});\n`,
      expected: [['tests/duplicate-name', 15, 5]],
    },
  ];
  it.each(cases)('$name', ({ source, functions, expected }) => {
    const diagnostics = checkTestsFile({ file: 'exercises/route/tests.test.js', source, functions: functions ?? ['route'] });
    expect(diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual(expected);
  });

  it('says where the first use of a duplicated name is', () => {
    const source = `${head}describe('examples', () => {\n  it('same', () => {});\n  it('same', () => {});\n});\n`;
    const [d] = checkTestsFile({ file: 't.js', source, functions: ['route'] });
    expect(d?.message).toContain('"examples > same" is already used at line 4');
    expect(d?.severity).toBe('error');
  });
});
