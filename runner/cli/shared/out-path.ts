/** Checks that a command can write a file it was told to, before it does work that may take minutes. */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './exit.ts';

/**
 * Misuse unless `out` can be written: its folder exists, is a folder and is writable, and `out`
 * is not itself a folder. `flag` names the option in the message; `example` is a file name to
 * suggest when `out` is a folder.
 */
export function checkOutPath(out: string, flag: string, example: string): void {
  const path = resolve(out);
  const folder = dirname(path);
  let info;
  try {
    info = statSync(folder);
  } catch {
    throw new UsageError(`${flag} ${out}: the folder ${dirname(out)} does not exist. Create it first (mkdir -p ${dirname(out)}) or write the report elsewhere.`);
  }
  if (!info.isDirectory()) throw new UsageError(`${flag} ${out}: ${dirname(out)} is not a folder. Write the report elsewhere.`);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${flag} ${out} is a folder; name a file in it, e.g. ${flag} ${join(out, example)}.`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new UsageError(`${flag} ${out}: the folder ${dirname(out)} cannot be written to. Write the report elsewhere.`);
  }
}
