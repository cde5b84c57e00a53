import { describe, expect, it } from 'vitest';
import { RunClock } from './run-clock.ts';

describe('RunClock', () => {
  it('reads its work clock, and charges a timed-out call what its limit exceeds what that clock counted', () => {
    let work = 10;
    const clock = new RunClock(() => work);
    const started = clock.now();
    work += 30;
    clock.timedOut(started, 100);
    expect(clock.now()).toBe(110);
    // A call the work clock counted in full (wall time, or a loop given the whole CPU) adds nothing.
    const next = clock.now();
    work += 120;
    clock.timedOut(next, 100);
    expect(clock.now()).toBe(230);
  });
});
