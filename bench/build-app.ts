/**
 * Builds the web app for a benchmark into a fresh temporary folder, with the repository's own
 * vite.config.ts, so the figures are those of the current sources whatever state dist/ is in,
 * and dist/ (which `npm start` and the Chromium tests use) is left alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BuiltApp {
  /** The build's folder: index.html, assets/, .vite/manifest.json. */
  dir: string;
  /** Wall time of the build, in ms. */
  ms: number;
  /** Deletes the folder. */
  remove(): Promise<void>;
}

/**
 * Runs Vite's production build of the app into a new temporary folder; `root` is the tree to
 * build (a copy from trees.ts for `--before`), this repository by default.
 */
export async function buildApp(options: { root?: string } = {}): Promise<BuiltApp> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-app-'));
  const started = performance.now();
  try {
    const { build } = await import('vite');
    // Inline options are merged over the config file's: only the output folder changes, and the
    // app's root, which the config names relative to the working directory.
    const base = options.root ?? join(import.meta.dirname, '..');
    await build({ configFile: join(base, 'vite.config.ts'), root: join(base, 'web'), logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, ms: performance.now() - started, remove: () => rm(dir, { recursive: true, force: true }) };
}
