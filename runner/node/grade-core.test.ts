/**
 * The grading core's contract, on small inline exercises graded through the real Node host:
 * result shape, failure details, run vs submit, output capture, and broken tests files.
 */
import { describe, expect, it } from 'vitest';
import { createRunner, type GradeRequest } from '../core/index.ts';
import { HANG_CEILING, WALL_CEILING } from '../core/index.ts';
import { createIsolateHost } from './isolate-host.ts';
import { nodeJudgeModules } from './judge-modules.ts';
import { createNodeRunner } from './runner.ts';

const runner = createNodeRunner();

const TESTS = `
import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';

describe('examples', () => {
  it('answers ping', async () => {
    expect(await route({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 1, result: 'pong' });
  });
});

describe('hidden', () => {
  it('lists methods', async () => {
    expect(await route({ jsonrpc: '2.0', id: 2, method: 'list' })).toMatchObject({ result: expect.arrayContaining(['ping']) });
  });
  it('contains ping', async () => {
    expect((await route({ jsonrpc: '2.0', id: 3, method: 'list' })).result).toContain('ping');
  });
});
`;

function request(source: string, mode: GradeRequest['mode'] = 'submit', tests = TESTS): GradeRequest {
  return {
    exercise: { id: 'inline', language: 'js', functions: ['route'], limits: { callMs: 500, runMs: 5000, memoryMb: 32 }, tests, testsFile: 'exercises/inline/tests.test.js' },
    source,
    mode,
  };
}

/** A tests file of `count` examples named "call 1"... whose bodies are `body` (`n` is the test's number). */
function examples(count: number, body = (n: number) => `expect(await route({ id: ${n} })).toBe(1);`): string {
  const its = Array.from({ length: count }, (_, i) => `  it('call ${i + 1}', async () => { ${body(i + 1)} });`).join('\n');
  return `import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\ndescribe('examples', () => {\n${its}\n});\n`;
}

const GOOD = `
const handlers = { ping: () => 'pong', list: () => Object.keys(handlers) };
function route(msg) { return { jsonrpc: '2.0', id: msg.id, result: handlers[msg.method]() }; }
`;

