/**
 * The concrete calls a task text shows, such as `route({ jsonrpc: '2.0', id: 0, method: 'ping' })`:
 * a call of one of the exercise's functions, in inline code or a code block, whose arguments are
 * all literals. `course check` requires each to be made by a visible example test, so Run tests
 * what learners read (a task that shows `id: 0` must not leave it to a hidden check).
 */
import { parseExpressionAt, type Node } from 'acorn';

export interface TaskExample {
  /** 1-based line and column of the call in task.md. */
  line: number;
  column: number;
  fn: string;
  /** The arguments, evaluated. */
  args: unknown[];
  /** The call as written. */
  text: string;
}

type Literalish = Node & { type: string; [key: string]: unknown };

/** The value of a literal expression (objects, arrays, strings, numbers...), or NOT_LITERAL. */
const NOT_LITERAL = Symbol('not a literal');
function literalValue(node: Literalish): unknown {
  switch (node.type) {
    case 'Literal':
      return (node as unknown as { value: unknown }).value;
    case 'Identifier':
      return (node as unknown as { name: string }).name === 'undefined' ? undefined : NOT_LITERAL;
    case 'UnaryExpression': {
      const { operator, argument } = node as unknown as { operator: string; argument: Literalish };
      const inner = literalValue(argument);
      return typeof inner === 'number' && (operator === '-' || operator === '+') ? (operator === '-' ? -inner : inner) : NOT_LITERAL;
    }
    case 'TemplateLiteral': {
      const { expressions, quasis } = node as unknown as { expressions: unknown[]; quasis: { value: { cooked: string } }[] };
      return expressions.length === 0 ? quasis.map((q) => q.value.cooked).join('') : NOT_LITERAL;
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const element of (node as unknown as { elements: (Literalish | null)[] }).elements) {
        if (element === null || element.type === 'SpreadElement') return NOT_LITERAL;
        const value = literalValue(element);
        if (value === NOT_LITERAL) return NOT_LITERAL;
        out.push(value);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const prop of (node as unknown as { properties: Literalish[] }).properties) {
        const p = prop as unknown as { type: string; computed: boolean; key: Literalish; value: Literalish; kind: string; method: boolean };
        if (p.type !== 'Property' || p.computed || p.kind !== 'init' || p.method) return NOT_LITERAL;
        const key = p.key.type === 'Identifier' ? (p.key as unknown as { name: string }).name : literalValue(p.key);
        if (typeof key !== 'string' && typeof key !== 'number') return NOT_LITERAL;
        const value = literalValue(p.value);
        if (value === NOT_LITERAL) return NOT_LITERAL;
        Object.defineProperty(out, String(key), { value, enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    default:
      return NOT_LITERAL;
  }
}

/** Code in the Markdown: inline spans and fenced blocks, with where each starts. */
function codeOf(markdown: string): { code: string; offset: number }[] {
  const found: { code: string; offset: number }[] = [];
  for (const m of markdown.matchAll(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm)) found.push({ code: m[2] ?? '', offset: (m.index ?? 0) + m[0].indexOf('\n') + 1 });
  const withoutBlocks = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, (block) => ' '.repeat(block.length));
  for (const m of withoutBlocks.matchAll(/(`+)([^`]+?)\1/g)) found.push({ code: m[2] ?? '', offset: (m.index ?? 0) + (m[1]?.length ?? 1) });
  return found;
}

/** Every concrete call of `functions` in the task text `markdown`, which starts at line `firstLine` of task.md. */
export function taskExamples(markdown: string, functions: readonly string[], firstLine: number): TaskExample[] {
  const examples: TaskExample[] = [];
  const names = new RegExp(`\\b(${functions.map((f) => f.replace(/[$]/g, '\\$')).join('|')})\\s*\\(`, 'g');
  for (const { code, offset } of codeOf(markdown)) {
    for (const m of code.matchAll(names)) {
      let call: Literalish;
      try {
        call = parseExpressionAt(code, m.index ?? 0, { ecmaVersion: 'latest' }) as Literalish;
      } catch {
        continue;
      }
      if (call.type !== 'CallExpression') continue;
      const args = (call as unknown as { arguments: Literalish[] }).arguments.map(literalValue);
      if (args.length === 0 || args.some((a) => a === NOT_LITERAL)) continue;
      const at = offset + (m.index ?? 0);
      const before = markdown.slice(0, at).split('\n');
      examples.push({ line: firstLine + before.length - 1, column: (before.at(-1)?.length ?? 0) + 1, fn: m[1] as string, args, text: code.slice(call.start, call.end) });
    }
  }
  return examples;
}
