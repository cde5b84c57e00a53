/**
 * The hast trees of a lesson's Markdown, built with the lesson's chunk (see `markdown-tree.ts`),
 * keyed by the exact Markdown string the page renders; `<Markdown>` reads them from context.
 */
import type { Root } from 'hast';
import { createContext, useContext } from 'react';

/** Markdown string -> its hast tree. */
export type MarkdownTrees = Record<string, Root>;

const none: MarkdownTrees = {};

/** Provided by the lesson page with its bundle's trees. */
export const MarkdownTreesContext = createContext<MarkdownTrees>(none);

/** The built tree of `markdown`, or undefined when it has none. */
export function useMarkdownTree(markdown: string): Root | undefined {
  const trees = useContext(MarkdownTreesContext);
  // Own keys only: a text such as "constructor" must not find Object.prototype's.
  return Object.hasOwn(trees, markdown) ? trees[markdown] : undefined;
}
