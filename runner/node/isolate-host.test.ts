/**
 * The Node host's isolation and limits, probed through the same protocol the grader uses.
 * Each probe is learner code that tries to reach something it must not, or to run forever.
 * The probes run in reused isolates (IsolateHostOptions.reuse), as a grading process runs them:
 * each probe's sandbox is freed before the next, whose context then lives in the same isolate.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type CaseCall, type GuestReply, type Sandbox, type SandboxFailure, makeDecoder, makeEncoder, DEFAULT_CODEC_LIMITS, replyValue } from '../core/index.ts';
import { createIsolateHost } from './isolate-host.ts';

const host = createIsolateHost({ reuse: 1000 });
const encode = makeEncoder();
const decode = makeDecoder();
let open: Sandbox[] = [];

afterEach(() => {
  for (const box of open) box.dispose();
  open = [];
});

async function load(source: string, names = ['probe'], timeoutMs = 1000): Promise<{ box: Sandbox; reply: GuestReply | SandboxFailure }> {
  const box = await host.create({ memoryMb: 32 });
  open.push(box);
  const reply = await box.send({ type: 'load', source, filename: 'main.js', names }, { timeoutMs });
  return { box, reply };
}

async function call(box: Sandbox, args: unknown[] = [], timeoutMs = 1000, seq = 1): Promise<GuestReply | SandboxFailure> {
  return box.send({ type: 'call', seq, name: 'probe', args: encode(args, DEFAULT_CODEC_LIMITS) }, { timeoutMs });
}

async function probe(body: string): Promise<unknown> {
  const { box, reply } = await load(`async function probe() {\n${body}\n}`);
  expect(reply.type).toBe('loaded');
  const answer = await call(box);
  if (answer.type !== 'returned') throw new Error(`probe did not return: ${JSON.stringify(answer)}`);
  return replyValue(answer, decode);
}

describe('isolation', () => {
  it.each([
    ['process', `return typeof process`],
    ['require', `return typeof require`],
    ['module loader', `return typeof module + typeof exports + typeof __dirname`],
    ['network', `return typeof fetch + typeof XMLHttpRequest + typeof WebSocket`],
    ['timers', `return typeof setTimeout + typeof setInterval + typeof queueMicrotask`],
    ['Buffer and globals of Node', `return typeof Buffer + typeof global + typeof globalThis.process`],
  ])('learner code sees no %s', async (_what, body) => {
    const seen = await probe(body);
    expect(String(seen)).toMatch(/^(undefined)+$/);
  });

  it.each([
    `this.constructor.constructor('return process')()`,
    `(function () { return this; })().constructor.constructor('return process')()`,
    `({}).constructor.constructor('return process')()`,
    `probe.constructor('return this.process')()`,
    `Object.getPrototypeOf(async function () {}).constructor('return process')()`,
  ])('cannot reach process through %s', async (expression) => {
    const seen = await probe(`try { const p = await (${expression}); return p === undefined ? 'undefined' : 'reached ' + typeof p; } catch (e) { return e.name + ': ' + e.message; }`);
    expect(seen).toMatch(/^(undefined|ReferenceError: process is not defined)$/);
  });

  it('cannot import node:fs, node:child_process or a file', async () => {
    for (const specifier of ['node:fs', 'node:child_process', 'fs', 'file:///etc/passwd', 'data:text/javascript,export default 1']) {
      const seen = await probe(`try { await import(${JSON.stringify(specifier)}); return 'imported'; } catch (e) { return 'refused: ' + e.message; }`);
      expect(seen).toMatch(/^refused/);
    }
  });

  it('cannot read the environment or the host\'s globals through the guest', async () => {
    const seen = await probe(`return Object.getOwnPropertyNames(globalThis).filter((n) => /^(process|require|module|exports|global|Buffer|env|fs|setTimeout|fetch)$/i.test(n))`);
    expect(seen).toEqual([]);
  });
});

describe('limits', () => {
  it('stops an infinite loop at the top level', async () => {
    const { reply } = await load('while (true) {}', ['probe'], 200);
    expect(reply).toEqual({ type: 'timeout', afterMs: 200 });
  });

  it('stops an infinite loop inside a call, then the sandbox is gone', async () => {
    const { box } = await load('function probe() { for (;;) {} }');
    expect((await call(box, [], 200)).type).toBe('timeout');
    expect((await call(box)).type).toBe('crashed');
  });

  it('stops a microtask loop', async () => {
    // Each turn queues the next and returns nothing: a loop that holds no growing chain of promises
    // (one that returned the promise would chain them and could run out of memory before time on a
    // fast machine, a race between two verdicts rather than a test of the time limit).
    const { box } = await load('function probe() { const spin = () => { Promise.resolve().then(spin); }; spin(); return 1; }');
    expect((await call(box, [], 200)).type).toBe('timeout');
  });

  it('stops waiting for a promise that never settles', async () => {
    const { box } = await load('function probe() { return new Promise(() => {}); }');
    const t0 = performance.now();
    expect((await call(box, [], 200)).type).toBe('timeout');
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('caps memory', async () => {
    const { box } = await load('function probe() { const a = []; for (;;) a.push(new Array(100000).fill(1)); }');
    expect((await call(box, [], 10_000)).type).toBe('memory');
  });

  it('counts a run stopped by its time limit with its heap over half full as out of memory, whatever came first', async () => {
    // Filling a heap slows down near its limit, so under load a memory bomb can reach its time
    // limit first; the verdict must not depend on that. Here the heap is filled at once (about
    // 20 MB of 32) and the time limit stops the loop that follows: the cause is still memory.
    const { box } = await load('function probe() { const held = new Array(2_500_000).fill(1.5); for (;;) held[0]++; }');
    expect((await call(box, [], 300)).type).toBe('memory');
    const { box: small } = await load('function probe() { const held = new Array(1000).fill(1.5); for (;;) held[0]++; }');
    expect((await call(small, [], 300)).type).toBe('timeout');
  });

  it('reports a result too large to carry', async () => {
    const { box } = await load("function probe() { return 'x'.repeat(50_000_000); }", ['probe'], 5000);
    const reply = await call(box, [], 5000);
    expect(reply.type === 'too-large' || reply.type === 'memory').toBe(true);
  });

  it('takes a time limit with a fraction of a millisecond (what is left of a run is rarely whole)', async () => {
    const { box } = await load('function probe(x) { return x + 1; }');
    expect(await call(box, [1], 734.2000000476837)).toMatchObject({ type: 'returned', value: 2 });
    expect(await call(box, [2], 0.25, 2)).toMatchObject({ type: 'returned', value: 3 });
  });

  it('stops a loop under a fractional time limit as a timeout, not as a crash', async () => {
    const { box } = await load('function probe() { for (;;) {} }');
    expect(await call(box, [], 150.5)).toMatchObject({ type: 'timeout' });
  });

  it('cancels through an AbortSignal', async () => {
    const { box } = await load('function probe() { for (;;) {} }');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const reply = await box.send({ type: 'call', seq: 1, name: 'probe', args: encode([], DEFAULT_CODEC_LIMITS) }, { timeoutMs: 5000, signal: controller.signal });
    expect(reply.type).toBe('cancelled');
  });
});

describe('every isolate of a host', () => {
  // What a submission gets must not hang on what the process graded before it (isolate-host.ts):
  // odd prototypes, classes, maps, errors, symbols and bigints take encoder paths setup never does.
  it('answers as the first one does, down to paths of the guest its setup never takes', async () => {
    const body = `class Box {}; return [Object.create({ x: 1 }), new Box(), new Map([[1, 2]]), new RangeError('r'), Symbol('s'), 10n];`;
    const replies: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const { box } = await load(`function probe() {\n${body}\n}`);
      replies.push(await call(box));
    }
    expect(replies[0]).toMatchObject({ type: 'returned' });
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
  });
});

describe('an isolate reused by later sandboxes', () => {
  // What one submission leaves in its realm must not reach the next one's (isolate-host.ts).
  it('gives each sandbox a realm of its own: nothing an earlier one changed or left is there', async () => {
    const spoil = `globalThis.left = 'behind'; Object.prototype.polluted = 1; Array.prototype.push = () => 0; JSON.stringify = () => 'x'; Math.max = () => 7; Error.prepareStackTrace = () => 'fake';`;
    const look = `return [typeof left, ({}).polluted, [].push.length, JSON.stringify({ a: 1 }), Math.max(1, 2), typeof Error.prepareStackTrace, String(new Error('e').stack).startsWith('Error: e')];`;
    const fresh = await probe(look);
    expect(fresh).toEqual(['undefined', undefined, 1, '{"a":1}', 2, 'undefined', true]);
    const { box } = await load(`${spoil}\nfunction probe() { return 1; }`);
    expect(await call(box)).toMatchObject({ type: 'returned' });
    box.dispose();
    expect(await probe(look)).toEqual(fresh);
  });

  it('does not keep an earlier sandbox\'s pending promises: they never settle in the next', async () => {
    const { box } = await load(`let resolveLater; globalThis.later = new Promise((r) => { resolveLater = r; }); function probe() { later.then(() => { Object.prototype.settled = true; }); return 1; }`);
    expect(await call(box)).toMatchObject({ type: 'returned' });
    box.dispose();
    expect(await probe(`await null; return ({}).settled;`)).toBeUndefined();
  });

  it('is disposed after a failure, which is counted, and a fresh isolate serves the next sandbox', async () => {
    const counting = createIsolateHost({ reuse: 10 });
    const first = await counting.create({ memoryMb: 32 });
    await first.send({ type: 'load', source: 'function probe() { return 1; }', filename: 'main.js', names: ['probe'] }, { timeoutMs: 1000 });
    first.dispose();
    // The second sandbox gets the first one's isolate, and loops.
    const second = await counting.create({ memoryMb: 32 });
    await second.send({ type: 'load', source: 'function probe() { for (;;) {} }', filename: 'main.js', names: ['probe'] }, { timeoutMs: 1000 });
    expect(await second.send({ type: 'call', seq: 1, name: 'probe', args: encode([], DEFAULT_CODEC_LIMITS) }, { timeoutMs: 50 })).toMatchObject({ type: 'timeout' });
    expect(counting.faultsInReusedIsolates()).toBe(1);
    // A fresh isolate (its first sandbox) that fails is not counted: its verdict is a fresh isolate's.
    const third = await counting.create({ memoryMb: 32 });
    await third.send({ type: 'load', source: 'function probe() { for (;;) {} }', filename: 'main.js', names: ['probe'] }, { timeoutMs: 1000 });
    expect(await third.send({ type: 'call', seq: 1, name: 'probe', args: encode([], DEFAULT_CODEC_LIMITS) }, { timeoutMs: 50 })).toMatchObject({ type: 'timeout' });
    expect(counting.faultsInReusedIsolates()).toBe(1);
  });

  it('holds one live sandbox at a time: two open at once are in isolates of their own', async () => {
    const counting = createIsolateHost({ reuse: 10 });
    const a = await counting.create({ memoryMb: 32 });
    const b = await counting.create({ memoryMb: 32 });
    await a.send({ type: 'load', source: 'function probe() { for (;;) {} }', filename: 'main.js', names: ['probe'] }, { timeoutMs: 1000 });
    await b.send({ type: 'load', source: 'function probe() { return 2; }', filename: 'main.js', names: ['probe'] }, { timeoutMs: 1000 });
    expect(await a.send({ type: 'call', seq: 1, name: 'probe', args: encode([], DEFAULT_CODEC_LIMITS) }, { timeoutMs: 50 })).toMatchObject({ type: 'timeout' });
    // a's isolate is gone with its failure; b's is another, and still answers.
    expect(await b.send({ type: 'call', seq: 1, name: 'probe', args: encode([], DEFAULT_CODEC_LIMITS) }, { timeoutMs: 1000 })).toMatchObject({ type: 'returned' });
    expect(counting.faultsInReusedIsolates()).toBe(0);
    b.dispose();
  });
});

describe('loading', () => {
  it('reports what each needed name is, including const and class bindings', async () => {
    const { reply } = await load('const probe = () => 1; let other = 2; class K {}', ['probe', 'other', 'K', 'absent']);
    expect(reply).toMatchObject({ type: 'loaded', names: { probe: 'function', other: 'not-a-function', K: 'function', absent: 'missing' } });
  });

  it('reports a throw while loading at its line', async () => {
    const { reply } = await load('const a = 1;\nnull.x;\n');
    expect(reply).toMatchObject({ type: 'load-threw', error: { kind: 'error', name: 'TypeError', line: 2 } });
  });

  it('reports a thrown non-Error as a value', async () => {
    const { reply } = await load("throw 'oops';");
    expect(reply).toMatchObject({ type: 'load-threw', error: { kind: 'value', name: 'string', message: 'oops' } });
  });

  it('captures console output with each reply', async () => {
    const { box, reply } = await load("console.log('hello', { a: 1 }); function probe(x) { console.warn('got', x); return x * 2; }");
    expect(reply).toMatchObject({ type: 'loaded', console: [{ level: 'log', text: 'hello { a: 1 }' }] });
    const answer = await call(box, [21]);
    expect(answer).toMatchObject({ type: 'returned', value: 42, console: [{ level: 'warn', text: 'got 21' }] });
  });
});

describe('unhandled promise rejections', () => {
  it('are logged like a browser logs them, and the call still answers', async () => {
    const { box } = await load("function probe() { Promise.reject(new Error('forgotten')); return 'answered'; }");
    const reply = await call(box);
    expect(reply).toMatchObject({ type: 'returned', value: 'answered', console: [{ level: 'error', text: 'Uncaught (in promise) Error: forgotten' }] });
  });

  it('do not lose an async answer either', async () => {
    const { box } = await load("async function probe() { (async () => { throw new TypeError('late'); })(); await null; return 7; }");
    const reply = await call(box);
    expect(reply).toMatchObject({ type: 'returned', value: 7 });
    if (reply.type === 'returned') expect(reply.console.map((c) => c.text)).toContain('Uncaught (in promise) TypeError: late');
  });

  it('at load time do not stop the code from loading', async () => {
    const { reply } = await load("Promise.reject('early'); function probe() { return 1; }");
    expect(reply).toMatchObject({ type: 'loaded', names: { probe: 'function' }, console: [{ level: 'error', text: 'Uncaught (in promise) early' }] });
  });
});

describe('replies to overlapping calls', () => {
  it('each call gets its own reply when an async answer is still pending as the next call arrives', async () => {
    const { box } = await load('async function probe(x) { for (let i = 0; i < 5; i++) await null; return x * 10; }');
    // The tests file (an SDK client) does not wait for one call before making the next.
    const replies = await Promise.all([1, 2, 3, 4].map((x) => call(box, [x], 1000, x)));
    expect(replies.map((r) => r.type === 'returned' && [r.seq, replyValue(r, decode)])).toEqual([[1, 10], [2, 20], [3, 30], [4, 40]]);
  });

  it('each call gets its own reply when unhandled rejections interrupt several pending calls', async () => {
    const { box } = await load("async function probe(x) { Promise.reject(new Error('lost ' + x)); await null; await null; return x; }");
    const replies = await Promise.all([1, 2, 3].map((x) => call(box, [x], 1000, x)));
    expect(replies.map((r) => r.type === 'returned' && [r.seq, replyValue(r, decode)])).toEqual([[1, 1], [2, 2], [3, 3]]);
  });

  it('forgets replies the host has received, so large replies do not pile up in the sandbox', async () => {
    // 40 replies of about 1 MB each would not fit a 32 MB heap if the guest kept them all.
    const { box } = await load("const big = 'x'.repeat(900000); function probe(x) { return big + x; }");
    for (let seq = 1; seq <= 40; seq++) {
      const reply = await call(box, [seq], 5000, seq);
      expect(reply.type, JSON.stringify(reply).slice(0, 200)).toBe('returned');
    }
  });
});

describe('generated cases in one request', () => {
  const cases = (n: number): CaseCall[][] => Array.from({ length: n }, (_, i) => [{ name: 'probe', json: `[${i}]` }]);
  const send = (box: Sandbox, n: number, timeMs: number) => box.send({ type: 'cases', seq: 1, cases: cases(n), budget: 100_000_000, caseBudget: DEFAULT_CODEC_LIMITS.maxChars, timeMs }, { timeoutMs: 20_000 });

  it('answers 200 cases that each throw an Error with a megabyte message within a 32 MB realm (what is kept of each message is a copy, not a slice of it)', async () => {
    const { box } = await load("function probe() { throw new Error('m'.repeat(900000)); }");
    const reply = await send(box, 200, 20_000);
    expect(reply.type, JSON.stringify(reply).slice(0, 200)).toBe('answered');
    if (reply.type === 'answered') expect(reply.answers).toHaveLength(200);
  });

  it('starts no case once timeMs has passed, the first always (the judge sends the rest again)', async () => {
    const { box } = await load('function probe() { const end = Date.now() + 20; while (Date.now() < end); return 1; }');
    const reply = await send(box, 10, 50);
    expect(reply.type).toBe('answered');
    const answered = reply.type === 'answered' ? reply.answers.length : 0;
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(answered).toBeLessThan(10);
  });
});

describe('replies the learner cannot rewrite', () => {
  it('ignores a toJSON planted on Object.prototype', async () => {
    const { box } = await load("Object.prototype.toJSON = function () { return { type: 'returned', seq: 1, value: 'forged', console: [], consoleDropped: 0 }; };\nfunction probe() { return 'real'; }");
    expect(await call(box)).toMatchObject({ type: 'returned', value: 'real' });
  });
});
