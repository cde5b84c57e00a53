/**
 * Collects the tests of an exercise's tests file, written in vitest syntax, without vitest:
 * imports become lookups in a module table the judge provides, `describe`/`it` register tests.
 * The tests file is trusted instructor code and runs in the judge's realm, never the learner's.
 */
import { parse, type Node } from 'acorn';

export type TestFn = () => unknown;

export interface CollectedTest {
  /** Names of the enclosing describe blocks, outermost first, then the test's own name. */
  path: string[];
  fn: TestFn;
  /** Hooks to run around it, outermost first. */
  beforeEach: TestFn[];
  afterEach: TestFn[];
  /** The test body's source. */
  code: string;
  /** Exercism task id, from `it(name, { task: 2 }, fn)`. */
  taskId?: number;
}

/** Modules a tests file may import, by specifier. */
export type ModuleTable = Readonly<Record<string, Record<string, unknown>>>;

/** Modules loaded only when a tests file imports them (e.g. the MCP SDK client), by specifier. */
export type ModuleLoaders = Readonly<Record<string, () => Promise<Record<string, unknown>>>>;

/** The describe/it API a tests file gets for `import { ... } from 'vitest'`. */
export interface CollectorApi {
  describe(name: string, fn: () => void): void;
  it(name: string, optionsOrFn: TestFn | { task?: number; timeout?: number }, maybeFn?: TestFn): void;
  test(name: string, optionsOrFn: TestFn | { task?: number; timeout?: number }, maybeFn?: TestFn): void;
  beforeEach(fn: TestFn): void;
  afterEach(fn: TestFn): void;
}

/** The tests file itself is broken: a content problem, reported with its line. */
export class TestsFileError extends Error {
  constructor(message: string, readonly line?: number) {
    super(message);
    this.name = 'TestsFileError';
  }
}

interface Suite {
  name: string;
  beforeEach: TestFn[];
  afterEach: TestFn[];
}

/** A tests file with its imports rewritten, the modules it imports and each named import. */
export interface CompiledTests {
  code: string;
  specifiers: string[];
  named: { specifier: string; name: string; line: number }[];
}

