/**
 * How hast elements of course Markdown become React elements, where they differ from the plain
 * tag. Used by both render paths (trees built at build time, and the fallback parser).
 */
import type { ComponentProps } from 'react';
import type { Components } from 'react-markdown';

export const components: Components = {
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
export const inlineComponents: Components = { ...components, p: ({ node: _, ...props }) => <span {...props} /> };
