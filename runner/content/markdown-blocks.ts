/**
 * What the cutters of lesson blocks share: positions in the lesson file, slices of the original
 * body, and the checks of directives and callouts met inside prose.
 */
import type { Nodes, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import type { SourcePosition } from './position.ts';

/** Positions in the lesson file, slices of the original body and reporting, for one lesson. */
export interface Cutter {
  file: string;
  body: string;
  at(node: Nodes): SourcePosition;
  slice(from: Nodes, to: Nodes): string;
  report(rule: string, message: string, node: Nodes, severity?: 'error' | 'warning'): void;
}

const CONTAINERS = ['predict', 'question'];
const LEAVES = ['exercise'];
const ALERTS = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'];
/** Code block languages a snippet may use, with their long names. */
export const LANGUAGE: Readonly<Record<string, 'js' | 'ts'>> = { js: 'js', javascript: 'js', ts: 'ts', typescript: 'ts' };

/** The children of a container directive, without its `[label]` paragraph. */
export function contentOf(node: ContainerDirective): RootContent[] {
  return node.children.filter((child) => !(child.type === 'paragraph' && child.data?.directiveLabel)) as RootContent[];
}

/** The original text from the first to the last of `nodes` (empty for none). */
export function span(nodes: readonly Nodes[], cut: Cutter): string {
  const first = nodes[0];
  const last = nodes.at(-1);
  return first && last ? cut.slice(first, last) : '';
}

/**
 * Reports directives that cannot be used where they stand: unknown block directives anywhere,
 * and known ones nested inside other blocks (they would show as plain text). Text directives
 * are left alone: they are ordinary prose (see lesson-segments.ts).
 */
export function checkProse(node: Nodes, cut: Cutter): void {
  if (node.type === 'containerDirective' || node.type === 'leafDirective') {
    reportDirective(node, cut);
    return;
  }
  if (node.type === 'blockquote') checkAlert(node.children[0], cut);
  if ('children' in node) for (const child of node.children) checkProse(child, cut);
}

function reportDirective(node: ContainerDirective | LeafDirective, cut: Cutter): void {
  const known = node.type === 'containerDirective' ? CONTAINERS : LEAVES;
  const colons = node.type === 'containerDirective' ? ':::' : '::';
  if (known.includes(node.name)) {
    cut.report('lesson/misplaced-directive', `\`${colons}${node.name}\` must stand at the top level of the lesson, not inside a list, quote or other block; move it out.`, node);
    return;
  }
  const other = node.type === 'containerDirective' ? LEAVES : CONTAINERS;
  const hint = other.includes(node.name)
    ? `write it as \`${node.type === 'containerDirective' ? '::' : ':::'}${node.name}\``
    : 'the lesson blocks are `:::predict`, `:::question{id=...}` and `::exercise{id=...}`';
  cut.report('lesson/unknown-directive', `Unknown directive \`${colons}${node.name}\`; ${hint}.`, node);
}

/** GitHub alerts: a quote whose first line is `[!NOTE]` and the like. */
function checkAlert(first: Nodes | undefined, cut: Cutter): void {
  if (first?.type !== 'paragraph') return;
  const text = first.children[0];
  const match = text?.type === 'text' ? /^\[!(\w+)\]/.exec(text.value) : null;
  if (match && !ALERTS.includes(match[1] ?? '')) {
    const message = `Unknown callout \`[!${match[1] ?? ''}]\`; use one of ${ALERTS.map((a) => `[!${a}]`).join(', ')}.`;
    cut.report('lesson/unknown-alert', message, first, 'warning');
  }
}
