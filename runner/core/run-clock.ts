/**
 * The clock a run's time limit (`runMs`) is counted on: the work done while the learner's code
 * runs, read on a work clock (wall time by default; a grading process that runs one submission at
 * a time gives its CPU time, so a loaded machine does not move a verdict).
 *
 * Only the spans in which a call into the learner's sandbox is in flight count. The judge's own
 * work between them (the reference's answers, check plans, shrinking's bookkeeping, comparing) is
 * not the learner's, and most of it is cached: counted, it made a mutant's run end early on its
 * first grade in a process and not on later ones, so the same code got two verdicts.
 *
 * Every call that ran out of its time limit is charged that whole limit, whatever the work clock
 * counted meanwhile: a promise that never settles uses no CPU, yet its wait is the learner's, and
 * a loop preempted by other processes got less CPU than its limit. So a run ends after the same
 * calls whether the machine is busy or not.
 *
 * The same spans are also read on the wall clock ({@link RunClock.learnerWallMs}): a call that
 * waits uses no CPU, so a run counted on CPU time is bounded by its calls' wall time as well.
 */
export class RunClock {
  private charged = 0;
  /** Work counted in spans of learner calls that have ended. */
  private counted = 0;
  /** Learner calls in flight now; overlapping calls count their common span once. */
  private inFlight = 0;
  /** The work clock's reading when the current span began. */
  private spanStart = 0;

  /** Wall time spent in the judge's own crossings ({@link RunClock.judging}). */
  private judgedWall = 0;
  /** Wall time counted in spans of learner calls that have ended, and the current span's start. */
  private spansWall = 0;
  private spanWallStart = 0;

  constructor(
    private readonly work: () => number,
    private readonly wall: () => number = () => performance.now(),
  ) {}

  /** Milliseconds of wall time the judge's own crossings have taken so far in this run. */
  get judgedWallMs(): number {
    return this.judgedWall;
  }

  /**
   * Runs `call`, a crossing into a sandbox of the judge's (the reference's answers not cached
   * yet, a realm proving cases independent): its wall time extends the run's hang ceiling too,
   * so a cold cache on a loaded machine cannot end a run that a warm one finishes.
   */
  async judging<T>(call: () => Promise<T>): Promise<T> {
    const start = this.wall();
    try {
      return await call();
    } finally {
      this.judgedWall += this.wall() - start;
    }
  }

  /** Milliseconds of wall time in which a learner call was in flight (overlapping calls once). */
  get learnerWallMs(): number {
    return this.spansWall + (this.inFlight ? this.wall() - this.spanWallStart : 0);
  }

  /** Milliseconds on this clock. */
  now(): number {
    return this.counted + (this.inFlight ? this.work() - this.spanStart : 0) + this.charged;
  }

  /** Runs `call`, a call into the learner's code, counting the work done meanwhile. */
  async learnerCall<T>(call: () => Promise<T>): Promise<T> {
    if (this.inFlight++ === 0) {
      this.spanStart = this.work();
      this.spanWallStart = this.wall();
    }
    try {
      return await call();
    } finally {
      if (--this.inFlight === 0) {
        this.counted += this.work() - this.spanStart;
        this.spansWall += this.wall() - this.spanWallStart;
      }
    }
  }

  /** A call that started at `startedAt` (on this clock) was stopped at its limit of `limitMs`. */
  timedOut(startedAt: number, limitMs: number): void {
    this.charged += Math.max(0, limitMs - (this.now() - startedAt));
  }
}
