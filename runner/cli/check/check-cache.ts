/**
 * What `course check` remembers between runs: the outcome of checking one exercise (its solution,
 * starter and mutants) or one lesson (its snippets and diagrams), under a key that hashes the
 * unit's files and the command's own build. An exercise whose files and whose runner did not
 * change is therefore not run again; a change to any file of it, to any source of the runner or to
 * the installed packages gives another key. `--no-cache` ignores what is stored.
 *
 * Stored as one small JSON file per key under `<course root>/node_modules/.cache/course-check/`.
 * Only the prebuilt command caches: run from the TypeScript sources there is no build to key on.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckCache, CheckedUnit } from './types.ts';

/** Bump when what a unit stores changes shape. */
const FORMAT = 1;
/** Entries not written for this long are removed: each change of a unit leaves one behind. */
const KEEP_MS = 14 * 24 * 3_600_000;

/**
 * The build key of the running `course` command (the name of its build folder, a hash of every
 * bundled source and the installed packages), or undefined when it runs from the sources.
 */
export function buildKey(url = import.meta.url): string | undefined {
  return url.endsWith('.cjs') ? basename(dirname(fileURLToPath(url))) : undefined;
}

/** The cache of `root`'s checks, or undefined when there is no build to key entries on. */
export function openCheckCache(root: string, build = buildKey()): CheckCache | undefined {
  if (build === undefined) return undefined;
  const dir = join(root, 'node_modules', '.cache', 'course-check');
  let pruned = false;
  return {
    keyOf(unit, files) {
      const hash = createHash('sha256').update(JSON.stringify([FORMAT, build, unit]));
      const prefix = unit.endsWith('.md') ? unit : `${unit}/`;
      for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (path === unit || path.startsWith(prefix)) hash.update(`\0${path}\0${text}`);
      }
      return hash.digest('hex').slice(0, 40);
    },
    get(key) {
      try {
        return JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as CheckedUnit;
      } catch {
        return undefined;
      }
    },
    set(key, unit) {
      try {
        mkdirSync(dir, { recursive: true });
        const file = join(dir, `${key}.json`);
        writeFileSync(`${file}.${process.pid}`, JSON.stringify(unit));
        renameSync(`${file}.${process.pid}`, file);
        if (!pruned) {
          pruned = true;
          const old = Date.now() - KEEP_MS;
          for (const name of readdirSync(dir)) {
            const path = join(dir, name);
            if ((statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < old) rmSync(path, { force: true });
          }
        }
      } catch {
        // A cache is an optimisation: a read-only checkout checks everything every time.
      }
    },
  };
}
