/**
 * Modules the judge lends to tests files in Node, loaded only when a tests file imports them.
 * The list is the contract with content authors (see the authoring guide); the browser host
 * keeps the same list.
 */
import type { ModuleLoaders } from '../core/index.ts';

export const nodeJudgeModules: ModuleLoaders = {
  '@modelcontextprotocol/sdk/client/index.js': () => import('@modelcontextprotocol/sdk/client/index.js'),
  '@modelcontextprotocol/sdk/inMemory.js': () => import('@modelcontextprotocol/sdk/inMemory.js'),
  '@modelcontextprotocol/sdk/types.js': () => import('@modelcontextprotocol/sdk/types.js'),
  // The SDK's v2 line (2.x): its client, InMemoryTransport and errors, all from the package root.
  '@modelcontextprotocol/client': () => import('@modelcontextprotocol/client'),
};
