#!/usr/bin/env node
// The `course` command (runner/cli/package.json "bin", linked by npm as node_modules/.bin/course).
// It runs the prebuilt bundle of main.ts (build.cjs), rebuilt first if a source changed, with
// V8's code cache (bundle-loader.cjs), in this one process.
//
// This process runs no learner code: every isolate lives in a grading child process
// (runner/node/process-grader.ts) or, for `course serve`, in its serve child
// (runner/node/serve/router-process.ts), which Node starts with --no-node-snapshot, the flag
// isolated-vm needs on Node 20. So this one starts from Node's startup snapshot, 25 ms sooner.
'use strict';

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
  // `course grade` grades in child processes (runner/node/process-grader.ts). Starting the
  // first now lets it boot while the bundle loads and the exercise is read, instead of after.
  let gradingProcess;
  if (command === 'grade' && !process.argv.includes('--help')) {
    const { bundledWorker, forkGradeWorker } = require('../node/fork-grade-worker.cjs');
    gradingProcess = forkGradeWorker(bundledWorker(dir), 1);
  }
  let bundle;
  try {
    bundle = loadBundle(`${dir}/course.cjs`, /^[a-z]+$/.test(command) ? command : 'other');
  } catch (error) {
    process.stderr.write(`course: the prebuilt command in ${dir} does not load (${error.message}); delete that folder and run again to rebuild it.\n`);
    process.exitCode = 2;
    gradingProcess?.disconnect();
    return;
  }
  const { exports, saveCache } = bundle;
  process.exitCode = await exports.run(process.argv, gradingProcess ? { gradingProcess } : {});
  saveCache();
  // Not adopted (misuse, --help): let it go.
  if (gradingProcess && gradingProcess.connected) gradingProcess.disconnect();
  // The command is done (its grading processes told to leave, its files written). Exit once
  // stdout and stderr have taken everything, instead of waiting for the event loop to wind down.
  process.stdout.write('', () => process.stderr.write('', () => process.exit()));
}

void main();
