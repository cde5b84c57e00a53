/**
 * isolated-vm for the Node this runs on. No one release builds on every supported Node:
 * 5.0.4 compiles on Node 20 and 22 but not on 24 (its headers need C++20), 6.2.0 declares Node
 * 22 or later and ships prebuilt binaries for 22 and 24 only. package.json installs both as
 * optional dependencies under aliases (`isolated-vm-5`, `isolated-vm-6`), so one lockfile
 * installs on each Node: npm drops an optional package whose native build fails. This loads
 * the one built for this Node: 6 first on Node 22 and later, 5 first before.
 *
 * Types: the two releases declare the same API; tsconfig.json maps `isolated-vm` to whichever
 * is installed, for `import type`.
 */
import { createRequire } from 'node:module';
import type IsolatedVM from 'isolated-vm';

/** The aliases package.json installs, in the order this Node should try them. */
export function isolatedVmCandidates(nodeVersion = process.versions.node): string[] {
  const major = Number(nodeVersion.split('.')[0]);
  return major >= 22 ? ['isolated-vm-6', 'isolated-vm-5'] : ['isolated-vm-5', 'isolated-vm-6'];
}

function load(): { name: string; module: typeof IsolatedVM } {
  const require = createRequire(import.meta.url);
  const problems: string[] = [];
  for (const name of isolatedVmCandidates()) {
    try {
      return { name, module: require(name) as typeof IsolatedVM };
    } catch (error) {
      problems.push(`${name}: ${((error as Error).message ?? String(error)).split('\n')[0]}`);
    }
  }
  throw new Error(
    `isolated-vm does not load on Node ${process.version} (${problems.join('; ')}). Supported: Node 20, 22 and 24; run \`npm ci\` again with the Node you grade with, so the release built for it is installed.`,
  );
}

const loaded = load();

/** The isolated-vm module (see the module comment). */
export const ivm: typeof IsolatedVM = loaded.module;
