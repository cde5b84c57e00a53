/**
 * A tests file cut to what a learner may see: its imports and helpers, and its visible group,
 * `describe('examples', ...)`. Every other top-level `describe`, `it` or `test` (the hidden checks) is removed,
 * so an assessed build can ship the examples without the checks its grade rests on.
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

/** `source` without its hidden groups; throws with the file's syntax error when it does not parse. */
export function visibleTestsSource(file: string, source: string): string {
  const { program, diagnostics } = parseTestsModule(file, source);
  if (!program) throw new Error(`visibleTestsSource: ${file} does not parse (${diagnostics[0]?.message ?? 'syntax error'}); run \`course check\`.`);
  let out = '';
  let at = 0;
  let keptExamples = false;
  for (const statement of program.body as (Node & { type: string })[]) {
    const name = groupName(statement);
    if (name === null) continue; // not a group: imports, helpers, constants stay
    if (name === 'examples' && !keptExamples) {
      keptExamples = true;
      continue;
    }
    out += source.slice(at, statement.start);
    at = statement.end;
  }
  return (out + source.slice(at)).replace(/\n{3,}/g, '\n\n');
}
