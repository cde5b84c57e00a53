/**
 * CPU time this process has had so far, in milliseconds (user and system, all threads): the work
 * done, which a loaded machine spreads over more wall time but does not grow. One system call
 * (about 1 µs), read exactly: a run's clock adds up the spans of its learner calls on it
 * (run-clock.ts), and a reading kept for a while would give most short calls none of their work.
 */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
