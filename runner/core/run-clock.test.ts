import { describe, expect, it } from 'vitest';
import { RunClock } from './run-clock.ts';

/** A work clock the test moves by hand. */
function workClock() {
  const work = { ms: 10 };
  return { work, clock: new RunClock(() => work.ms) };
}

describe('RunClock', () => {
  it('counts the work done while a learner call is in flight, and none of the judge work between calls', async () => {
    const { work, clock } = workClock();
    work.ms += 500; // the judge: the reference's answers, a check's plan
    await clock.learnerCall(async () => {
      work.ms += 30;
      expect(clock.now()).toBe(30);
    });
    work.ms += 1_000;
    expect(clock.now()).toBe(30);
    await clock.learnerCall(async () => {
      work.ms += 12;
    });
    expect(clock.now()).toBe(42);
  });

  it('counts the span of overlapping calls once', async () => {
    const { work, clock } = workClock();
    let finishFirst = () => {};
    const first = clock.learnerCall(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    work.ms += 5;
    const second = clock.learnerCall(async () => {
      work.ms += 20;
    });
    await second;
    work.ms += 5;
    finishFirst();
    await first;
    expect(clock.now()).toBe(30);
  });

  it('counts a call that throws', async () => {
    const { work, clock } = workClock();
    await expect(
      clock.learnerCall(async () => {
        work.ms += 7;
        throw new Error('crashed');
      }),
    ).rejects.toThrow('crashed');
    expect(clock.now()).toBe(7);
  });

  it('adds up the wall time of the judge\'s own crossings, which the run\'s clock does not count', async () => {
    const wall = { ms: 100 };
    const work = { ms: 0 };
    const clock = new RunClock(() => work.ms, () => wall.ms);
    await clock.judging(async () => {
      wall.ms += 400;
      work.ms += 400;
    });
    await expect(
      clock.judging(async () => {
        wall.ms += 50;
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect(clock.judgedWallMs).toBe(450);
    expect(clock.now()).toBe(0);
  });

  it('reads the learner calls\' spans on the wall clock too, once for overlapping calls, and none of the time between them', async () => {
    const wall = { ms: 100 };
    const clock = new RunClock(() => 0, () => wall.ms);
    wall.ms += 1_000; // the judge opening a sandbox again, slowed by a busy machine
    let finishFirst = () => {};
    const first = clock.learnerCall(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    wall.ms += 30;
    expect(clock.learnerWallMs).toBe(30);
    await clock.learnerCall(async () => {
      wall.ms += 20;
    });
    finishFirst();
    await first;
    wall.ms += 500;
    expect(clock.learnerWallMs).toBe(50);
    expect(clock.now()).toBe(0);
  });

  it('charges a timed-out call what its limit exceeds what the work clock counted', async () => {
    const { work, clock } = workClock();
    const started = clock.now();
    await clock.learnerCall(async () => {
      work.ms += 30;
    });
    clock.timedOut(started, 100);
    expect(clock.now()).toBe(100);
    // A call the work clock counted in full (wall time, or a loop given the whole CPU) adds nothing.
    const next = clock.now();
    await clock.learnerCall(async () => {
      work.ms += 120;
    });
    clock.timedOut(next, 100);
    expect(clock.now()).toBe(220);
  });
});
