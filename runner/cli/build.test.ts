/** The prebuilt command's freshness check: a build is used only while every input is unchanged. */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

interface Input {
  path: string;
  size: number;
  mtimeMs: number;
  hash: string;
}
interface Manifest {
  format: number;
  node: string;
  root: string;
  key: string;
  dir: string;
  inputs: Input[];
}
const build = createRequire(import.meta.url)('./build.cjs') as {
  ROOT: string;
  CACHE: string;
  staleReason(manifest: Manifest | undefined): string | undefined;
  readManifest(): Manifest | undefined;
};

describe('staleReason', () => {
  // A scratch input and build folder inside the repository's cache, where build.cjs looks.
  const scratch = join(build.CACHE, `test-${process.pid}`);
  const relativeInput = `node_modules/.cache/course-cli/test-${process.pid}/input.ts`;
  const input = join(build.ROOT, relativeInput);
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, 'course.cjs'), '(function () {})');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A manifest of the current build of `input` as it is now. */
  const manifestNow = (): Manifest => {
    const real = build.readManifest();
    if (!real) throw new Error('no current build: run `node runner/cli/build.cjs` first');
    writeFileSync(input, 'export const a = 1;\n');
    const text = 'export const a = 1;\n';
    const minuteAgo = (Date.now() - 60_000) / 1000;
    utimesSync(input, minuteAgo, minuteAgo);
    const { size, mtimeMs } = statSync(input);
    return { ...real, dir: scratch, inputs: [{ path: relativeInput, size, mtimeMs, hash: createHash('sha256').update(text).digest('hex').slice(0, 32) }] };
  };

  it('says there is no build yet without a manifest', () => {
    expect(build.staleReason(undefined)).toBe('no build yet');
  });

  it('takes a build whose inputs are as recorded, and one whose input was only touched', () => {
    const manifest = manifestNow();
    expect(build.staleReason(manifest)).toBeUndefined();
    utimesSync(input, new Date(), new Date());
    expect(build.staleReason(manifest)).toBeUndefined();
  });

  it('refuses a build whose input changed, was removed, or that another Node made', () => {
    const manifest = manifestNow();
    writeFileSync(input, 'export const a = 2;\n');
    expect(build.staleReason(manifest)).toBe(`${relativeInput} changed`);
    rmSync(input);
    expect(build.staleReason(manifest)).toBe(`${relativeInput} was removed`);
    expect(build.staleReason({ ...manifestNow(), node: 'v0.0.0' })).toBe('built for another Node or checkout');
    expect(build.staleReason({ ...manifestNow(), dir: join(scratch, 'gone') })).toBe('the build was removed');
  });

  it('records every source the bundles are made of, the build script, the loader and the installed packages', () => {
    const paths = (build.readManifest()?.inputs ?? []).map((i) => i.path);
    for (const path of ['runner/cli/main.ts', 'runner/core/grade.ts', 'runner/content/exercise.ts', 'runner/node/grade-worker.ts', 'runner/cli/build.cjs', 'runner/cli/bundle-loader.cjs', 'node_modules/.package-lock.json']) {
      expect(paths, path).toContain(path);
    }
  });
});
