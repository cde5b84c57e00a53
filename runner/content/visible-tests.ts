/**
 * A tests file cut to what a learner may see: its visible group, `describe('examples', ...)`, and
 * what that group uses (imports, helpers, constants), nothing else. Every other top-level
 * `describe`, `it` or `test` (the hidden checks) is removed, and so are the helpers, arbitraries and
 * comments only they need, so an assessed build ships the examples without the checks its grade
 * rests on, or words about them.
 */
import type { Node } from 'acorn';
import { parseTestsModule } from './js-syntax.ts';

interface CallNode extends Node {
  type: 'CallExpression';
  callee: Node & { type: string; name?: string; object?: Node & { name?: string } };
  arguments: (Node & { type: string; value?: unknown })[];
}

/** The name of the group a top-level statement declares (`describe('x', ...)`, `describe.each(...)('x')`...), if any. */
function groupName(statement: Node & { type: string; expression?: Node }): string | undefined | null {
  if (statement.type !== 'ExpressionStatement' || statement.expression?.type !== 'CallExpression') return null;
  const call = statement.expression as CallNode;
  let callee: Node & { type: string; name?: string; object?: Node & { name?: string }; callee?: unknown } = call.callee;
  // describe.skip(...), describe.only(...), describe.each(table)(...)
  while (callee.type === 'MemberExpression' || callee.type === 'CallExpression') {
    callee = (callee.type === 'MemberExpression' ? callee.object : (callee as unknown as CallNode).callee) as typeof callee;
  }
  if (callee.type !== 'Identifier' || !['describe', 'it', 'test'].includes(callee.name ?? '')) return null;
  // A test outside any group is hidden too: only the examples group is visible.
  if (callee.name !== 'describe') return undefined;
  const first = call.arguments[0];
  return first && first.type === 'Literal' && typeof first.value === 'string' ? first.value : undefined;
}

type AnyNode = Node & { type: string; [key: string]: unknown };

/** Every identifier name inside `node` (over-approximated: property names count too). */
function namesUsed(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) namesUsed(child, into);
    return into;
  }
  if (!node || typeof node !== 'object' || typeof (node as { type?: unknown }).type !== 'string') return into;
  const n = node as AnyNode;
  if (n.type === 'Identifier' && typeof n.name === 'string') into.add(n.name);
  for (const [key, value] of Object.entries(n)) if (key !== 'loc' && value && typeof value === 'object') namesUsed(value, into);
  return into;
}

/** The names a top-level statement declares (imports, const/let/var, functions, classes). */
function namesDeclared(statement: AnyNode): string[] {
  switch (statement.type) {
    case 'ImportDeclaration':
      return (statement.specifiers as AnyNode[]).map((s) => (s.local as AnyNode).name as string);
    case 'VariableDeclaration':
      return [...namesUsed((statement.declarations as AnyNode[]).map((d) => d.id))];
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      return statement.id ? [(statement.id as AnyNode).name as string] : [];
    default:
      return [];
  }
}

/** The comment lines right above `start` (no blank line between), as written. */
function leadingComment(source: string, from: number, start: number): string {
  const lines = source.slice(from, start).split('\n');
  lines.pop(); // the statement's own line, up to its start
  const kept: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] as string).trim();
    if (line.startsWith('//') || line.startsWith('/*') || line.startsWith('*')) kept.unshift(lines[i] as string);
    else break;
  }
  return kept.length ? kept.join('\n') + '\n' : '';
}

/** An import with only the names `used`, or nothing when it gives none of them (side-effect imports stay). */
function importText(source: string, statement: AnyNode, used: ReadonlySet<string>): string {
  const specifiers = statement.specifiers as AnyNode[];
  if (specifiers.length === 0) return source.slice(statement.start, statement.end);
  const kept = specifiers.filter((s) => used.has((s.local as AnyNode).name as string));
  if (kept.length === specifiers.length) return source.slice(statement.start, statement.end);
  if (kept.length === 0) return '';
  const from = source.slice((statement.source as AnyNode).start, (statement.source as AnyNode).end);
  const whole = kept.filter((s) => s.type !== 'ImportSpecifier').map((s) => source.slice(s.start, s.end));
  const named = kept.filter((s) => s.type === 'ImportSpecifier').map((s) => source.slice(s.start, s.end));
  return `import ${[...whole, ...(named.length ? [`{ ${named.join(', ')} }`] : [])].join(', ')} from ${from};`;
}

/**
 * `source` without its hidden groups, and without what only they use: a helper, constant or
 * arbitrary no visible test reaches, an import name nothing kept uses, and every comment but those
 * written right above a statement that stays (a file's opening comment describes every check, so
 * it goes). Throws with the file's syntax error when it does not parse.
 */
export function visibleTestsSource(file: string, source: string): string {
  const { program, diagnostics } = parseTestsModule(file, source);
  if (!program) throw new Error(`visibleTestsSource: ${file} does not parse (${diagnostics[0]?.message ?? 'syntax error'}); run \`course check\`.`);
  const body = program.body as AnyNode[];
  const examples = body.findIndex((statement) => groupName(statement) === 'examples');
  // What stays whatever it uses: the visible group, and top-level code that is neither a group nor
  // a declaration (a hook such as beforeEach runs for the visible tests too).
  const kept = new Set<number>();
  body.forEach((statement, i) => {
    if (i === examples || (groupName(statement) === null && namesDeclared(statement).length === 0 && statement.type !== 'ImportDeclaration')) kept.add(i);
  });
  const declaredAt = new Map<string, number>();
  body.forEach((statement, i) => {
    for (const name of namesDeclared(statement)) declaredAt.set(name, i);
  });
  const used = new Set<string>();
  const pending = [...kept].flatMap((i) => [...namesUsed(body[i])]);
  while (pending.length) {
    const name = pending.pop() as string;
    if (used.has(name)) continue;
    used.add(name);
    const at = declaredAt.get(name);
    if (at === undefined || kept.has(at)) continue;
    kept.add(at);
    if (body[at]?.type !== 'ImportDeclaration') pending.push(...namesUsed(body[at]));
  }
  // Imports first, one per line, without the comment above the first (the file's opening comment).
  const imports: string[] = [];
  const parts: string[] = [];
  let previousEnd = 0;
  body.forEach((statement, i) => {
    const from = previousEnd;
    previousEnd = statement.end;
    if (!kept.has(i)) return;
    if (statement.type === 'ImportDeclaration') {
      const text = importText(source, statement, used);
      if (text) imports.push(text);
    } else parts.push(leadingComment(source, from, statement.start) + source.slice(statement.start, statement.end));
  });
  return [imports.join('\n'), ...parts].filter(Boolean).join('\n\n') + '\n';
}
