/**
 * CPU time of this process and of all its child processes, the live ones included, from Linux's
 * /proc (undefined elsewhere). cpu.ts counts only reaped children, so timing a grading service
 * with it means closing the service first and counting its processes' start-up and warm-up;
 * reading the live children's own counters instead lets a section time just the graded part
 * while the service stays open.
 */
import { readdir, readFile } from 'node:fs/promises';

/** utime + stime + cutime + cstime of one process, in seconds; undefined if it is gone. */
async function processSeconds(pid: string, withReaped: boolean): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // Fields 14-17 of /proc/<pid>/stat, so 11-14 after the name (which is in parentheses and may
  // contain spaces). Units are clock ticks, 100 per second on Linux.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  const own = (fields[11] ?? 0) + (fields[12] ?? 0);
  const reaped = withReaped ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0;
  return (own + reaped) / 100;
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
  const self = await processSeconds('self', true);
  if (self === undefined) return undefined;
  const children = await Promise.all((await childPids()).map((pid) => processSeconds(pid, true)));
  return self + children.reduce<number>((sum, s) => sum + (s ?? 0), 0);
}
