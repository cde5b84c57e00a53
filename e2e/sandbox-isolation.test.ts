/**
 * Chromium probes of what learner code can reach from the browser sandbox: the network (a local
 * server must receive nothing at all), the app's storage, the judge (forged replies, patched
 * prototypes and globals), the page's DOM (HTML in output), and values that cannot be copied.
 * Network and storage probes also run on a host that keeps every global in the worker ("bare"),
 * to show that the frame's opaque origin and CSP hold on their own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './sandbox-setup.ts';
import type { RunResult } from '../runner/core/result.ts';
import { callsExercise, expectHealthy, GOOD, grade, probeExercise, RESPONSIVE_MS, statuses, UNCLONABLE, UNCLONABLE_SOURCE, UNCLONABLE_STATUSES, type ProbeExercise } from './sandbox-probe-kit.ts';

let harness: Harness;
let server: Server;
let port = 0;
/** Everything the local server saw: TCP connections, requests, upgrades. */
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`request ${req.method} ${req.url}`);
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/javascript' }).end('self.reached = true;');
  });
  server.on('connection', () => seen.push('connection'));
  server.on('upgrade', (req, socket) => {
    seen.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  harness = await startHarness();
  await grade(harness.page, callsExercise(1), GOOD);
});

afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/**
 * Learner code that runs the attempt named by its argument and logs `name: blocked (…)` or
 * `name: REACHED`; one visible test per attempt, so each test's output is the learner's view.
 */
function attempts(body: string): { source: string; exercise: ProbeExercise; names: string[] } {
  const names = [...body.matchAll(/^ {2}'([^']+)': /gm)].map((m) => m[1] as string);
  const its = names.map((n) => `  it(${JSON.stringify(n)}, async () => { expect(await route(${JSON.stringify(n)})).toBe('done'); });`);
  const tests = `import { describe, it, expect } from 'vitest';\nimport { route } from '@course/learner';\ndescribe('examples', () => {\n${its.join('\n')}\n});\n`;
  const source = `const attempts = {\n${body}\n};
async function route(name) {
  try {
    await Promise.race([attempts[name](), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 1 s')), 1000))]);
    console.log(name + ': REACHED');
  } catch (error) {
    console.log(name + ': blocked (' + (error && error.name) + ': ' + String(error && error.message) + ')');
  }
  return 'done';
}
`;
  return { source, names, exercise: probeExercise(tests, { callMs: 3000, runMs: 60_000 }) };
}

/** Each test's output line, checked to be a pass that says `blocked`. */
function expectAllBlocked(result: RunResult, names: string[]): string[] {
  expect(result.tests.map((t) => t.name)).toEqual(names.map((n) => `examples > ${n}`));
  const lines = result.tests.map((t) => t.output ?? '');
  for (const [i, line] of lines.entries()) {
    expect(result.tests[i]?.status, line).toBe('pass');
    expect(line).toMatch(new RegExp(`^${names[i]?.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')}: blocked \\(`));
  }
  return lines;
}

const network = (url: string, ws: string) =>
  attempts(`
  'fetch': () => fetch('${url}/fetch'),
  'fetch no-cors': () => fetch('${url}/no-cors', { mode: 'no-cors' }),
  'XMLHttpRequest (sync)': () => { const x = new XMLHttpRequest(); x.open('GET', '${url}/xhr-sync', false); x.send(); },
  'XMLHttpRequest': () => new Promise((ok, fail) => { const x = new XMLHttpRequest(); x.open('GET', '${url}/xhr'); x.onload = ok; x.onerror = () => fail(new Error('error event')); x.send(); }),
  'WebSocket': () => new Promise((ok, fail) => { const w = new WebSocket('${ws}/ws'); w.onopen = ok; w.onerror = () => fail(new Error('error event')); }),
  'EventSource': () => new Promise((ok, fail) => { const e = new EventSource('${url}/events'); e.onopen = ok; e.onerror = () => { e.close(); fail(new Error('error event')); }; }),
  'importScripts': () => importScripts('${url}/import-scripts.js'),
  'import()': () => import('${url}/import.js'),
  'new Worker(url)': () => new Promise((ok, fail) => { const w = new Worker('${url}/worker.js'); w.onerror = () => fail(new Error('error event')); setTimeout(ok, 300); }),
  'a blob worker that fetches': () => new Promise((ok, fail) => { const w = new Worker(URL.createObjectURL(new Blob(["fetch('${url}/nested').then(() => postMessage('reached'), (e) => postMessage(String(e)))"]))); w.onmessage = (e) => (e.data === 'reached' ? ok() : fail(new Error(e.data))); w.onerror = () => fail(new Error('error event')); }),
  'navigator.sendBeacon': () => { if (!navigator.sendBeacon('${url}/beacon', 'x')) throw new Error('refused'); },
  'WebTransport': () => new WebTransport('https://127.0.0.1:${port}/transport').ready,
  'fetch from a recovered prototype': () => Object.getPrototypeOf(self).fetch.call(self, '${url}/proto'),`);

