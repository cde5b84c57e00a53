/**
 * Checks of an exercise's tests.test.js, read from its syntax tree (never by running it): what it
 * imports, that it has a visible `describe('examples', ...)` group and that every test's full name
 * (enclosing describe names + its own) is unique, since results are matched to tests by name.
 */
import type { AnyNode, CallExpression, Expression, ImportDeclaration, Node, Program, SpreadElement, Super } from 'acorn';
import type { Diagnostic } from './diagnostic.ts';
import { parseTestsModule } from './js-syntax.ts';
import { diagnostic } from './position.ts';
import type { SourcePosition } from './position.ts';

export interface TestsFileOptions {
  /** Path relative to the course root, used in diagnostics. */
  file: string;
  source: string;
  /** The exercise's `functions`: the only names '@course/learner' provides. */
  functions: readonly string[];
}

/** The vitest names an exercise's tests may use; the grader provides exactly these. */
export const VITEST_NAMES: readonly string[] = ['describe', 'it', 'test', 'expect', 'beforeEach', 'afterEach'];
const LEARNER_MODULE = '@course/learner';
/** Generated checks and the course's arbitraries (runner/core/check); the judge checks the names. */
const CHECK_MODULE = '@course/check';
/** fast-check itself, for arbitraries of an exercise's own. */
const FAST_CHECK = 'fast-check';
const SDK_PREFIX = '@modelcontextprotocol/sdk/';
/** The SDK's v2 client package: its root, and the subpaths it exports. */
const SDK_V2 = '@modelcontextprotocol/client';
/** `it.skip(...)`, `describe.only(...)`: same title semantics as the plain call. */
const MODIFIERS = new Set(['skip', 'only', 'todo', 'concurrent', 'sequential', 'fails']);
/** Full test names join their parts the way vitest prints them. */
const NAME_SEPARATOR = ' > ';

/**
 * Returns every problem of a tests file: `tests/syntax`, `tests/forbidden-import`,
 * `tests/untested-function` (warning), `tests/no-examples` (warning), `tests/duplicate-name`,
 * `tests/generated-example` (a generated check among the visible examples: it needs the
 * reference solution, which an assessed build does not ship with them).
 */
export function checkTestsFile(options: TestsFileOptions): Diagnostic[] {
  const { file, source, functions } = options;
  const parsed = parseTestsModule(file, source);
  if (!parsed.program) return parsed.diagnostics;
  const program = parsed.program;
  const diagnostics: Diagnostic[] = [];
  const report = (rule: string, message: string, node: Node, severity: 'error' | 'warning' = 'error') =>
    diagnostics.push(diagnostic(file, rule, severity, message, startOf(node)));

  const imported = checkImports(program, functions, report);
  const agrees = localName(program, CHECK_MODULE, 'agrees');
  for (const name of functions) {
    if (!imported.has(name)) {
      const message = `\`${name}\` is listed in \`functions\` but the tests never import it; add it to the import from '${LEARNER_MODULE}' and test it.`;
      diagnostics.push(diagnostic(file, 'tests/untested-function', 'warning', message));
    }
  }

  let hasExamples = false;
  const seen = new Map<string, SourcePosition>();
  walk(program, [], {
    onDescribe(title) {
      if (title === 'examples') hasExamples = true;
    },
    onTest(names, call) {
      if (names[0] === 'examples' && agrees && uses(call, agrees)) {
        report('tests/generated-example', `"${names.join(NAME_SEPARATOR)}" is a generated check (agrees) in the visible examples group; move it to a hidden group: it runs the reference solution, which an assessed build does not ship with the examples.`, call);
      }
      const full = names.join(NAME_SEPARATOR);
      const first = seen.get(full);
      if (first) {
        const message = `The test name "${full}" is already used at line ${first.line}; give each test its own sentence, since results are matched by name.`;
        report('tests/duplicate-name', message, call);
      } else {
        seen.set(full, startOf(call));
      }
    },
    onDynamicImport(node) {
      const message = `Exercise tests cannot load modules at run time; use a static import from 'vitest' or '${LEARNER_MODULE}'.`;
      report('tests/forbidden-import', message, node);
    },
  });
  if (!hasExamples) {
    const message = "The tests have no `describe('examples', ...)` group, so learners see no test when they press Run; put the tests that show the task in it.";
    diagnostics.push(diagnostic(file, 'tests/no-examples', 'warning', message));
  }
  return diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
}

type Report = (rule: string, message: string, node: Node) => void;

