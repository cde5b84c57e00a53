import { describe, expect, it } from 'vitest';
import { collectTests, compileTestsModule, testCode, TestsFileError } from './collect.ts';

const vitestApi = { expect: () => undefined };

describe('compileTestsModule', () => {
  it('turns imports into table lookups on the same lines', () => {
    const { code, specifiers } = compileTestsModule("import { describe, it as test } from 'vitest';\nimport {\n  route,\n} from '@course/learner';\nimport * as sdk from 'x';\ndescribe();");
    expect(code.split('\n')).toEqual([
      'const { describe, "it": test } = __import("vitest");',
      'const { route } = __import("@course/learner");',
      '',
      '',
      'const sdk = __import("x");',
      'describe();',
    ]);
    expect(specifiers.sort()).toEqual(['@course/learner', 'vitest', 'x']);
  });

  it('reports a tests file that does not parse, with its line', () => {
    expect(() => compileTestsModule('describe(\n(')).toThrow(TestsFileError);
  });
});

describe('collectTests', () => {
  it('collects tests in file order with describe paths, hooks and task ids', async () => {
    const source = `
      import { describe, it, test, beforeEach } from 'vitest';
      describe('examples', () => {
        beforeEach(() => {});
        it('first', async () => { return 1; });
      });
      describe('hidden', () => {
        describe('inner', () => {
          test('second', { task: 2 }, () => {});
        });
      });
      it('top', () => {});
    `;
    const tests = await collectTests(source, {}, vitestApi);
    expect(tests.map((t) => t.path)).toEqual([['examples', 'first'], ['hidden', 'inner', 'second'], ['top']]);
    expect(tests[0]?.beforeEach).toHaveLength(1);
    expect(tests[1]?.taskId).toBe(2);
    expect(tests[0]?.code).toBe('return 1;');
  });

  it('gives the tests file only the modules of its table', async () => {
    await expect(collectTests("import x from 'node:fs';", {}, vitestApi)).rejects.toThrow(/does not provide/);
  });

  it('loads lazy modules only when imported', async () => {
    let loaded = 0;
    const loaders = { lazy: async () => { loaded++; return { value: 7 }; } };
    await collectTests("import { it } from 'vitest';", {}, vitestApi, loaders);
    expect(loaded).toBe(0);
    const tests = await collectTests("import { it } from 'vitest'; import { value } from 'lazy'; it('v' + value, () => {});", {}, vitestApi, loaders);
    expect(loaded).toBe(1);
    expect(tests[0]?.path).toEqual(['v7']);
  });

  it('reports a tests file that throws while collecting', async () => {
    await expect(collectTests("throw new Error('bad')", {}, vitestApi)).rejects.toThrow(/threw while collecting tests: bad/);
  });
});

describe('testCode', () => {
  it.each([
    [async () => { await Promise.resolve(1); }, 'await Promise.resolve(1);'],
    [() => 1, '1'],
    [function named() { return 2; }, 'return 2;'],
  ])('extracts the body of %s', (fn, expected) => {
    expect(testCode(fn as () => unknown)).toBe(expected);
  });
});
