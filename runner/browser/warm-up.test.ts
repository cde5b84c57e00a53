import { describe, expect, it } from 'vitest';
import type { GuestRequest } from '../core/index.ts';
import { makeWarmUp } from './warm-up.ts';

describe('makeWarmUp', () => {
  it('is off with 0 rounds', () => {
    expect(makeWarmUp(0)).toBeUndefined();
  });
  it('loads one function under a private name and calls only it, with negative seqs', () => {
    const warmUp = makeWarmUp(3);
    expect(warmUp?.rounds).toBe(3);
    const load = JSON.parse(warmUp?.load ?? '') as Extract<GuestRequest, { source: string }>;
    expect(load).toMatchObject({ type: 'load', filename: 'warm-up.js', names: ['__sandboxWarmUp'] });
    // `const` keeps the warm-up function out of the learner's global scope.
    expect(load.source.startsWith('const __sandboxWarmUp = ')).toBe(true);
    const calls = (warmUp?.calls ?? []).map((c) => JSON.parse(c) as Extract<GuestRequest, { type: 'call' }>);
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect(c).toMatchObject({ type: 'call', name: '__sandboxWarmUp' });
    expect(calls.every((c) => c.seq < 0)).toBe(true);
  });
});
