#!/usr/bin/env node
// The `course` command (package.json "bin"). Plain JavaScript so it runs with no build step: it
// starts Node again on main.ts with the two flags the CLI needs, then mirrors that process.
//   --no-node-snapshot  isolated-vm cannot start from Node 20's startup snapshot.
//   --import tsx/esm    runs the TypeScript sources directly (resolved from this package, so it
//                       works from any working directory).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SNAPSHOT_FLAG = '--no-node-snapshot';
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const tsxLoader = import.meta.resolve('tsx/esm');

if (process.execArgv.includes(SNAPSHOT_FLAG)) {
  // Already started with the flag (e.g. `node --no-node-snapshot runner/cli/bin.mjs`): load tsx
  // in this process instead of paying for a second one.
  const { register } = await import('tsx/esm/api');
  register();
  const { run } = await import(new URL('./main.ts', import.meta.url).href);
  process.exitCode = await run(process.argv);
} else {
  const child = spawn(process.execPath, [SNAPSHOT_FLAG, '--import', tsxLoader, ...process.execArgv, main, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
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
