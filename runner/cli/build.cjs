// The `course` command runs from a prebuilt bundle, so nothing is transformed when it starts.
// `npm ci` builds it (the "prepare" script runs this file); every start checks that it is still
// the build of the sources on disk and rebuilds it when one changed, saying so on stderr, so an
// edited checkout never grades with old code.
//
// The build is three CommonJS bundles made by esbuild (the command, the grading child process and
// the serve child process),
// with every dependency inside except isolated-vm (a native addon, loaded by runner/node/isolated-vm.ts), mermaid and Stryker's instrumenter. CommonJS, because Node 20 can
// cache V8's compiled code only for scripts (see bundle-loader.cjs), not for ES modules; and this
// file and the loader are CommonJS too, so a start never pays for Node's ES module loader.
//
// Plain JavaScript: it must run before anything is built.
'use strict';
const { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

/** The repository root (this file is runner/cli/build.cjs). */
const ROOT = join(__dirname, '..', '..');
/** Where builds live: removed with node_modules, so `npm ci` always starts from a fresh build. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'course-cli');
const CURRENT = join(CACHE, 'current.json');
/** Bump when the build's shape changes, so older builds are not taken for current ones. */
const FORMAT = 2;

/** What a bundle's code receives from the loader: CommonJS's five, and its import.meta. */
const WRAPPER_PARAMETERS = 'exports, require, module, __filename, __dirname, __importMeta';

/** The bundles: output name -> entry source, relative to the root. */
const ENTRIES = { course: 'runner/cli/main.ts', 'grade-worker': 'runner/node/grade-worker.ts', 'serve-worker': 'runner/node/serve/router-worker.ts' };
/**
 * Files that change a build without being bundled: this script and the loader, and npm's record
 * of installed packages (rewritten by every install), which stands for every bundled dependency.
 */
const EXTRA_INPUTS = ['runner/cli/build.cjs', 'runner/cli/bundle-loader.cjs', 'node_modules/.package-lock.json'];

// node:crypto is loaded only when a file must be hashed: it is dear to load on every start.
const hashText = (bytes) => require('node:crypto').createHash('sha256').update(bytes).digest('hex').slice(0, 32);
const posix = (path) => (sep === '/' ? path : path.split(sep).join('/'));

/**
 * @typedef {{ path: string, size: number, mtimeMs: number, hash: string }} Input
 * @typedef {{ format: number, node: string, root: string, key: string, dir: string, inputs: Input[] }} Manifest
 */

/** @returns {Input | undefined} */
function describeInput(path) {
  try {
    const file = join(ROOT, path);
    const { size, mtimeMs } = statSync(file);
    return { path, size, mtimeMs, hash: hashText(readFileSync(file)) };
  } catch {
    return undefined;
  }
}

/** @returns {Manifest | undefined} */
function readManifest() {
  try {
    return JSON.parse(readFileSync(CURRENT, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Why the build `manifest` describes is not the build of the sources on disk, or undefined when
 * it is. Sizes and modification times decide at once; a file whose time changed but whose
 * content did not (a checkout, a save without edits) is read and compared by hash.
 * @param {Manifest | undefined} manifest
 */
function staleReason(manifest) {
  if (!manifest) return 'no build yet';
  if (manifest.format !== FORMAT || manifest.node !== process.version || manifest.root !== ROOT) return 'built for another Node or checkout';
  try {
    statSync(join(manifest.dir, 'course.cjs'));
  } catch {
    return 'the build was removed';
  }
  const changed = [];
  for (const input of manifest.inputs) {
    let stat;
    try {
      stat = statSync(join(ROOT, input.path));
    } catch {
      changed.push(`${input.path} was removed`);
      continue;
    }
    if (stat.size === input.size && stat.mtimeMs === input.mtimeMs) continue;
    if (stat.size === input.size && hashText(readFileSync(join(ROOT, input.path))) === input.hash) continue;
    changed.push(`${input.path} changed`);
  }
  if (!changed.length) return undefined;
  return changed.length === 1 ? changed[0] : `${changed.length} files changed: ${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', ...' : ''}`;
}

/**
 * commander requires node:child_process when it loads, for subcommands that are executables of
 * their own, which `course` has none of. Loading it pulls in about 20 more of Node's own modules
 * (net, streams, dgram), about 10 ms to compile in a process started with --no-node-snapshot,
 * on every command. For commander only, the module is a stand-in that loads it on first use.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "let real; const load = () => (real ??= require('node:child_process'));\n" +
        "module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });",
      loader: 'js',
    }));
  },
};

/** Builds the bundles, records their inputs and makes the build current. Resolves to its folder. */
async function build() {
  let esbuild;
  try {
    esbuild = require('esbuild');
  } catch (error) {
    throw new Error(`course: cannot build the command, esbuild is not installed (${error.message}). Run \`npm ci\` in ${ROOT}.`);
  }
  mkdirSync(CACHE, { recursive: true });
  const staging = join(CACHE, `staging-${process.pid}-${Date.now()}`);
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: ENTRIES,
      outdir: staging,
      outExtension: { '.js': '.cjs' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      // The native addon stays a require() of node_modules, and mermaid (a few megabytes, loaded
      // only to check diagrams) and Stryker's instrumenter (Babel and its parsers, loaded only by
      // `check --mutate`) an import() through Node's loader; everything else is inside.
      external: ['isolated-vm', 'isolated-vm-5', 'isolated-vm-6', 'mermaid', 'dompurify', '@stryker-mutator/instrumenter'],
      // The loader passes the bundle's own import.meta (its URL, for files beside it).
      define: { 'import.meta': '__importMeta' },
      // The bundle is the body of the function the loader calls (bundle-loader.cjs), written
      // here so the loader hands V8 the file as it is; minified and ASCII-only (esbuild escapes
      // the rest), it is read as Latin-1 and parsed or deserialized in less time.
      banner: { js: `(function (${WRAPPER_PARAMETERS}) {` },
      footer: { js: '\n})' },
      minifyWhitespace: true,
      minifySyntax: true,
      charset: 'ascii',
      // Linked, not loaded: stack traces map back to the sources under --enable-source-maps.
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      plugins: [lazyChildProcess],
    });
    // The grading child starts through the same loader, from beside its bundle.
    copyFileSync(join(ROOT, 'runner/cli/bundle-loader.cjs'), join(staging, 'bundle-loader.cjs'));
    const sources = Object.keys(result.metafile.inputs)
      .map((path) => posix(relative(ROOT, join(ROOT, path))))
      .filter((path) => !path.startsWith('node_modules/') && !path.includes('/node_modules/'));
    const inputs = [...new Set([...sources, ...EXTRA_INPUTS])].sort().map(describeInput).filter(Boolean);
    const key = hashText(JSON.stringify([FORMAT, process.version, ROOT, inputs.map((i) => [i.path, i.hash])]));
    const dir = join(CACHE, key);
    try {
      renameSync(staging, dir);
    } catch {
      // Another process built the same sources at the same time: its build is this one.
      rmSync(staging, { recursive: true, force: true });
    }
    /** @type {Manifest} */
    const manifest = { format: FORMAT, node: process.version, root: ROOT, key, dir, inputs };
    const temporary = `${CURRENT}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(manifest));
    renameSync(temporary, CURRENT);
    removeOldBuilds(key);
    return dir;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (error && Array.isArray(error.errors) && error.errors.length) {
      const first = error.errors[0];
      const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column}: ` : '';
      throw new Error(`course: the command does not build: ${where}${first.text}`);
    }
    throw error;
  }
}

/** Removes builds other than `keep` that are over an hour old (a long grade may still use one). */
function removeOldBuilds(keep) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(CACHE)) {
    if (name === keep || name === 'current.json' || name.startsWith('current.json.')) continue;
    const path = join(CACHE, name);
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/**
 * The folder of a build of the current sources: the current one when it is fresh, else a new one,
 * reported on `log` (it takes a second or so).
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {string | Promise<string>} synchronously when nothing has to be built
 */
function ensureBuild(options = {}) {
  const manifest = readManifest();
  const reason = staleReason(manifest);
  if (!reason && manifest) return manifest.dir;
  const started = performance.now();
  return build().then((dir) => {
    if (options.log) options.log(`course: rebuilt the command from its sources (${reason}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return dir;
  });
}

module.exports = { ROOT, CACHE, build, ensureBuild, staleReason, readManifest };

// `node runner/cli/build.cjs` (the "prepare" script): build now, so the first command is fast.
if (require.main === module) {
  build().then(
    (dir) => process.stdout.write(`course: built the command into ${posix(relative(process.cwd(), dir))}.\n`),
    (error) => {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
    },
  );
}
