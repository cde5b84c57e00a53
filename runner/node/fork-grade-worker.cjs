// Starts one grading child process (grade-worker.ts), the same way for the process grader
// (process-grader.ts) and for the `course` bin, which starts the first one for `course grade`
// before its own bundle has loaded (runner/cli/bin.cjs), so the child boots meanwhile.
// Plain CommonJS: the bin requires it before anything is built.
'use strict';

/** Environment variable telling a grading process how many runs its parent keeps in flight there. */
const LANES_ENV = 'COURSE_GRADE_LANES';

/**
 * Forks `module` with `args` and Node's flags `execArgv` as a grading child keeping `lanes`
 * runs in flight: structured-clone messages over IPC; no stdout (it has nothing to print, and
 * whoever waits for the command's stdout to close must not wait for the child's exit too);
 * stderr piped (its parent reads a dying child's last words there).
 * @param {{ module: string, args: string[], execArgv: string[] }} start
 * @param {number} lanes
 * @returns {import('node:child_process').ChildProcess}
 */
function forkGradeWorker(start, lanes) {
  return require('node:child_process').fork(start.module, start.args, {
    execArgv: start.execArgv,
    env: { ...process.env, [LANES_ENV]: String(lanes) },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}

/**
 * How the prebuilt command starts its grading children: the loader beside the bundles in the
 * build folder `dir`, running the worker's bundle, with the flag isolated-vm needs on Node 20.
 * @param {string} dir
 */
function bundledWorker(dir) {
  return { module: `${dir}/bundle-loader.cjs`, args: [`${dir}/grade-worker.cjs`], execArgv: ['--no-node-snapshot'] };
}

module.exports = { LANES_ENV, forkGradeWorker, bundledWorker };
