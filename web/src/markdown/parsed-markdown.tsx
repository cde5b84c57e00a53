/**
 * Course Markdown parsed in the page by react-markdown: the fallback for a string that has no
 * tree built at build time (which course content always has), loaded only when needed so the
 * Markdown pipeline stays out of the page's first load.
 */
import ReactMarkdown from 'react-markdown';
import { components, inlineComponents } from './components.tsx';
import { remarkPlugins } from './remark-plugins.ts';

export interface ParsedMarkdownProps {
  children: string;
  inline: boolean;
}

/** The elements of one Markdown string, without a wrapper. */
export function ParsedMarkdown({ children, inline }: ParsedMarkdownProps) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} components={inline ? inlineComponents : components}>
      {children}
    </ReactMarkdown>
  );
}