/** Rewrites import declarations as table lookups on the same lines, so line numbers hold. */
export function compileTestsModule(source: string): CompiledTests {
  let program;
  try {
    program = parse(source, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  } catch (error) {
    const loc = (error as { loc?: { line: number } }).loc;
    throw new TestsFileError(`The tests file does not parse: ${(error as Error).message}`, loc?.line);
  }
  let out = source;
  const imports = program.body.filter((n) => n.type === 'ImportDeclaration').reverse();
  const specifiers = imports.map((n) => (n as Node & { source: { value: string } }).source.value);
  const namedImports: CompiledTests['named'] = [];
  for (const node of imports) {
    const decl = node as Node & { source: { value: string }; specifiers: (Node & { type: string; local: { name: string }; imported?: { name?: string; value?: string } })[] };
    const from = JSON.stringify(decl.source.value);
    const parts: string[] = [];
    const named: string[] = [];
    for (const s of decl.specifiers) {
      if (s.type === 'ImportDefaultSpecifier') parts.push(`const ${s.local.name} = __import(${from}).default;`);
      else if (s.type === 'ImportNamespaceSpecifier') parts.push(`const ${s.local.name} = __import(${from});`);
      else {
        const imported = s.imported?.name ?? s.imported?.value ?? s.local.name;
        namedImports.push({ specifier: decl.source.value, name: imported, line: (node as Node & { loc?: { start: { line: number } } }).loc?.start.line ?? 1 });
        named.push(imported === s.local.name ? imported : `${JSON.stringify(imported)}: ${s.local.name}`);
      }
    }
    if (named.length) parts.push(`const { ${named.join(', ')} } = __import(${from});`);
    if (!decl.specifiers.length) parts.push(`__import(${from});`);
    const original = source.slice(node.start, node.end);
    const newlines = original.split('\n').length - 1;
    out = out.slice(0, node.start) + parts.join(' ') + '\n'.repeat(newlines) + out.slice(node.end);
  }
  return { code: out, specifiers, named: namedImports };
}

/** The body of a test function, dedented: Exercism's `test_code`. */
export function testCode(fn: TestFn): string {
  const text = Function.prototype.toString.call(fn);
  const open = text.indexOf('{');
  const arrow = text.indexOf('=>');
  let body: string;
  if (arrow !== -1 && (open === -1 || arrow < open) && !/^\s*\{/.test(text.slice(arrow + 2))) {
    body = text.slice(arrow + 2).trim();
  } else {
    body = text.slice(open + 1, text.lastIndexOf('}'));
  }
  const lines = body.replace(/^\s*\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)?.[0].length ?? 0);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n');
}

/** Recent compilations by source: a tests file is parsed once, not once per submission graded. */
const compiledTests = new Map<string, CompiledTests>();
const COMPILED_CAP = 32;

function compileCached(source: string): CompiledTests {
  const hit = compiledTests.get(source);
  if (hit) return hit;
  const compiled = compileTestsModule(source);
  if (compiledTests.size >= COMPILED_CAP) compiledTests.delete(compiledTests.keys().next().value as string);
  compiledTests.set(source, compiled);
  return compiled;
}

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;

/**
 * Runs the tests file's top level and returns its tests in file order.
 * @param vitestApi Extra members of the 'vitest' module besides describe/it (e.g. `expect`).
 */
export async function collectTests(
  source: string,
  modules: ModuleTable,
  vitestApi: Record<string, unknown>,
  loaders: ModuleLoaders = {},
): Promise<CollectedTest[]> {
  const tests: CollectedTest[] = [];
  const stack: Suite[] = [];
  let collecting = true;

  const register = (name: string, optionsOrFn: TestFn | { task?: number }, maybeFn?: TestFn) => {
    if (!collecting) throw new TestsFileError(`it("${name}") was called while tests were running; declare tests at the top level or inside describe.`);
    const fn = typeof optionsOrFn === 'function' ? optionsOrFn : maybeFn;
    if (typeof fn !== 'function') throw new TestsFileError(`it("${name}") has no test function.`);
    const options = typeof optionsOrFn === 'object' && optionsOrFn ? optionsOrFn : {};
    tests.push({
      path: [...stack.map((s) => s.name), name],
      fn,
      beforeEach: stack.flatMap((s) => s.beforeEach),
      afterEach: stack.flatMap((s) => s.afterEach).reverse(),
      code: testCode(fn),
      ...(typeof options.task === 'number' ? { taskId: options.task } : {}),
    });
  };
  const api: CollectorApi = {
    describe(name, fn) {
      stack.push({ name, beforeEach: [], afterEach: [] });
      try {
        const r = fn() as unknown;
        if (r && typeof (r as Promise<void>).then === 'function') throw new TestsFileError(`describe("${name}") must not be async.`);
      } finally {
        stack.pop();
      }
    },
    it: register,
    test: register,
    beforeEach(fn) {
      const top = stack[stack.length - 1];
      if (!top) throw new TestsFileError('beforeEach must be inside a describe block.');
      top.beforeEach.push(fn);
    },
    afterEach(fn) {
      const top = stack[stack.length - 1];
      if (!top) throw new TestsFileError('afterEach must be inside a describe block.');
      top.afterEach.push(fn);
    },
  };
  const compiled = compileCached(source);
  const loaded: Record<string, Record<string, unknown>> = {};
  for (const specifier of compiled.specifiers) {
    const load = loaders[specifier];
    if (load && !modules[specifier]) loaded[specifier] = await load();
  }
  const table: ModuleTable = { ...loaded, ...modules, vitest: { ...vitestApi, ...api } };
  const importFn = (specifier: string) => {
    const mod = table[specifier];
    if (!mod) throw new TestsFileError(`The tests file imports "${specifier}", which the judge does not provide.`);
    return mod;
  };
  // A name a module does not have would be undefined, and fail later as "x is not a function".
  for (const { specifier, name, line } of compiled.named) {
    const mod = table[specifier];
    if (mod && !(name in mod)) throw new TestsFileError(`The tests file imports \`${name}\` from "${specifier}", which has no such export.`, line);
  }
  try {
    await new AsyncFunction('__import', `"use strict";${compiled.code}`)(importFn);
  } catch (error) {
    if (error instanceof TestsFileError) throw error;
    throw new TestsFileError(`The tests file threw while collecting tests: ${(error as Error)?.message ?? String(error)}`);
  } finally {
    collecting = false;
  }
  return tests;
}