/** Reports imports outside the allowed modules and names; returns the learner names imported. */
function checkImports(program: Program, functions: readonly string[], report: Report): Set<string> {
  const imported = new Set<string>();
  for (const statement of program.body) {
    if ((statement.type === 'ExportAllDeclaration' || statement.type === 'ExportNamedDeclaration') && statement.source) {
      report('tests/forbidden-import', 'Exercise tests cannot re-export other modules; remove this `export ... from`.', statement);
    }
    if (statement.type !== 'ImportDeclaration') continue;
    const from = String(statement.source.value);
    if (from === 'vitest') {
      checkNames(statement, VITEST_NAMES, report, (name) =>
        `\`${name}\` cannot be imported from 'vitest' in exercise tests; the grader provides only ${VITEST_NAMES.join(', ')}.`,
      );
    } else if (from === LEARNER_MODULE) {
      for (const name of checkNames(statement, functions, report, (name) =>
        `\`${name}\` is not in this exercise's \`functions\` (${functions.join(', ')}); import only those from '${LEARNER_MODULE}', or add it to \`functions\` in task.md.`,
      )) {
        imported.add(name);
      }
    } else if (from !== CHECK_MODULE && from !== FAST_CHECK && !from.startsWith(SDK_PREFIX) && from !== SDK_V2 && !from.startsWith(`${SDK_V2}/`)) {
      report(
        'tests/forbidden-import',
        `Exercise tests may import only from 'vitest', '${LEARNER_MODULE}', '${CHECK_MODULE}', '${FAST_CHECK}', '${SDK_PREFIX}...' and '${SDK_V2}'; remove the import of '${from}'.`,
        statement,
      );
    }
  }
  return imported;
}

/** Checks named specifiers against `allowed`; default and namespace imports are never allowed. */
function checkNames(statement: ImportDeclaration, allowed: readonly string[], report: Report, explain: (name: string) => string): string[] {
  const ok: string[] = [];
  for (const specifier of statement.specifiers) {
    if (specifier.type !== 'ImportSpecifier') {
      const from = String(statement.source.value);
      report('tests/forbidden-import', `Import names from '${from}' in braces, e.g. \`import { ${allowed[0] ?? 'name'} } from '${from}'\`.`, specifier);
      continue;
    }
    const name = specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
    if (allowed.includes(name)) ok.push(name);
    else report('tests/forbidden-import', explain(name), specifier);
  }
  return ok;
}

interface Visitor {
  onDescribe(title: string): void;
  /** `names`: enclosing describe titles then the test's own title. */
  onTest(names: string[], call: CallExpression): void;
  onDynamicImport(node: Node): void;
}

/** Walks the tree, tracking the titles of the describe blocks around each node. */
function walk(node: AnyNode, describes: string[], visitor: Visitor): void {
  if (node.type === 'ImportExpression') visitor.onDynamicImport(node);
  if (node.type === 'CallExpression') {
    if (node.callee.type === 'Identifier' && node.callee.name === 'require') visitor.onDynamicImport(node);
    const kind = calleeKind(node.callee);
    const title = staticString(node.arguments[0]);
    if (kind === 'describe' && title !== undefined) {
      visitor.onDescribe(title);
      for (const arg of node.arguments.slice(1)) walk(arg, [...describes, title], visitor);
      return;
    }
    if (kind === 'test' && title !== undefined) visitor.onTest([...describes, title], node);
  }
  for (const child of children(node)) walk(child, describes, visitor);
}

function calleeKind(callee: Expression | Super): 'describe' | 'test' | undefined {
  let base: Expression | Super = callee;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && MODIFIERS.has(callee.property.name)) {
    base = callee.object;
  }
  if (base.type !== 'Identifier') return undefined;
  if (base.name === 'describe') return 'describe';
  if (base.name === 'it' || base.name === 'test') return 'test';
  return undefined;
}

/** The value of a string literal or a template literal without `${}`; otherwise undefined. */
function staticString(node: Expression | SpreadElement | undefined): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

function children(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc') continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string') out.push(item as AnyNode);
    }
  }
  return out;
}

/** The local name `imported` is bound to by `import { imported } from 'from'`, if it is. */
function localName(program: Program, from: string, imported: string): string | undefined {
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.source.value !== from) continue;
    for (const s of statement.specifiers) {
      if (s.type === 'ImportSpecifier' && (s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value)) === imported) return s.local.name;
    }
  }
  return undefined;
}

/** Whether `node` calls the function named `name` anywhere inside. */
function uses(node: AnyNode, name: string): boolean {
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === name) return true;
  return children(node).some((child) => uses(child, name));
}

function startOf(node: Node): SourcePosition {
  return node.loc ? { line: node.loc.start.line, column: node.loc.start.column + 1 } : { line: 1, column: 1 };
}
