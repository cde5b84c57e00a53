#!/usr/bin/env -S node --no-node-snapshot
// The `course` command (runner/cli/package.json "bin", linked by npm as node_modules/.bin/course).
// It runs the prebuilt bundle of main.ts (build.cjs), rebuilt first if a source changed, with
// V8's code cache (bundle-loader.cjs), in this one process.
//
// isolated-vm cannot start from Node 20's startup snapshot, so Node must run with
// --no-node-snapshot: the first line passes it. Started another way (`node bin.cjs`, an `env`
// without -S), the command starts Node again with the flag and mirrors that process.
'use strict';

const SNAPSHOT_FLAG = '--no-node-snapshot';

async function main() {
  const { ensureBuild } = require('./build.cjs');
  const { loadBundle } = require('./bundle-loader.cjs');
  let dir;
  try {
    dir = await ensureBuild({ log: (line) => process.stderr.write(`${line}\n`) });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  // One code cache per command: each holds what that command compiles.
  const command = process.argv.slice(2).find((arg) => !arg.startsWith('-')) || 'help';
  let bundle;
  try {
    bundle = loadBundle(`${dir}/course.cjs`, /^[a-z]+$/.test(command) ? command : 'other');
  } catch (error) {
    process.stderr.write(`course: the prebuilt command in ${dir} does not load (${error.message}); delete that folder and run again to rebuild it.\n`);
    process.exitCode = 2;
    return;
  }
  const { exports, saveCache } = bundle;
  process.exitCode = await exports.run(process.argv);
  saveCache();
  // The command is done (its grading processes closed, its files written). Exit once stdout and
  // stderr have taken everything, instead of waiting for the event loop to wind down, which
  // isolated-vm keeps busy for another 10 to 20 ms after the last isolate is disposed.
  process.stdout.write('', () => process.stderr.write('', () => process.exit()));
}

function restartWithFlag() {
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, [SNAPSHOT_FLAG, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  // The child shares our terminal, so Ctrl-C reaches it directly; signals sent to this process
  // alone (kill <pid>, CI cancellation) are passed on.
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
  for (const signal of signals) process.on(signal, forward);
  child.on('error', (error) => {
    process.stderr.write(`course: could not start Node (${error.message}).\n`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    if (signal) {
      // Die of the same signal, so callers see what happened to the command.
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}

if (process.execArgv.includes(SNAPSHOT_FLAG)) void main();
else restartWithFlag();
