/**
 * `course check` proves every generated case independent of what ran before it in the realm
 * (GradeRequest.independentCases): the reference's answers are cached per case and the learner's
 * realm has run other tests first, so a case that reads state an earlier case left would give
 * verdicts that change with the order of the run. Such a check is the tests file's mistake.
 */
import { describe, expect, it } from 'vitest';
import type { GradeRequest } from '../core/index.ts';
import { createNodeRunner } from './runner.ts';

const runner = createNodeRunner();

// A router with one piece of state: the level `set` leaves, which `get` answers.
const SOLUTION = `
let level = 0;
function route(msg) {
  if (msg.method === 'set') level = msg.params.level;
  return { jsonrpc: '2.0', id: msg.id, result: level };
}`;

function request(calls: string): GradeRequest {
  const tests = `
import { describe, it } from 'vitest';
import fc from 'fast-check';
import { agrees } from '@course/check';
const set = (level) => ['route', { jsonrpc: '2.0', id: 1, method: 'set', params: { level } }];
const get = ['route', { jsonrpc: '2.0', id: 2, method: 'get' }];
describe('generated', () => {
  it('answers the level', () => agrees({ input: fc.record({ level: fc.integer({ min: 1, max: 9 }), setFirst: fc.boolean() }), calls: ${calls} }));
});
`;
  return {
    exercise: { id: 'inline-independent', language: 'js', functions: ['route'], limits: { callMs: 500, runMs: 8000, memoryMb: 32 }, tests, testsFile: 'exercises/inline/tests.test.js', solution: SOLUTION },
    source: SOLUTION,
    mode: 'submit',
    independentCases: true,
  };
}

describe('a generated check whose cases', () => {
  it('start from a known state passes', async () => {
    const result = await runner.grade(request('({ level }) => [set(level), get]'));
    expect(result.tests.map((t) => t.status)).toEqual(['pass']);
  });

  it('read the state an earlier case left is broken, with the case that shows it', async () => {
    const result = await runner.grade(request('({ level, setFirst }) => (setFirst ? [set(level), get] : [get])'));
    const [check] = result.tests;
    expect(check?.cause).toBe('tests-broken');
    expect(check?.message).toMatch(/answers generated input \d+ otherwise when other cases ran before it .* start every case from a known state/s);
    // Graded as a learner's run (no proof asked), the same check passes or fails by the run's history.
    const { independentCases: _, ...plain } = request('({ level, setFirst }) => (setFirst ? [set(level), get] : [get])');
    expect((await runner.grade(plain)).tests[0]?.cause).not.toBe('tests-broken');
  });
});
