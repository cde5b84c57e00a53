/**
 * The remark plugins of course Markdown, in order: GFM, then GitHub alerts as callouts. Shared by
 * the build-time trees (`markdown-tree.ts`) and the page's fallback parser (`parsed-markdown.tsx`),
 * so both render the same.
 */
import remarkGfm from 'remark-gfm';
import type { PluggableList } from 'unified';
import { remarkAlerts } from './remark-alerts.ts';

export const remarkPlugins: PluggableList = [remarkGfm, remarkAlerts];
