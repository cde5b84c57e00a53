/**
 * Grading examples exercises for real, through the Node host: validity against the reference
 * solution, catches against the mutants, the threshold, and learner code that loops, throws or
 * tries to steer the verdict. The browser runs the same core (e2e/determinism.test.ts compares).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCourse } from '../content/index.ts';
import { gradingJob, type ExamplesJob, type RunResult } from '../core/index.ts';
import { readCourseFiles } from './read-course.ts';
import { createNodeRunner } from './runner.ts';

const runner = createNodeRunner();
let job: ExamplesJob;
let batchesJob: ExamplesJob;

beforeAll(async () => {
  const { course } = loadCourse(await readCourseFiles(join(import.meta.dirname, '..', '..')));
  const find = (id: string) => course.exercises.find((e) => e.id === id);
  const jobOf = (id: string) => {
    const exercise = find(id);
    if (!exercise) throw new Error(`${id} did not load`);
    return gradingJob(exercise, find) as ExamplesJob;
  };
  job = jobOf('route-examples');
  batchesJob = jobOf('batch-examples');
  // Reading and loading the whole course: seconds on a busy machine, beyond the 10 s default.
}, 60_000);

const ping = (id: unknown) => ({ jsonrpc: '2.0', id, method: 'ping', params: {} });
const reply = (id: unknown) => ({ jsonrpc: '2.0', id, result: { pong: true } });
const examples = (...list: unknown[]) => `const examples = ${JSON.stringify(list, null, 2)};\n`;
const grade = (source: string, exercise: ExamplesJob = job) => runner.grade({ exercise, source, mode: 'submit' });
const caughtOf = (result: RunResult) => result.examples?.caught.map((c) => c.mutant);
/** Examples that catch all ten of route's mistakes: ids 1, 0 and "7", echo without params, a null result. */
const THOROUGH = [
  { message: ping(1), reply: reply(1) },
  { message: ping(0), reply: reply(0) },
  { message: ping('7'), reply: reply('7') },
  { message: { jsonrpc: '2.0', id: 2, method: 'echo' }, reply: { jsonrpc: '2.0', id: 2, result: {} } },
  { message: { jsonrpc: '2.0', id: 3, method: 'nothing' }, reply: { jsonrpc: '2.0', id: 3, result: null } },
];

