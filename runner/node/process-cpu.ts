/**
 * CPU time this process has had so far, in milliseconds (user and system, all threads): the work
 * done, which a loaded machine spreads over more wall time but does not grow.
 *
 * A reading is a system call, and a grade asks for one several times per call into learner code
 * (its time limits and the host's memory verdict): about 3% of a grading process's CPU when each
 * asked anew. So a reading less than {@link REREAD_MS} of wall time old is given again: the clock
 * never runs backwards and lags the truth by at most that, far below any time limit.
 */
const REREAD_MS = 0.5;

let readAt = Number.NEGATIVE_INFINITY;
let last = 0;

export function processCpuMs(): number {
  const now = performance.now();
  if (now - readAt < REREAD_MS) return last;
  readAt = now;
  const { user, system } = process.cpuUsage();
  last = (user + system) / 1000;
  return last;
}