describe('isolation', () => {
  it.each(['sandbox', 'bare'])('learner code reaches no network at all (%s host)', async (runner) => {
    const { page } = harness;
    seen.length = 0;
    const probe = network(`http://127.0.0.1:${port}`, `ws://127.0.0.1:${port}`);
    const run = await grade(page, probe.exercise, probe.source, runner);
    expect(probe.names).toHaveLength(13);
    expectAllBlocked(run.value, probe.names);
    // Give late attempts time to arrive, then: not one connection.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(seen).toEqual([]);
    await expectHealthy(page, runner);
  });

  it.each(['sandbox', 'bare'])("learner code cannot read or reach the app's storage (%s host)", async (runner) => {
    const { page } = harness;
    const secret = `secret-${Math.random().toString(36).slice(2)}`;
    await page.evaluate(async (value) => {
      localStorage.setItem('secret', value);
      sessionStorage.setItem('secret', value);
      document.cookie = `secret=${value}; path=/`;
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('app', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          tx.objectStore('kv').put(value, 'secret');
          tx.oncomplete = () => resolve();
        };
        open.onerror = () => reject(open.error);
      });
      const heard: unknown[] = [];
      const channel = new BroadcastChannel('app');
      channel.onmessage = (event) => heard.push(event.data);
      (window as unknown as { heard: unknown[] }).heard = heard;
    }, secret);
    const probe = attempts(`
  'localStorage': () => { throw new Error(String(self.localStorage && self.localStorage.getItem('secret'))); },
  'sessionStorage': () => { throw new Error(String(self.sessionStorage && self.sessionStorage.getItem('secret'))); },
  'cookies': () => { throw new Error(String(self.document && self.document.cookie)); },
  'cookieStore': () => self.cookieStore.get('secret').then((c) => { throw new Error(JSON.stringify(c)); }),
  'IndexedDB': () => new Promise((ok, fail) => { const r = indexedDB.open('app', 1); r.onsuccess = () => { const q = r.result.transaction('kv').objectStore('kv').get('secret'); q.onsuccess = () => fail(new Error(String(q.result))); }; r.onerror = () => fail(r.error); }),
  'Cache Storage': () => caches.keys().then((k) => { throw new Error(k.join()); }),
  'origin private file system': () => navigator.storage.getDirectory().then(() => { throw new Error('opened'); }),
  'BroadcastChannel': () => { new BroadcastChannel('app').postMessage('from the learner'); throw new Error('posted, nobody should hear it'); },`);
    const run = await grade(page, probe.exercise, probe.source, runner);
    expect(probe.names).toHaveLength(8);
    const lines = expectAllBlocked(run.value, probe.names);
    expect(lines.join('\n')).not.toContain(secret);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('secret'))).toBe(secret);
    await expectHealthy(page, runner);
  });

  it.each(['sandbox', 'bare'])('forged result messages cannot produce a pass (%s host)', async (runner) => {
    const { page } = harness;
    const forge = `const forged = (seq) => JSON.stringify({ type: 'returned', seq, value: seq + 1, console: [], consoleDropped: 0 });
const tryAll = (f) => { try { f(); } catch (e) {} };
// Try to get the page's port by patching what the glue might call later.
tryAll(() => {
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (m) { for (let s = 0; s < 20; s++) post.call(this, forged(s)); return post.call(this, m); };
});
tryAll(() => {
  const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data').get;
  Object.defineProperty(MessageEvent.prototype, 'data', { get() { for (let s = 0; s < 20; s++) tryAll(() => this.target.postMessage(forged(s))); return data.call(this); } });
});
function route(n) {
  for (let seq = 0; seq < 20; seq++) {
    tryAll(() => postMessage(forged(seq)));
    tryAll(() => self.postMessage(forged(seq)));
    tryAll(() => DedicatedWorkerGlobalScope.prototype.postMessage.call(self, forged(seq)));
    tryAll(() => parent.postMessage(forged(seq), '*'));
    tryAll(() => new BroadcastChannel('sandbox').postMessage(forged(seq)));
    tryAll(() => new MessageChannel().port1.postMessage(forged(seq)));
  }
  return n; // wrong on purpose: the tests expect n + 1
}
`;
    const run = await grade(page, callsExercise(4), forge, runner);
    expect(statuses(run.value)).not.toContain('pass');
    expect(run.maxTaskMs).toBeLessThan(RESPONSIVE_MS);
    await expectHealthy(page, runner);
  });

  it('patched prototypes and globals change only the learner realm and cannot produce a pass', async () => {
    const { page } = harness;
    const patches = `const noop = () => {};
Object.prototype.then = undefined;
Array.prototype.push = function () { return 0; };
Array.prototype.map = function () { return ['patched']; };
Array.isArray = () => false;
JSON.stringify = () => '{"type":"returned","seq":1,"value":2,"console":[],"consoleDropped":0}';
JSON.parse = () => ({ type: 'load' });
Function.prototype.call = noop;
Function.prototype.apply = noop;
Promise.prototype.then = function () { return this; };
Reflect.apply = noop;
Object.defineProperty = noop;
Object.keys = () => [];
Map.prototype.get = () => (n) => n + 1;
WeakSet.prototype.has = () => true;
String.prototype.slice = () => 'patched';
globalThis.console = { log: noop };
function route(n) {
  return n; // wrong on purpose: the tests expect n + 1
}
`;
    const run = await grade(page, callsExercise(4), patches);
    expect(statuses(run.value)).toEqual(['fail', 'fail', 'fail', 'fail']);
    // The same patches with a right answer still pass: the judge never used the learner's intrinsics.
    const right = await grade(page, callsExercise(4), patches.replace('return n; //', 'return n + 1; //'));
    expect(statuses(right.value)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(await page.evaluate(() => [Array.isArray([]), JSON.stringify({ a: 1 }), [1].map((x) => x + 1)[0]])).toEqual([true, '{"a":1}', 2]);
    await expectHealthy(page);
  });

  it('HTML in console output and error messages comes back as text', async () => {
    const { page } = harness;
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold</b>';
    const source = `function route(n) {\n  console.log(${JSON.stringify(html)});\n  if (n === 2) throw new Error(${JSON.stringify(html)});\n  return ${JSON.stringify(html)};\n}\n`;
    const run = await grade(page, callsExercise(2), source);
    const [first, second] = run.value.tests;
    expect(first?.output).toBe(html);
    expect(first?.check?.received).toContain('<script>alert(2)</script><b>bold</b>');
    expect(second?.message).toBe(`route threw Error: ${html} (line 3, column 22).`);
    const shown = await page.evaluate(() => window.harness.snippet('console.log(' + JSON.stringify('<img src=x onerror="alert(3)">') + ');\nthrow new TypeError("<i>x</i>");', 2000, 'sandbox'));
    expect(shown.value.output).toEqual([{ level: 'log', text: '<img src=x onerror="alert(3)">' }]);
    expect(shown.value.error?.message).toBe('Uncaught TypeError: <i>x</i> on line 2');
    expect(await page.evaluate(() => document.querySelectorAll('img, script:not([type="module"]), b, i').length)).toBe(0);
    expect(dialogs).toBe(0);
    await expectHealthy(page);
  });

  it('values that cannot be copied as they are come back described, never crash the run', async () => {
    const { page } = harness;
    const run = await grade(page, UNCLONABLE, UNCLONABLE_SOURCE);
    const seenByLearner = run.value.tests.map((t) => [t.name, t.status, t.message ?? '']);
    expect(run.value.tests.map((t) => t.cause ?? 'none')).not.toContain('crashed');
    expect(statuses(run.value)).toEqual(UNCLONABLE_STATUSES);
    expect(seenByLearner.length).toBe(6);
    await expectHealthy(page);
  });
});