describe('validity, against the reference solution', () => {
  it('passes examples that are valid and catch every mistake', async () => {
    const result = await grade(examples(...THOROUGH));
    expect(result.status).toBe('pass');
    expect(result.examples).toMatchObject({ total: 5, valid: 5, invalid: [], mutants: 10, missed: 0, threshold: 10 });
    expect(result.tests.map((t) => [t.name, t.status])).toEqual([1, 2, 3, 4, 5].map((n) => [`example ${n}`, 'pass']));
  });

  it('names an invalid example and why, in the learner words, without the correct reply', async () => {
    const wrong = { jsonrpc: '2.0', id: 5, result: { ok: true } };
    const result = await grade(examples({ message: ping(1), reply: reply(1) }, { message: ping(5), reply: wrong }));
    expect(result.status).toBe('fail');
    expect(result.examples?.invalid).toEqual([{ example: 2, reason: 'disagrees', message: expect.stringMatching(/^Your example 2 expects \{.*"ok": true.*\} for this message, but that is not what a correct route answers: a correct route answers something else in `result`\. Read the task's rule/) }]);
    expect(result.tests[1]).toMatchObject({ name: 'example 2', status: 'fail', check: { input: expect.stringContaining('"id": 5'), expected: expect.stringContaining('"ok": true') } });
    expect(result.tests[1]?.check).not.toHaveProperty('received');
    // The correct reply to example 2 ({ id: 5, result: { pong: true } }) is nowhere in the result.
    expect(JSON.stringify(result.tests[1])).not.toContain('pong');
    expect(JSON.stringify(result.examples?.invalid)).not.toContain('pong');
  });

  it('calls an example outside the task when the reference cannot answer it', async () => {
    const result = await grade(examples({ message: { jsonrpc: '2.0', id: 1, method: 'nope' }, reply: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } } }));
    expect(result.examples?.invalid).toEqual([{ example: 1, reason: 'outside', message: expect.stringMatching(/^A correct route throws an error for the message of your example 1, so the task does not cover it/) }]);
    expect(result.examples?.caught).toEqual([]);
  });

  it('marks examples that are not written as examples, and still runs the others', async () => {
    const result = await grade(`const examples = [{ message: ${JSON.stringify(ping(1))}, reply: ${JSON.stringify(reply(1))} }, { message: {} }, { message: {}, reply: () => 1 }];`);
    expect(result.examples?.invalid.map((i) => [i.example, i.reason])).toEqual([[2, 'malformed'], [3, 'malformed']]);
    expect(result.examples?.valid).toBe(1);
    expect(result.examples?.caught.length).toBe(5);
    expect(result.tests.map((t) => t.status)).toEqual(['pass', 'fail', 'fail']);
  });

  it('reads examples returned by a function, and TypeScript-free JSDoc starters alike', async () => {
    const result = await grade(`function examples() {\n  return [{ message: ${JSON.stringify(ping(1))}, reply: ${JSON.stringify(reply(1))} }];\n}\n`);
    expect(result.examples).toMatchObject({ total: 1, valid: 1 });
  });
});

describe('thoroughness, against the mutants', () => {
  it('counts the mistakes a valid set misses, naming only those it catches', async () => {
    const result = await grade(examples({ message: ping(1), reply: reply(1) }, { message: ping(2), reply: reply(2) }));
    expect(result.status).toBe('fail');
    expect(result.examples).toMatchObject({ valid: 2, invalid: [], missed: 5 });
    expect(caughtOf(result)).toEqual(['error-null-beside-result', 'error-undefined-beside-result', 'jsonrpc-number', 'missing-jsonrpc', 'returns-bare-result']);
    expect(result.examples?.caught.every((c) => c.by === 1 && c.catches.startsWith('a router that'))).toBe(true);
    // What is missed is counted, never named.
    expect(JSON.stringify(result)).not.toMatch(/id-zero|string-id|id-defaults/);
  });

  it('says which example catches each mistake first', async () => {
    const result = await grade(examples({ message: ping('7'), reply: reply('7') }, { message: ping(0), reply: reply(0) }));
    const by = Object.fromEntries(result.examples?.caught.map((c) => [c.mutant, c.by]) ?? []);
    expect(by).toMatchObject({ 'string-id-to-number': 1, 'id-zero-notification': 2, 'id-defaults-to-null': 2, 'jsonrpc-number': 1 });
  });

  it('passes at the threshold the exercise sets', async () => {
    const source = examples({ message: ping(1), reply: reply(1) });
    expect((await grade(source, { ...job, threshold: 5 })).status).toBe('pass');
    expect((await grade(source, { ...job, threshold: 6 })).status).toBe('fail');
  });

  it('runs no mutant when no example is valid', async () => {
    const result = await grade(examples({ message: ping(1), reply: null }));
    expect(result.examples).toMatchObject({ valid: 0, caught: [], missed: 10 });
  });

  it('compares JSON text replies as the batches task allows: any order, any error message', async () => {
    const batch = '[{"jsonrpc":"2.0","method":"sum","params":[1,2],"id":"a"},{"jsonrpc":"2.0","method":"get_data","id":"b"}]';
    const result = await grade(
      `const examples = [{ text: ${JSON.stringify(batch)}, reply: [{ jsonrpc: '2.0', id: 'b', result: ['hello', 5] }, { jsonrpc: '2.0', id: 'a', result: 3 }] }, { text: '[]', reply: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Bad batch' } } }];`,
      batchesJob,
    );
    expect(result.examples).toMatchObject({ total: 2, valid: 2, invalid: [] });
    expect(caughtOf(result)).toEqual(expect.arrayContaining(['empty-batch-as-array', 'empty-batch-ignored', 'returns-object']));
  });
});

describe('learner code that misbehaves is reported plainly', () => {
  it.each([
    ['a syntax error, at its line', 'const examples = [\n  { message: {}, reply: {} ,\n];\n', 'syntax', /line 3/],
    ['a loop at the top level', 'while (true) {}\nconst examples = [];\n', 'timeout', /did not finish/],
    ['an examples function that loops', 'function examples() { for (;;) {} }\n', 'timeout', /^examples\(…\) did not finish/],
    ['a throw while loading', "throw new Error('no');\n", 'load-threw', /threw Error: no/],
    ['no examples', 'const cases = [];\n', 'no-examples', /needs a top-level `examples` list/],
    ['an empty list', 'const examples = [];\n', 'no-examples', /is empty/],
  ])('%s', async (_name, source, cause, message) => {
    const result = await grade(source);
    expect(result).toMatchObject({ status: 'error', cause, tests: [] });
    expect(result.message).toMatch(message);
    expect(result.message).not.toContain('__course');
  });

  it('cannot steer the verdict: its globals, prototypes and functions never meet the implementations', async () => {
    const source = `
      Object.prototype.jsonrpc = '2.0';
      globalThis.handlers = { ping: () => ({ pong: false }) };
      function route() { return null; }
      const examples = [{ message: ${JSON.stringify(ping(1))}, reply: ${JSON.stringify(reply(1))} }];
    `;
    const result = await grade(source);
    expect(result.examples).toMatchObject({ valid: 1, invalid: [] });
    expect(result.examples?.caught.length).toBe(5);
  });

  it('ends a cancelled run with cause cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runner.grade({ exercise: job, source: examples({ message: ping(1), reply: reply(1) }), mode: 'submit', signal: controller.signal });
    expect(result).toMatchObject({ status: 'error', cause: 'cancelled' });
  });
});
