/**
 * Generated checks end to end through the real Node host: the learner's answers on a domain of
 * inputs compared with the reference's, the smallest failing input found, faults located.
 */
import { describe, expect, it } from 'vitest';
import type { GradeRequest, RunResult } from '../core/index.ts';
import { createNodeRunner } from './runner.ts';

const runner = createNodeRunner();

const TESTS = `
import { describe, it } from 'vitest';
import { agrees, errorMessage, ids, names, params, requests, taskFreedoms } from '@course/check';

const SAME = taskFreedoms([[errorMessage, 'any non-empty message']]);

describe('generated', () => {
  it('answers every request as a correct router does', () =>
    agrees({
      input: requests({ ids: ids(), methods: names(['ping', 'echo']), params: params() }),
      calls: (msg) => [['route', msg]],
      same: SAME,
    }));
});
`;

const SOLUTION = `
const handlers = { ping: () => 'pong', echo: (p) => p ?? null };
function route(msg) {
  if (!Object.hasOwn(handlers, msg.method)) return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method](msg.params) };
}`;

function request(source: string, solution = SOLUTION, tests = TESTS): GradeRequest {
  return {
    exercise: { id: 'inline-generated', language: 'js', functions: ['route'], limits: { callMs: 500, runMs: 8000, memoryMb: 32 }, tests, testsFile: 'exercises/inline/tests.test.js', solution },
    source,
    mode: 'submit',
  };
}

const only = (result: RunResult) => {
  expect(result.tests).toHaveLength(1);
  return result.tests[0]!;
};

describe('a generated check', () => {
  it('fails an error message that the task does not leave free (no freedom declared)', async () => {
    const strict = TESTS.replace('same: SAME,', '');
    const other = SOLUTION.replace("message: 'Method not found'", "message: 'Unknown'");
    expect(only(await runner.grade(request(other, SOLUTION, strict))).message).toMatch(/has error\.message "Unknown"; this check expects "Method not found"/);
  });

  it('passes the reference solution and a correct alternative', async () => {
    expect(only(await runner.grade(request(SOLUTION))).status).toBe('pass');
    const alternative = `
      const handlers = new Map([['ping', () => 'pong'], ['echo', (p) => (p === undefined ? null : p)]]);
      const route = async ({ id, method, params }) => handlers.has(method)
        ? { jsonrpc: '2.0', id, result: handlers.get(method)(params) }
        : { jsonrpc: '2.0', id, error: { code: -32601, message: 'no such method' } };`;
    expect(only(await runner.grade(request(alternative))).message).toBeUndefined();
  });

  it('fails a falsy-id check on the smallest input, id 0 or ""', async () => {
    const wrong = SOLUTION.replace('function route(msg) {', 'function route(msg) {\n  if (!msg.id) return null;');
    const test = only(await runner.grade(request(wrong)));
    expect(test.status).toBe('fail');
    expect(test.check?.input).toMatch(/^route\(\{ jsonrpc: "2\.0", id: (0|""), method: "(ping|echo)" \}\)$/);
    expect(test.generated).toMatchObject({ runs: 200 });
    // Where the input came from is said once, in the message; the matcher's words do not repeat it.
    const said = [test.message, test.check?.message].join('\n');
    expect(said.match(/generated/g)).toHaveLength(1);
    expect(test.message).toMatch(/\(The smallest failing input found among 200 generated ones\.\)$/);
    expect(test.check?.message).toMatch(/^route\(.*\) answered differently from a correct implementation\.$/);
  });

  it('fails a lookup that finds inherited keys, on an Object.prototype name', async () => {
    const wrong = SOLUTION.replace('!Object.hasOwn(handlers, msg.method)', '!(msg.method in handlers)').replace('handlers[msg.method](msg.params)', 'handlers[msg.method](msg.params)');
    const test = only(await runner.grade(request(wrong)));
    expect(test.status).not.toBe('pass');
    expect(test.check?.input).toMatch(/method: "(__proto__|constructor|toString|toLocaleString|valueOf|hasOwnProperty|isPrototypeOf|propertyIsEnumerable|__defineGetter__|__defineSetter__|__lookupGetter__|__lookupSetter__)"/);
  });

  it('reports the input a loop happens on, with the timeout as the cause', async () => {
    const loops = SOLUTION.replace('function route(msg) {', "function route(msg) {\n  if (msg.id === '') for (;;) {}");
    const test = only(await runner.grade(request(loops)));
    expect(test.status).toBe('error');
    expect(test.cause).toBe('timeout');
    expect(test.check?.input).toMatch(/id: ""/);
  });

  it('gives the same verdict and the same smallest input every run', async () => {
    const wrong = SOLUTION.replace('id: msg.id, result', 'id: typeof msg.id === "string" ? msg.id.trim() : msg.id, result');
    const first = only(await runner.grade(request(wrong)));
    for (let i = 0; i < 3; i++) expect(only(await runner.grade(request(wrong)))).toMatchObject({ status: first.status, message: first.message, check: first.check });
  });

  it('calls the tests broken when the reference cannot answer an input of the domain', async () => {
    const narrow = SOLUTION.replace('function route(msg) {', "function route(msg) {\n  if (typeof msg.id !== 'number') throw new Error('only numbers');");
    const test = only(await runner.grade(request(SOLUTION, narrow)));
    expect(test.status).toBe('error');
    expect(test.cause).toBe('tests-broken');
    expect(test.message).toMatch(/reference solution threw Error: only numbers on a generated input/);
    // The input is shrunk, the reference alone judging: the smallest id that is not a number.
    expect(test.message).toMatch(/The smallest such input:\nroute\(\{ jsonrpc: "2\.0", id: "", method: "[a-z]*" \}\)$/);
  });
});

