/**
 * Whether a run its time limit stopped was really stopped for its memory. Filling a heap slows
 * down as it nears the limit (V8 collects again and again before it gives up: 64 MB of 1 MB
 * strings take about 0.75 s alone on one core), and the time limits are wall time, so on a
 * loaded machine a memory bomb often reaches its time limit first (9 of 20 runs at a load of 16
 * on 2 cores, when only a full heap counted). Its verdict must not depend on the load, and what
 * it did with the CPU it got does not: a bomb grows its heap by tens of megabytes per 100 ms of
 * CPU, a loop that allocates nothing by nothing, one that makes garbage by a few megabytes per
 * second (young objects not yet collected).
 *
 * So a stopped run counts as out of memory when its heap is over half full, or when it grew by
 * at least a tenth of the limit and, at the rate it grew per millisecond of CPU this process
 * got during the call, a whole time limit of CPU would have filled half of it. CPU is the
 * process's (the isolate runs on its main thread in a grading child, one run at a time there),
 * so starvation by other processes does not make a bomb look slow.
 */

/** What the host knows of a run its time limit stopped. */
export interface StoppedRun {
  /** Heap in use when stopped (V8 heap and external memory), in bytes. */
  heapBytes: number;
  /** Heap in use when the sandbox was ready, before any learner code, in bytes. */
  baselineBytes: number;
  /** The isolate's heap limit, in bytes. */
  limitBytes: number;
  /** CPU time this process had during the stopped call, in milliseconds. */
  cpuMs: number;
  /** The call's time limit, in milliseconds. */
  timeLimitMs: number;
}

/** Share of the heap limit that counts as full. */
const FULL = 0.5;
/** Least growth, as a share of the limit, that can count as a memory problem. */
const LEAST_GROWTH = 0.1;

export function stoppedForMemory(run: StoppedRun): boolean {
  if (run.heapBytes >= FULL * run.limitBytes) return true;
  const growth = run.heapBytes - run.baselineBytes;
  if (growth < LEAST_GROWTH * run.limitBytes) return false;
  return growth * (run.timeLimitMs / Math.max(run.cpuMs, 1)) >= FULL * run.limitBytes;
}
