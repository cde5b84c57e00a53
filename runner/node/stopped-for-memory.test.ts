import { describe, expect, it } from 'vitest';
import { stoppedForMemory } from './stopped-for-memory.ts';

const MB = 1e6;
// An isolate of 64 MB (V8 reports about 70 MB of limit), stopped by a 1000 ms time limit.
const run = (heapMb: number, cpuMs: number) => ({ heapBytes: heapMb * MB, baselineBytes: 1 * MB, limitBytes: 70 * MB, cpuMs, timeLimitMs: 1000 });

describe('stoppedForMemory', () => {
  it.each([
    // Figures measured with isolated-vm on Node 20 (bench: a bomb of 1 MB strings, loops).
    ['a bomb that filled over half its heap', run(44, 1000), true],
    ['a bomb starved to 100 ms of CPU, 13 MB in', run(14, 100), true],
    ['a bomb starved to 50 ms of CPU, 16 MB in', run(17, 50), true],
    ['a loop that allocates nothing', run(1.3, 1000), false],
    ['a loop that allocates nothing, starved to 5 ms of CPU', run(1.3, 5), false],
    ['a loop that makes garbage, 11 MB not yet collected after 1 s', run(12, 1000), false],
    ['a loop that makes garbage, starved to 170 ms of CPU', run(4.5, 170), false],
  ])('%s: %s', (_, stopped, expected) => {
    expect(stoppedForMemory(stopped)).toBe(expected);
  });
});
