import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Blockquote, Root } from 'mdast';
import { remarkAlerts } from './remark-alerts.ts';

function firstBlock(markdown: string) {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkAlerts);
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  return tree.children[0] as Blockquote;
}

const text = (node: Blockquote) => JSON.stringify(node.children);

describe('remarkAlerts', () => {
  it.each([
    ['> [!NOTE]\n> Ids can be 0.', 'note', 'Note', 'Ids can be 0.'],
    ['> [!tip]\n> Use a map.', 'tip', 'Tip', 'Use a map.'],
    ['> [!WARNING] Same line.', 'warning', 'Warning', 'Same line.'],
    ['> [!CAUTION]\n>\n> Second paragraph.', 'caution', 'Caution', 'Second paragraph.'],
  ])('%j becomes a %s callout', (markdown, kind, title, body) => {
    const node = firstBlock(markdown);
    expect(node.data?.hProperties).toEqual({ className: ['callout', `callout-${kind}`], role: 'note' });
    expect(text(node)).toContain(`"value":"${title}"`);
    expect(text(node)).toContain(body);
    expect(text(node)).not.toContain('[!');
  });

  it.each(['> A plain quote.', '> [!UNKNOWN]\n> text', '> **[!NOTE]** bold'])('leaves %j alone', (markdown) => {
    expect(firstBlock(markdown).data).toBeUndefined();
  });
});