describe('naming the mistake', () => {
  const MUTANTS = [
    { name: 'falsy-id', learner: 'You took id 0 for no id.', source: SOLUTION.replace('function route(msg) {', 'function route(msg) {\n  if (!msg.id) return null;') },
    { name: 'id-as-string', learner: 'You turned the id into text.', source: SOLUTION.replaceAll('id: msg.id', 'id: String(msg.id)') },
  ];
  const withMutants = (source: string): GradeRequest => ({ ...request(source), exercise: { ...request(source).exercise, mutants: MUTANTS }, diagnose: true });

  it('names the mutant that answers exactly what the code answered, and only it', async () => {
    const learner = SOLUTION.replace('function route(msg) {', 'function route(msg) {\n  if (msg.id === 0 || msg.id === "" || msg.id === null) return null;');
    const result = await runner.grade(withMutants(learner));
    expect(result.status).toBe('fail');
    expect(result.mistakes).toEqual([{ mutant: 'falsy-id', sentence: 'You took id 0 for no id.', checks: ['generated > answers every request as a correct router does'] }]);
  });

  it('names none when the code is wrong in a way no mutant is', async () => {
    const learner = SOLUTION.replaceAll("jsonrpc: '2.0'", "jsonrpc: '2'");
    const result = await runner.grade(withMutants(learner));
    expect(result.status).toBe('fail');
    expect(result.mistakes).toEqual([]);
  });

  it('names nothing for a passing run, and is not asked to without diagnose', async () => {
    expect((await runner.grade(withMutants(SOLUTION))).mistakes).toBeUndefined();
    expect((await runner.grade(request(MUTANTS[0]!.source))).mistakes).toBeUndefined();
  });
});

describe('naming the mistake behind a fixed test', () => {
  const FIXED = `
import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';
describe('examples', () => {
  it('answers ping', async () => {
    expect(await route({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 1, result: 'pong' });
  });
});
describe('ids', () => {
  it('answers id 0', async () => {
    expect(await route({ jsonrpc: '2.0', id: 0, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 0, result: 'pong' });
  });
});
`;
  const MUTANTS = [
    // Both fail "answers id 0", with different answers: only the one that answers as the learner did is named.
    { name: 'falsy-id', learner: 'You took id 0 for no id.', source: SOLUTION.replace('function route(msg) {', 'function route(msg) {\n  if (!msg.id) return null;') },
    { name: 'zero-to-null', learner: 'You answered id 0 with id null.', source: SOLUTION.replaceAll('id: msg.id', 'id: msg.id || null') },
  ];
  const fingerprints = { mutants: { 'falsy-id': ['ids > answers id 0'], 'zero-to-null': ['ids > answers id 0'] } };
  const graded = (source: string) => runner.grade({ ...request(source, SOLUTION, FIXED), exercise: { ...request(source, SOLUTION, FIXED).exercise, mutants: MUTANTS, fingerprints }, diagnose: true });

  it('names the mutant whose answers to the test\'s calls are the learner\'s', async () => {
    const learner = SOLUTION.replaceAll('id: msg.id', 'id: msg.id === 0 ? null : msg.id');
    expect((await graded(learner)).mistakes).toEqual([{ mutant: 'zero-to-null', sentence: 'You answered id 0 with id null.', checks: ['ids > answers id 0'] }]);
  });

  it('names none when the learner answers the failing call some other way', async () => {
    const learner = SOLUTION.replaceAll('id: msg.id', 'id: msg.id === 0 ? -1 : msg.id');
    expect((await graded(learner)).mistakes).toEqual([]);
  });
});

describe('naming the most specific mistake', () => {
  const MUTANTS = [
    { name: 'falsy-id', learner: 'You took a falsy id for no id.', source: SOLUTION.replace('function route(msg) {', 'function route(msg) {\n  if (!msg.id) return null;') },
    { name: 'empty-id', learner: 'You took "" for no id.', source: SOLUTION.replace('function route(msg) {', "function route(msg) {\n  if (msg.id === '') return null;") },
  ];
  it('leaves out a mutant whose explained checks another explains too, and more', async () => {
    const FIXED = `
import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';
describe('examples', () => {
  it('answers id 0', async () => { expect(await route({ jsonrpc: '2.0', id: 0, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 0, result: 'pong' }); });
  it('answers id ""', async () => { expect(await route({ jsonrpc: '2.0', id: '', method: 'ping' })).toEqual({ jsonrpc: '2.0', id: '', result: 'pong' }); });
});
`;
    const fingerprints = { mutants: { 'falsy-id': ['examples > answers id 0', 'examples > answers id ""'], 'empty-id': ['examples > answers id ""'] } };
    const base = request(MUTANTS[0]!.source, SOLUTION, FIXED);
    const result = await runner.grade({ ...base, exercise: { ...base.exercise, mutants: MUTANTS, fingerprints }, diagnose: true });
    // empty-id answers the "" check as the learner's code does, but falsy-id answers both.
    expect(result.mistakes?.map((m) => m.mutant)).toEqual(['falsy-id']);
  });
});
