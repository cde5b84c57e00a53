/**
 * Vitest global setup of the `browser` project: builds the app once into dist/ and serves it on a
 * free port; tests read the address with `inject('baseUrl')`.
 * Set E2E_SKIP_BUILD=1 to reuse an existing dist/ while iterating on tests.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serve } from '../web/serve.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = join(import.meta.dirname, '..');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = join(root, 'dist');
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(dist, 'index.html'))) {
    const { build } = await import('vite');
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  }
  const server = await serve({ dir: dist, port: 0 });
  project.provide('baseUrl', server.url);
  return () => server.close();
}
