/**
 * Renders course Markdown (GFM, GitHub alerts as callouts). Raw HTML in the Markdown is not
 * rendered (react-markdown's default), so content cannot inject markup.
 */
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkAlerts } from './remark-alerts.ts';

const remarkPlugins = [remarkGfm, remarkAlerts];

const components: Components = {
  // The page already has the lesson's h1; a heading in the body starts at h2.
  h1: ({ node: _, ...props }) => <h2 {...props} />,
  // A scrolling code block must be reachable by keyboard to be scrolled.
  pre: ({ node: _, ...props }) => <pre tabIndex={0} {...props} />,
  a: ({ node: _, ...props }: ComponentProps<'a'> & { node?: unknown }) => {
    const external = /^https?:/.test(props.href ?? '');
    return <a {...props} {...(external ? { target: '_blank', rel: 'noreferrer' } : {})} />;
  },
};

// Inside a label or a button only phrasing content is allowed.
const inlineComponents: Components = { ...components, p: ({ node: _, ...props }) => <span {...props} /> };

export interface MarkdownProps {
  children: string;
  className?: string;
  /** Render a short text (an option, a title) without block wrappers. */
  inline?: boolean;
}

/** Course Markdown as React elements. */
export function Markdown({ children, className, inline = false }: MarkdownProps) {
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown remarkPlugins={remarkPlugins} components={inline ? inlineComponents : components}>
        {children}
      </ReactMarkdown>
    </Wrapper>
  );
}
