/**
 * Modules the judge lends to tests files in the browser: the same list as the Node host's
 * (runner/node/judge-modules.ts), each a separate chunk loaded only when a tests file imports it.
 */
import type { ModuleLoaders } from '../core/index.ts';

export const browserJudgeModules: ModuleLoaders = {
  '@modelcontextprotocol/sdk/client/index.js': () => import('@modelcontextprotocol/sdk/client/index.js'),
  '@modelcontextprotocol/sdk/inMemory.js': () => import('@modelcontextprotocol/sdk/inMemory.js'),
  '@modelcontextprotocol/sdk/types.js': () => import('@modelcontextprotocol/sdk/types.js'),
  // The SDK's v2 line (2.x): its client, InMemoryTransport and errors, all from the package root.
  '@modelcontextprotocol/client': () => import('@modelcontextprotocol/client'),
};
