import { join } from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { loadCourse } from '../../../runner/content/index.ts';
import { readCourseFiles } from '../../../runner/node/read-course.ts';
import { bundleOf } from '../course/split.ts';
import { Markdown, TreeMarkdown } from './markdown.tsx';
import { markdownTree } from './markdown-tree.ts';
import { MarkdownTreesContext } from './markdown-trees.ts';
import { ParsedMarkdown } from './parsed-markdown.tsx';

const root = join(import.meta.dirname, '../../..');
const { course } = loadCourse(await readCourseFiles(root));

/** The HTML of one string rendered both ways: parsed in the page (as before), and from its built tree. */
function bothWays(markdown: string, inline: boolean) {
  return {
    parsed: renderToStaticMarkup(createElement(ParsedMarkdown, { inline, children: markdown })),
    tree: renderToStaticMarkup(createElement(TreeMarkdown, { tree: markdownTree(markdown), inline })),
  };
}

/** HTML once every lazy part has loaded (renderToStaticMarkup would stop at a Suspense fallback). */
async function settledHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // Suspense boundary markers are not part of the content.
  return html.replace(/<!--\/?\$-->/g, '');
}

describe('markdownTree', () => {
  const lessons = course.lessons.map((lesson) => [lesson.id, bundleOf(course, lesson.id, { markdownTree })!] as const);

  it('finds the course, with Markdown in every lesson', () => {
    expect(lessons.length).toBeGreaterThan(3);
    for (const [, bundle] of lessons) expect(Object.keys(bundle.markdown).length).toBeGreaterThan(0);
  });

  it.each(lessons)('renders the Markdown of lesson %s as react-markdown does', (_, bundle) => {
    for (const markdown of Object.keys(bundle.markdown)) {
      for (const inline of [false, true]) {
        const { parsed, tree } = bothWays(markdown, inline);
        expect(tree, markdown).toBe(parsed);
      }
    }
  });

  it('ships trees as plain JSON without source positions', () => {
    const tree = markdownTree('# Title\n\nSome *text*, [a link](https://example.com).');
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
    expect(JSON.stringify(tree)).not.toMatch(/"position"|"data":\{\}/);
  });

  it.each([
    ['raw HTML stays text', 'Before <script>alert(1)</script> <b>bold</b> after', /&lt;script&gt;alert\(1\)&lt;\/script&gt; &lt;b&gt;bold&lt;\/b&gt;/],
    ['a javascript: link is neutralised', '[click](javascript:alert(1)) and ![x](javascript:alert(2))', /<a href="">click<\/a> and <img alt="x"\/>/],
    ['an external link opens in a new tab', '[spec](https://www.jsonrpc.org/specification)', /<a href="https:\/\/www.jsonrpc.org\/specification" target="_blank" rel="noreferrer">spec<\/a>/],
    ['a callout', '> [!NOTE]\n> Ids can be 0.', /<div class="callout callout-note" role="note">/],
  ])('%s, both ways', (_, markdown, expected) => {
    const { parsed, tree } = bothWays(markdown, false);
    expect(parsed).toMatch(expected);
    expect(tree).toBe(parsed);
    expect(parsed).not.toMatch(/<script|<b>|javascript:/);
  });
});

describe('Markdown', () => {
  const text = 'A *short* text';

  it('renders the tree it finds in context', () => {
    const trees = { [text]: markdownTree('Not the same text') };
    const html = renderToStaticMarkup(createElement(MarkdownTreesContext, { value: trees }, createElement(Markdown, { inline: true, children: text })));
    expect(html).toBe('<span class="markdown"><span>Not the same text</span></span>');
  });

  it('parses a string without a tree in the page, loading the parser on demand', async () => {
    expect(await settledHtml(createElement(Markdown, { className: 'task', children: text }))).toBe('<div class="markdown task"><p>A <em>short</em> text</p></div>');
  });

  it('does not take Object.prototype members for trees', async () => {
    expect(await settledHtml(createElement(Markdown, { children: 'constructor' }))).toBe('<div class="markdown"><p>constructor</p></div>');
  });
});
