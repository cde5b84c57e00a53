/**
 * Derived variants through the real Node host: the reference graded with every answer varied
 * through one declared freedom (GradeRequest.vary), to hand-written and generated checks alike.
 * A check stricter than a freedom fails it; a freedom a check uses but the file does not declare,
 * or a vary that leaves what the freedoms keep, is the tests file's mistake.
 */
import { describe, expect, it } from 'vitest';
import type { GradeRequest } from '../core/index.ts';
import { createNodeRunner } from './runner.ts';

const runner = createNodeRunner();

const SOLUTION = `
const handlers = { ping: () => 'pong' };
function route(msg) {
  if (!Object.hasOwn(handlers, msg.method)) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
}`;

/** A tests file with one generated check and one hand-written assertion on an unknown method's reply. */
function tests({ handWritten, declare = "const SAME = taskFreedoms([[errorMessage, 'any message'], [errorData, 'a data member']]);", same = 'SAME' }: { handWritten: string; declare?: string; same?: string }): string {
  return `
import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';
import { agrees, errorData, errorMessage, ids, names, requests, taskFreedoms } from '@course/check';
${declare}
describe('examples', () => {
  it('an unknown method is -32601', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 1, method: 'nope' });
    ${handWritten}
  });
});
describe('generated', () => {
  it('answers like the reference', () => agrees({ input: requests({ ids: ids(), methods: names(['ping']) }), calls: (msg) => [['route', msg]], same: ${same} }));
});
`;
}

function request(testsText: string, vary?: string): GradeRequest {
  return {
    exercise: { id: 'inline-derived', language: 'js', functions: ['route'], limits: { callMs: 500, runMs: 8000, memoryMb: 32 }, tests: testsText, testsFile: 'exercises/inline/tests.test.js', solution: SOLUTION },
    source: SOLUTION,
    mode: 'submit',
    ...(vary === undefined ? {} : { vary }),
  };
}

const FAIR = 'expect(reply.error.code).toBe(-32601); expect(typeof reply.error.message).toBe("string");';

describe('a derived variant', () => {
  it('passes checks that assert only what the task fixes, and counts the answers it varied', async () => {
    for (const freedom of ['error-message', 'error-data']) {
      const result = await runner.grade(request(tests({ handWritten: FAIR }), freedom));
      expect(result.tests.map((t) => t.status)).toEqual(['pass', 'pass']);
      // The hand-written call and the generated cases that name an unknown method.
      expect(result.varied).toBeGreaterThan(10);
    }
  });

  it("fails a hand-written check that fixes what a freedom leaves free, and only under that freedom's variant", async () => {
    const strict = tests({ handWritten: "expect(reply).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });" });
    const byMessage = await runner.grade(request(strict, 'error-message'));
    expect(byMessage.tests.map((t) => t.status)).toEqual(['fail', 'pass']);
    const byData = await runner.grade(request(strict, 'error-data'));
    expect(byData.tests.map((t) => t.status)).toEqual(['fail', 'pass']);
    // Graded as itself, the reference passes that check.
    expect((await runner.grade(request(strict))).status).toBe('pass');
  });

  it('fails a generated check whose same leaves out a freedom the task declares', async () => {
    const narrow = tests({ handWritten: FAIR, same: 'SAME.slice(0, 1)' });
    const result = await runner.grade(request(narrow, 'error-data'));
    expect(result.tests.map((t) => t.status)).toEqual(['pass', 'fail']);
  });

  it('reports a freedom in a check that the file does not declare as the tests file broken', async () => {
    const undeclared = tests({ handWritten: FAIR, declare: "const SAME = taskFreedoms([[errorMessage, 'any message']]);", same: '[errorMessage, errorData]' });
    const [, generated] = (await runner.grade(request(undeclared))).tests;
    expect(generated?.cause).toBe('tests-broken');
    expect(generated?.message).toMatch(/holds the freedom "error-data", which the tests file does not declare/);
  });

  it('reports a vary whose answer the freedoms do not count as the same', async () => {
    const wrong = "const loose = { name: 'loose', says: 'x', normalize: (v) => v, vary: (v) => (v && v.error ? { ...v, id: 'other' } : v) };\nconst SAME = taskFreedoms([[loose, 'x']]);";
    const result = await runner.grade(request(tests({ handWritten: FAIR, declare: wrong }), 'loose'));
    expect(result.tests[0]?.cause).toBe('tests-broken');
    expect(result.tests[0]?.message).toMatch(/varied an answer into one the task's freedoms do not count as the same/);
  });

  it('names an undeclared freedom to vary as the tests file broken', async () => {
    const result = await runner.grade(request(tests({ handWritten: FAIR }), 'batch-order'));
    expect(result.tests[0]?.message).toMatch(/no declared freedom named "batch-order"/);
  });
});
