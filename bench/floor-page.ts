/**
 * The floor of the first-content benchmark: the lesson's text as a plain static HTML page, with no
 * JavaScript at all. Its Markdown is rendered by the app's own `Markdown` component (through
 * react-dom/server) from trees built as the course plugin builds them, so the floor paints the
 * same elements with the same text as the app does.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Lesson } from '../runner/content/types.ts';
import { Markdown } from '../web/src/markdown/markdown.tsx';
import { markdownTree } from '../web/src/markdown/markdown-tree.ts';
import { MarkdownTreesContext } from '../web/src/markdown/markdown-trees.ts';
import { stripLeadingTitle } from '../web/src/markdown/strip-title.ts';

/** Markdown node shapes read here (mdast), kept local so no transitive package is imported. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Text of a Markdown node as the browser's `textContent` shows it (code spans keep their text). */
const plainText = (node: MdNode): string => node.value ?? (node.children ?? []).map(plainText).join('');

/** The lesson's Markdown body as the page shows it: its segments of prose, title line dropped. */
function markdownSegments(lesson: Lesson): string[] {
  const texts = lesson.segments.flatMap((s) => (s.kind === 'markdown' ? [s.markdown] : []));
  return texts.map((text, i) => (i === 0 ? stripLeadingTitle(text) : text));
}

/**
 * The first sentence of the lesson's first paragraph, whitespace collapsed: the text whose paint
 * the benchmark times. Taken from the content at run time, so a change to the lesson moves it.
 */
export function firstSentence(lesson: Lesson): string {
  const [body] = markdownSegments(lesson);
  const tree = unified().use(remarkParse).parse(body ?? '') as MdNode;
  const paragraph = tree.children?.find((n) => n.type === 'paragraph');
  if (!paragraph) throw new Error(`firstSentence: the lesson "${lesson.id}" has no paragraph before its first interactive block; pick another lesson.`);
  const text = plainText(paragraph).replace(/\s+/g, ' ').trim();
  return text.split(/(?<=[.!?])\s/)[0] ?? text;
}

/**
 * A static page of the lesson's text: its title and Markdown segments, in the app's
 * `article.lesson` markup (interactive blocks left out: they are not text). `cssHref` links the
 * app's stylesheet, so the floor lays out and paints the text as the app does and pays the same
 * render-blocking CSS request; the difference left between them is the app's JavaScript.
 */
export function floorPageHtml(options: { lesson: Lesson; cssHref: string }): string {
  const { lesson, cssHref } = options;
  const segments = markdownSegments(lesson);
  // As in the app, <Markdown> reads each string's tree from context (without one it would load a
  // parser on demand, which server rendering does not wait for).
  const trees = Object.fromEntries(segments.map((markdown) => [markdown, markdownTree(markdown)]));
  const article: ReactElement = createElement(
    'article',
    { className: 'lesson' },
    createElement('p', { className: 'lesson-order muted' }, `Lesson ${lesson.order}`),
    createElement('h1', null, lesson.title),
    ...segments.map((markdown, i) => createElement(Markdown, { key: i, children: markdown })),
  );
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="color-scheme" content="light dark" />',
    '<link rel="icon" href="data:," />',
    `<title>${lesson.title.replace(/</g, '&lt;')}</title>`,
    `<link rel="stylesheet" href="${cssHref}" />`,
    '</head>',
    '<body>',
    `<div id="root"><main id="main">${renderToStaticMarkup(createElement(MarkdownTreesContext, { value: trees }, article))}</main></div>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
