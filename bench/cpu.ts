/**
 * CPU time of this process and of the child processes it has reaped, from Linux's /proc (both
 * undefined elsewhere). A child's figure includes its own reaped children, so timing a `course
 * grade` process this way counts its grading processes too.
 */
import { readFile } from 'node:fs/promises';

export interface CpuSeconds {
  self: number;
  children: number;
}

export async function cpuSeconds(): Promise<CpuSeconds | undefined> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // utime, stime, cutime, cstime are fields 14-17 of /proc/<pid>/stat, so 11-14 after the name
  // (which is in parentheses and may contain spaces). Units are clock ticks, 100 per second.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return { self: ((fields[11] ?? 0) + (fields[12] ?? 0)) / 100, children: ((fields[13] ?? 0) + (fields[14] ?? 0)) / 100 };
}
