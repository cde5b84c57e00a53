/**
 * Course Markdown to the hast tree react-markdown 10 would render, computed at build time by the
 * course plugin so the page ships trees and never parses Markdown. Node side only: the page must
 * not import this module (it would bring the whole Markdown pipeline into the page).
 *
 * The steps are react-markdown's (`node_modules/react-markdown/lib/index.js`) minus React:
 * remark-parse, our remark plugins, remark-rehype with `allowDangerousHtml`, then its `post`:
 * raw HTML becomes text, URL attributes go through `defaultUrlTransform`.
 */
import type { Element, Nodes, Root } from 'hast';
import { defaultUrlTransform } from 'react-markdown';
import { urlAttributes } from 'html-url-attributes';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { remarkPlugins } from './remark-plugins.ts';

const processor = unified().use(remarkParse).use(remarkPlugins).use(remarkRehype, { allowDangerousHtml: true });

/** react-markdown's URL check on one element, in place. */
function transformUrls(node: Element): void {
  for (const [key, test] of Object.entries(urlAttributes)) {
    if (!Object.hasOwn(node.properties, key)) continue;
    if (test === null || test.includes(node.tagName)) {
      node.properties[key] = defaultUrlTransform(String(node.properties[key] || ''));
    }
  }
}

/**
 * react-markdown's post-processing (no element filters: the app passes none), plus what the page
 * does not need: source positions and empty `data`, which would only make the chunks bigger.
 */
function clean(node: Nodes): Nodes {
  // Raw HTML shows as text, as react-markdown does without `skipHtml`.
  if (node.type === 'raw') return { type: 'text', value: node.value };
  delete node.position;
  if (node.data && Object.keys(node.data).length === 0) delete node.data;
  if (node.type === 'element') transformUrls(node);
  if ('children' in node) node.children = node.children.map((child) => clean(child)) as typeof node.children;
  return node;
}

/** The hast tree of one Markdown string, ready for `toJsxRuntime` (plain JSON). */
export function markdownTree(markdown: string): Root {
  const tree = processor.runSync(processor.parse(markdown));
  return clean(tree) as Root;
}
