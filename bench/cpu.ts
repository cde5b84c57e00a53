/**
 * CPU time from Linux's /proc (undefined elsewhere), in seconds.
 * - `cpuSeconds`: this process and the child processes it has reaped. A child's figure includes
 *   its own reaped children, so timing a whole `course grade` process this way counts its grading
 *   processes too.
 * - `liveTreeCpuSeconds`: the same plus the live children, read from their own counters, so a
 *   section can time a batch while a grading service stays open (without counting its start-up).
 */
import { readdir, readFile } from 'node:fs/promises';

interface ProcessTimes {
  /** utime + stime */
  own: number;
  /** cutime + cstime: reaped children */
  reaped: number;
}

async function processTimes(pid: string): Promise<ProcessTimes | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // utime, stime, cutime, cstime are fields 14-17 of /proc/<pid>/stat, so 11-14 after the name
  // (which is in parentheses and may contain spaces). Units are clock ticks, 100 per second.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return { own: ((fields[11] ?? 0) + (fields[12] ?? 0)) / 100, reaped: ((fields[13] ?? 0) + (fields[14] ?? 0)) / 100 };
}

export async function cpuSeconds(): Promise<{ self: number; children: number } | undefined> {
  const times = await processTimes('self');
  return times && { self: times.own, children: times.reaped };
}

/** Process ids of this process's live children (listed per thread: libuv may fork from any). */
async function childPids(): Promise<string[]> {
  const tasks = await readdir('/proc/self/task').catch(() => [] as string[]);
  const lists = await Promise.all(tasks.map((t) => readFile(`/proc/self/task/${t}/children`, 'utf8').catch(() => '')));
  return lists.flatMap((l) => l.split(' ').filter(Boolean));
}

/**
 * Seconds of CPU used so far by this process, its reaped children and its live children (with
 * their own reaped children). Differences of two readings are what a timed section cost, as
 * long as no child exits between listing and reading it (its time would then be missed once).
 */
export async function liveTreeCpuSeconds(): Promise<number | undefined> {
  const self = await processTimes('self');
  if (self === undefined) return undefined;
  const children = await Promise.all((await childPids()).map(processTimes));
  return self.own + self.reaped + children.reduce((sum, t) => sum + (t ? t.own + t.reaped : 0), 0);
}
