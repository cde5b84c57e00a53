/**
 * remark plugin turning GitHub alerts (a blockquote starting with `[!NOTE]`, `[!TIP]`,
 * `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`) into callouts: `<div class="callout callout-note"
 * role="note">` with a title paragraph. Other blockquotes are left alone.
 */
import type { Blockquote, Paragraph, Root, RootContent } from 'mdast';

export const alertKinds = ['note', 'tip', 'important', 'warning', 'caution'] as const;
export type AlertKind = (typeof alertKinds)[number];

const titles: Record<AlertKind, string> = {
  note: 'Note',
  tip: 'Tip',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
};

const marker = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\r?\n)?/i;

function toCallout(node: Blockquote): void {
  const first = node.children[0];
  if (first?.type !== 'paragraph') return;
  const text = first.children[0];
  if (text?.type !== 'text') return;
  const match = marker.exec(text.value);
  if (!match?.[1]) return;
  const kind = match[1].toLowerCase() as AlertKind;
  text.value = text.value.slice(match[0].length);
  if (text.value === '') first.children.shift();
  // A break right after the marker line would start the body with an empty line.
  if (first.children[0]?.type === 'break') first.children.shift();
  if (first.children.length === 0) node.children.shift();
  const title: Paragraph = {
    type: 'paragraph',
    data: { hProperties: { className: ['callout-title'] } },
    children: [{ type: 'text', value: titles[kind] }],
  };
  node.children.unshift(title);
  node.data = { hName: 'div', hProperties: { className: ['callout', `callout-${kind}`], role: 'note' } };
}

function walk(nodes: RootContent[]): void {
  for (const node of nodes) {
    if (node.type === 'blockquote') toCallout(node);
    if ('children' in node) walk(node.children as RootContent[]);
  }
}

/** The plugin; pass it in `remarkPlugins` after remark-gfm. */
export function remarkAlerts() {
  return (tree: Root) => walk(tree.children);
}
