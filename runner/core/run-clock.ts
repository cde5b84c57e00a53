/**
 * The clock a run's time limit (`runMs`) is counted on. It reads the work the run has done (by
 * default wall time; a grading process that runs one submission at a time gives its CPU time, so
 * a loaded machine does not move a verdict) and charges every call that ran out of its time limit
 * that whole limit, whatever the work clock counted meanwhile: a promise that never settles uses
 * no CPU, yet its wait is the learner's, and a loop preempted by other processes got less CPU than
 * its limit. So a run ends after the same calls whether the machine is busy or not.
 */
export class RunClock {
  private charged = 0;

  constructor(private readonly work: () => number) {}

  /** Milliseconds on this clock. */
  now(): number {
    return this.work() + this.charged;
  }

  /** A call that started at `startedAt` (on this clock) was stopped at its limit of `limitMs`. */
  timedOut(startedAt: number, limitMs: number): void {
    this.charged += Math.max(0, limitMs - (this.now() - startedAt));
  }
}
