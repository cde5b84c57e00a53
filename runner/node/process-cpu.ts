/**
 * CPU time this process has had so far, in milliseconds (user and system, all threads): the work
 * done, which a loaded machine spreads over more wall time but does not grow. One system call.
 */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