describe('grade', () => {
  it('passes a correct submission, tests in file order, examples visible and the rest hidden', async () => {
    const result = await runner.grade(request(GOOD));
    expect(result).toMatchObject({ version: 3, status: 'pass' });
    expect(result.tests.map((t) => [t.name, t.status, t.hidden])).toEqual([
      ['examples > answers ping', 'pass', false],
      ['hidden > lists methods', 'pass', true],
      ['hidden > contains ping', 'pass', true],
    ]);
    expect(result.tests[0]?.test_code).toContain("method: 'ping'");
  });

  it('runs only the examples in run mode', async () => {
    const result = await runner.grade(request(GOOD, 'run'));
    expect(result.tests.map((t) => t.name)).toEqual(['examples > answers ping']);
  });

  it('reports input, expected, received and a diff for a failed check', async () => {
    const result = await runner.grade(request(GOOD.replace("'pong'", "'pang'")));
    expect(result.status).toBe('fail');
    const check = result.tests[0]?.check;
    expect(check?.input).toBe('route({ jsonrpc: "2.0", id: 1, method: "ping" })');
    expect(check?.diff).toMatch(/- +"result": "pong"/);
    expect(check?.diff).toMatch(/\+ +"result": "pang"/);
    expect(check?.diff).not.toMatch(/\u001b/);
  });

  it('survives a toContain failure on an array (no printable expected/received pair)', async () => {
    const result = await runner.grade(request(GOOD.replace("list: () => Object.keys(handlers)", "list: () => ['other']")));
    const contains = result.tests.find((t) => t.name === 'hidden > contains ping');
    expect(contains).toMatchObject({ status: 'fail' });
    expect(contains?.message).toMatch(/to include 'ping'/);
  });

  it("reports a throw inside a call as a test error with the learner's line", async () => {
    const result = await runner.grade(request("function route(msg) {\n  return msg.params.x;\n}"));
    expect(result.status).toBe('fail');
    expect(result.tests[0]).toMatchObject({ status: 'error', cause: 'threw', place: { line: 2 } });
    expect(result.tests[0]?.message).toMatch(/^route threw TypeError: .+ \(line 2, column \d+\)\.$/);
  });

  it('reports TypeScript runtime and syntax errors at the line of the learner\'s text', async () => {
    const ts = (source: string) => ({ ...request(source), exercise: { ...request(source).exercise, language: 'ts' as const } });
    const runtime = await runner.grade(ts('interface Msg {\n  id?: number;\n  params?: { x: number };\n}\n\nfunction route(msg: Msg): unknown {\n  return msg.params!.x;\n}\n'));
    expect(runtime.tests[0]).toMatchObject({ status: 'error', cause: 'threw', place: { line: 7 } });
    const syntax = await runner.grade(ts('interface Msg {\n  id?: number;\n}\n\nfunction route(msg: Msg): unknown {\n  return msg.;\n}\n'));
    expect(syntax).toMatchObject({ status: 'error', cause: 'syntax', place: { line: 6 } });
    expect(syntax.message).toMatch(/^Syntax error on line 6, column \d+ of main\.ts: /);
  });

  it('reports a thrown non-Error plainly', async () => {
    const result = await runner.grade(request("function route() { throw { code: 1 }; }"));
    expect(result.tests[0]?.message).toBe('route threw an object ({ code: 1 }) instead of an Error.');
  });

  it('captures console output per test and caps it at 500 characters', async () => {
    const result = await runner.grade(request(`${GOOD}\nconsole.log('loaded');\nconst original = route;\nroute = (msg) => { console.log('x'.repeat(2000)); return original(msg); };`));
    expect(result.output).toBe('loaded');
    const output = result.tests[0]?.output ?? '';
    expect(output.length).toBeLessThanOrEqual(500);
    expect(output.endsWith('[output truncated]')).toBe(true);
  });

  it('stops a test whose call never finishes, and runs the next ones in a fresh sandbox', async () => {
    const source = `let calls = 0;\n${GOOD.replace('function route(msg) {', 'function route(msg) { if (++calls === 2) for (;;) {}')}`;
    const result = await runner.grade(request(source));
    expect(result.tests.map((t) => t.status)).toEqual(['pass', 'error', 'pass']);
    expect(result.tests[1]).toMatchObject({ cause: 'timeout' });
  });

  it('spends the run budget on calls that never finish, then reports the rest as not run (never as a crash)', async () => {
    const tests = examples(8);
    const looping = request('function route(msg) { for (;;) {} }', 'submit', tests);
    // What is left of the run for the last calls is a fraction of a millisecond more or less than whole.
    const result = await runner.grade({ ...looping, exercise: { ...looping.exercise, limits: { callMs: 100, runMs: 450, memoryMb: 32 } } });
    expect(result.tests.map((t) => t.status)).toEqual(Array(8).fill('error'));
    for (const t of result.tests) {
      expect(['timeout', 'run-timeout']).toContain(t.cause);
      expect(t.message).not.toMatch(/crashed|rejection/);
      if (t.cause === 'timeout') expect(t.message).toMatch(/within \d+ ms/);
    }
    // However slow the machine: the last test cannot have had a call of its own.
    expect(result.tests.at(-1)?.cause).toBe('run-timeout');
    expect(result.tests.some((t) => t.message === 'Not run: the whole run took longer than 450 ms.')).toBe(true);
  });

  it('counts the run limit on the work clock it is given, each timed-out call charged its whole limit, whatever the machine is doing', async () => {
    // A work clock that stands still: only the calls stopped at their limit move the run's clock.
    const stillRunner = createNodeRunner({}, { work: () => 0 });
    const tests = examples(5);
    const looping = request('function route(msg) { for (;;) {} }', 'submit', tests);
    const result = await stillRunner.grade({ ...looping, exercise: { ...looping.exercise, limits: { callMs: 100, runMs: 300, memoryMb: 32 } } });
    expect(result.tests.map((t) => t.cause)).toEqual(['timeout', 'timeout', 'timeout', 'run-timeout', 'run-timeout']);
    expect(result.tests.slice(0, 3).every((t) => /within 100 ms/.test(t.message ?? ''))).toBe(true);
  });

  it('calls a timeout that what was left of the run cut short the run\'s, not the call\'s (no "within 100 ms")', async () => {
    const stillRunner = createNodeRunner({}, { work: () => 0 });
    const tests = examples(4);
    const looping = request('function route(msg) { for (;;) {} }', 'submit', tests);
    // Wide limits: the calls' wall time (opening sandboxes included) stays far under WALL_CEILING.
    const result = await stillRunner.grade({ ...looping, exercise: { ...looping.exercise, limits: { callMs: 200, runMs: 500, memoryMb: 32 } } });
    expect(result.tests.map((t) => t.cause)).toEqual(['timeout', 'timeout', 'run-timeout', 'run-timeout']);
    expect(result.tests[2]?.message).toBe('route(…) was stopped when the whole run reached its time limit (500 ms).');
    expect(result.tests[3]?.message).toBe('Not run: the whole run took longer than 500 ms.');
  });

  it('ends a run counted on another clock once its calls took WALL_CEILING times its limit of wall time', async () => {
    // The work clock stands still, so only the calls' wall time can end this run: each call works
    // 200 ms of wall time, so 3,000 ms of them is at most 15 calls, far fewer than the 40 tests.
    const stillRunner = createNodeRunner({}, { work: () => 0 });
    const tests = examples(40, () => 'expect(await route({})).toBe(1);');
    const busy = request('function route(msg) { const end = Date.now() + 200; while (Date.now() < end) {} return 1; }', 'submit', tests);
    const result = await stillRunner.grade({ ...busy, exercise: { ...busy.exercise, limits: { callMs: 1000, runMs: 1000, memoryMb: 32 } } });
    const passed = result.tests.filter((t) => t.status === 'pass').length;
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThanOrEqual((1000 * WALL_CEILING) / 200);
    expect(result.tests.at(-1)?.cause).toBe('run-timeout');
  });

  it('does not count the time between calls against the calls\' wall ceiling', async () => {
    // Five tests that wait 700 ms each before one quick call: 3,500 ms in all, past WALL_CEILING
    // times the run's 1,000 ms, but none of it the learner's (a loaded machine slows the judge's
    // own work between calls the same way). The calls themselves take a fraction of it.
    const stillRunner = createNodeRunner({}, { work: () => 0 });
    const tests = examples(5, () => 'await new Promise((r) => setTimeout(r, 700)); expect(await route({})).toBe(1);');
    const quick = request('function route(msg) { return 1; }', 'submit', tests);
    const started = performance.now();
    const result = await stillRunner.grade({ ...quick, exercise: { ...quick.exercise, limits: { callMs: 1000, runMs: 1000, memoryMb: 32 } } });
    expect(performance.now() - started).toBeGreaterThan(1000 * WALL_CEILING);
    expect(result.tests.map((t) => t.status)).toEqual(Array(5).fill('pass'));
  });

  it('gives a looping submission the same verdict when opening its sandbox again is slow (a loaded machine)', async () => {
    // CI's Node 22 run: each sandbox opened again after a timeout took long enough that the old
    // wall ceiling (all of the run's wall time) ran out, and the last test's sandbox got 1 ms to
    // load: "Your top-level code did not finish within 1 ms", cause crashed.
    const isolates = createIsolateHost();
    // Three sandboxes opened 500 ms late each take 1,500 ms: near the old ceiling's 1,800 before a call ran.
    const slowHost = { create: async (limits: Parameters<typeof isolates.create>[0]) => (await new Promise((r) => setTimeout(r, 500)), isolates.create(limits)) };
    const slowRunner = createRunner({ host: slowHost, modules: nodeJudgeModules, work: () => 0 });
    const tests = examples(4);
    const looping = request('function route(msg) { for (;;) {} }', 'submit', tests);
    const limits = { callMs: 200, runMs: 600, memoryMb: 32 };
    const quick = await createNodeRunner({}, { work: () => 0 }).grade({ ...looping, exercise: { ...looping.exercise, limits } });
    const slow = await slowRunner.grade({ ...looping, exercise: { ...looping.exercise, limits } });
    const causes = (result: typeof quick) => result.tests.map((t) => `${t.cause}: ${t.message}`);
    expect(causes(slow)).toEqual(causes(quick));
    expect(slow.tests.map((t) => t.cause)).toEqual(['timeout', 'timeout', 'timeout', 'run-timeout']);
  });

  it('still ends a run whose test waits at HANG_CEILING times its limit of wall time', async () => {
    const stillRunner = createNodeRunner({}, { work: () => 0 });
    const tests = `import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\ndescribe('examples', () => {\n  it('waits', async () => { await new Promise((r) => setTimeout(r, 5000)); });\n  it('after', async () => { expect(await route({})).toBe(1); });\n});\n`;
    const waiting = request(GOOD, 'submit', tests);
    const started = performance.now();
    const result = await stillRunner.grade({ ...waiting, exercise: { ...waiting.exercise, limits: { callMs: 100, runMs: 100, memoryMb: 32 } } });
    expect(result.tests.map((t) => t.cause)).toEqual(['run-timeout', 'run-timeout']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100 * HANG_CEILING - 1);
  });

  it('names missing functions', async () => {
    const result = await runner.grade(request('function rout(msg) {}'));
    expect(result).toMatchObject({ status: 'error', cause: 'missing-function', tests: [] });
    expect(result.message).toContain('a function named `route`');
  });

  it('blames a broken tests file on the course, not the learner', async () => {
    const result = await runner.grade(request(GOOD, 'submit', "import { x } from 'nowhere';"));
    expect(result).toMatchObject({ status: 'error', cause: 'tests-broken' });
    expect(result.message).toMatch(/not your fault/);
  });

  it('ends at once with cause cancelled when aborted', async () => {
    const controller = new AbortController();
    const pending = runner.grade({ ...request('function route() { for (;;) {} }'), signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ status: 'error', cause: 'cancelled' });
  });
});

