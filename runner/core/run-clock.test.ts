import { describe, expect, it } from 'vitest';
import { RunClock } from './run-clock.ts';

describe('RunClock', () => {
  it('reads its work clock, and counts a timed-out call as exactly its limit, whatever that clock counted', () => {
    let work = 10;
    const clock = new RunClock(() => work);
    const started = clock.now();
    work += 30;
    clock.timedOut(started, 100);
    expect(clock.now()).toBe(110);
    // A call the work clock counted past its limit (a host that stops it late) counts its limit too.
    const next = clock.now();
    work += 300;
    clock.timedOut(next, 100);
    expect(clock.now()).toBe(210);
  });
});
