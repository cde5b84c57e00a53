/**
 * Renders course Markdown (GFM, GitHub alerts as callouts). The lesson's chunk carries each string
 * already parsed into a hast tree (built by the course plugin with react-markdown's own steps), so
 * the page only turns trees into elements, as react-markdown would; a string without a tree is
 * parsed by react-markdown, imported on demand. Raw HTML in the Markdown shows as text, so content
 * cannot inject markup.
 */
import { lazy, Suspense, useMemo } from 'react';
import type { Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { components, inlineComponents } from './components.tsx';
import { useMarkdownTree } from './markdown-trees.ts';

const ParsedMarkdown = lazy(() => import('./parsed-markdown.tsx').then((m) => ({ default: m.ParsedMarkdown })));

export interface TreeMarkdownProps {
  tree: Root;
  inline: boolean;
}

/** The elements of one built tree, without a wrapper: react-markdown's options to `toJsxRuntime`. */
export function TreeMarkdown({ tree, inline }: TreeMarkdownProps) {
  return useMemo(
    () =>
      toJsxRuntime(tree, {
        Fragment,
        components: inline ? inlineComponents : components,
        ignoreInvalidStyle: true,
        jsx,
        jsxs,
        passKeys: true,
        passNode: true,
      }),
    [tree, inline],
  );
}

export interface MarkdownProps {
  children: string;
  className?: string;
  /** Render a short text (an option, a title) without block wrappers. */
  inline?: boolean;
}

/** Course Markdown as React elements. */
export function Markdown({ children, className, inline = false }: MarkdownProps) {
  const tree = useMarkdownTree(children);
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper className={className ? `markdown ${className}` : 'markdown'}>
      {tree ? (
        <TreeMarkdown tree={tree} inline={inline} />
      ) : (
        <Suspense fallback={null}>
          <ParsedMarkdown inline={inline}>{children}</ParsedMarkdown>
        </Suspense>
      )}
    </Wrapper>
  );
}