describe('a learner cannot change a verdict from inside the sandbox', () => {
  it.each([
    ['patching Object.prototype', "Object.prototype.toEqual = () => true; Object.defineProperty(Object.prototype, 'result', { get() { return 'pong'; } });"],
    ['patching JSON and Array.prototype.every', 'JSON.stringify = () => "{\\"status\\":\\"pass\\"}"; JSON.parse = () => ({ status: "pass" }); Array.prototype.every = () => true;'],
    ['defining expect', 'var expect = () => ({ toEqual() {}, toMatchObject() {}, toContain() {} });'],
    ['replacing the guest', 'try { globalThis.__guest = { handleJson: () => "{}" }; } catch {}'],
  ])('%s', async (_what, patch) => {
    const result = await runner.grade(request(`${patch}\nfunction route(msg) { return { jsonrpc: '2.0', id: msg.id, result: 'wrong' }; }`));
    expect(result.status).toBe('fail');
    expect(result.tests.every((t) => t.status !== 'pass')).toBe(true);
  });
});

describe('the transcript of a failed test', () => {
  it('lists the calls the test made and what came back, marking the answer the check looked at', async () => {
    const result = await runner.grade(request(GOOD.replace("'pong'", "'pang'")));
    const failed = result.tests[0];
    expect(failed?.transcript).toEqual({
      scope: 'test',
      entries: [{ fn: 'route', input: '{ jsonrpc: "2.0", id: 1, method: "ping" }', output: '{"jsonrpc": "2.0", "id": 1, "result": "pang"}', marked: true }],
      omitted: 0,
    });
    // The headline names what the function answered, in the course's words.
    expect(failed?.message).toBe('The answer of `route` to `ping` has result "pang"; this check expects "pong".');
    expect(failed?.check?.message).toMatch(/^expected \{.*\} to deeply equal/);
  });

  it('marks the call that failed when the learner code threw', async () => {
    const result = await runner.grade(request("function route(msg) {\n  return msg.params.x;\n}"));
    expect(result.tests[0]?.transcript?.entries).toEqual([{ fn: 'route', input: '{ jsonrpc: "2.0", id: 1, method: "ping" }', output: expect.stringMatching(/^route threw TypeError/), marked: true }]);
  });

  it('is left out of passing tests', async () => {
    const result = await runner.grade(request(GOOD));
    expect(result.tests.every((t) => t.transcript === undefined)).toBe(true);
  });
});

describe('the exchange of a failed check', () => {
  it('marks the call whose answer the check looked at, though an earlier call returned the same null', async () => {
    const tests = `
import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';

describe('hidden', () => {
  it('finishes what it received', async () => {
    await route({ jsonrpc: '2.0', id: 1, method: 'receive' });
    await route({ jsonrpc: '2.0', id: 2, method: 'receive' });
    expect(await route({ jsonrpc: '2.0', id: 3, method: 'finish' })).toEqual({ done: 1 });
  });
});
`;
    const result = await runner.grade(request('function route(msg) { return null; }', 'submit', tests));
    const entries = result.tests[0]?.transcript?.entries ?? [];
    expect(entries.map((e) => e.input.includes('"finish"') && e.marked === true)).toEqual([false, false, true]);
    expect(result.tests[0]?.check?.input).toContain('"finish"');
  });
});
