// Runs a prebuilt CommonJS bundle (see build.cjs) with V8's code cache: the first run of a
// command saves the bytecode V8 compiled for it beside the bundle, and later runs start from that
// bytecode instead of parsing and compiling the bundle again (Node 20 has no module compile cache).
// A cache V8 rejects (another Node, other flags) is replaced after the run.
//
// Also the entry of a grading child process: `node --no-node-snapshot bundle-loader.cjs <bundle>`.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname } = require('node:path');
const { pathToFileURL } = require('node:url');
const vm = require('node:vm');

/**
 * Loads `bundle` (an absolute path) and returns its exports, plus `saveCache`, which writes the
 * code cache named `cacheName` when there was none or V8 rejected it. Call it once the command
 * has done its work, so the cache holds the functions that work compiled.
 * @param {string} bundle
 * @param {string} cacheName
 */
function loadBundle(bundle, cacheName) {
  const cacheFile = `${bundle}.${cacheName}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The bundle is already a function expression (build.cjs), in ASCII: no copy, no decoding.
  const source = readFileSync(bundle, 'latin1');
  const script = new vm.Script(source, {
    filename: bundle,
    ...(cachedData ? { cachedData } : {}),
  });
  const module = { exports: {} };
  const bundleRequire = createRequire(bundle);
  const url = pathToFileURL(bundle).href;
  /**
   * What `import.meta` is in the bundle's sources (build.cjs defines it so). `importModule` loads
   * an ES module left outside the bundle (mermaid): Node 20 loses a script's import() callback
   * when the script comes from a code cache, so the bundle's own import() cannot be used.
   */
  const importMeta = {
    url,
    filename: bundle,
    dirname: dirname(bundle),
    resolve: (specifier) => pathToFileURL(bundleRequire.resolve(specifier)).href,
    importModule: (specifier) => import(specifier),
  };
  script.runInThisContext()(module.exports, bundleRequire, module, bundle, dirname(bundle), importMeta);
  let saved = false;
  const saveCache = () => {
    if (saved || (cachedData && !script.cachedDataRejected)) return;
    saved = true;
    try {
      const temporary = `${cacheFile}.${process.pid}`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      // A cache is an optimisation: a read-only checkout runs without one.
    }
  };
  return { exports: module.exports, saveCache };
}

module.exports = { loadBundle };

// A grading child process: the bundle is named on the command line and runs until disconnected.
if (require.main === module) {
  const bundle = process.argv[2];
  if (!bundle) throw new Error('bundle-loader.cjs: name the bundle to run, e.g. node bundle-loader.cjs <build>/grade-worker.cjs');
  const { saveCache } = loadBundle(bundle, 'worker');
  // The worker exits when its parent disconnects; save the cache first, with what grading compiled.
  process.prependListener('disconnect', saveCache);
}
