/**
 * The floor for grading many submissions on one thread: fresh isolated-vm isolates per second,
 * each loading a small router and answering 7 calls, with nothing of the judge around it (no
 * tests, matchers, codec or processes). `course grade` does this and more per submission, so its
 * rate per core can approach this figure but not pass it.
 */
import type IsolatedVM from 'isolated-vm';
import { ivm } from '../runner/node/isolated-vm.ts';

const ROUTER = `
const handlers = { ping: () => 'pong', add: (p) => p.a + p.b };
function route(text) {
  const msg = JSON.parse(text);
  if (!('id' in msg)) return 'null';
  const handler = Object.hasOwn(handlers, msg.method) ? handlers[msg.method] : undefined;
  if (!handler) return JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
  return JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: handler(msg.params ?? {}) });
}
globalThis.route = route;
`;

const CALLS = [
  { jsonrpc: '2.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 2, method: 'add', params: { a: 1, b: 2 } },
  { jsonrpc: '2.0', id: 0, method: 'ping' },
  { jsonrpc: '2.0', id: 'x', method: 'nope' },
  { jsonrpc: '2.0', method: 'ping' },
  { jsonrpc: '2.0', id: null, method: 'ping' },
  { jsonrpc: '2.0', id: 3, method: 'add', params: { a: -1, b: 1 } },
].map((m) => JSON.stringify(m));

/** One isolate: create, load the router, 7 calls, dispose. Returns the replies (checked by the caller). */
function oneIsolate(): string[] {
  const isolate = new ivm.Isolate({ memoryLimit: 64 });
  try {
    const context = isolate.createContextSync();
    context.evalSync(ROUTER, { timeout: 1000 });
    const route = context.global.getSync('route', { reference: true }) as IsolatedVM.Reference<(text: string) => string>;
    const replies = CALLS.map((call) => route.applySync(undefined, [call], { timeout: 1000 }) as string);
    route.release();
    context.release();
    return replies;
  } finally {
    isolate.dispose();
  }
}

/** Isolates per second on this thread over about `ms` milliseconds (after a short warm-up). */
export function isolateFloor(ms: number): { perSecond: number; isolates: number } {
  const replies = oneIsolate();
  if (replies[0] !== JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'pong' }) || replies[4] !== 'null') {
    throw new Error(`isolate floor: the router answered wrongly: ${replies.join(' ')}`);
  }
  for (let i = 0; i < 20; i++) oneIsolate();
  const started = performance.now();
  let isolates = 0;
  while (performance.now() - started < ms) {
    oneIsolate();
    isolates++;
  }
  return { perSecond: isolates / ((performance.now() - started) / 1000), isolates };
}
