/**
 * Requests a spare worker answers to itself before it is handed to a run. A fresh worker is a
 * fresh V8 isolate: without this, the first calls of every run go through the guest's codec in
 * V8's interpreter, which makes a warm run several times slower than the same run in the page.
 * Each worker does it as it starts, between runs (the host asks for the next worker when a run
 * ends), so the learner's run does not pay for it.
 *
 * The warm-up function is declared with `const` in its own evaluation, so it stays out of the
 * learner's global scope; only the judge's requests could ever call it, by its name.
 */
import { encodeValue, DEFAULT_CODEC_LIMITS, type GuestRequest } from '../core/index.ts';

export interface WarmUp {
  /** JSON of the load request that defines the warm-up function. */
  load: string;
  /** JSON of the call requests, sent `rounds` times over. */
  calls: string[];
  rounds: number;
}

const NAME = '__sandboxWarmUp';

// Shapes like the course's: JSON-RPC envelopes in, envelopes, errors and nothing out.
const SOURCE = `const ${NAME} = function (msg, kind) {
  if (kind === 'throw') throw new TypeError('warm-up ' + msg.method);
  if (kind === 'nothing') return msg.id === undefined ? null : undefined;
  if (kind === 'error') return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found', data: { method: msg.method } } };
  return { jsonrpc: '2.0', id: msg.id, result: { echo: msg.params, list: [1, 'two', null, true, 2.5], when: new Date(0), n: NaN } };
};`;

const MESSAGES: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'echo', params: { msg: 'hello', nested: { list: [1, 2, 3], flag: true } } },
  { jsonrpc: '2.0', method: 'notify', params: [1, 'a', null] },
  { jsonrpc: '2.0', id: 'seven', method: 'missing' },
  { jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
];
const KINDS = ['result', 'error', 'nothing', 'throw'];

/** The warm-up, or undefined when `rounds` is 0. */
export function makeWarmUp(rounds: number): WarmUp | undefined {
  if (rounds <= 0) return undefined;
  const load: GuestRequest = { type: 'load', source: SOURCE, filename: 'warm-up.js', names: [NAME] };
  const calls: string[] = [];
  let seq = -1000;
  for (const message of MESSAGES) {
    for (const kind of KINDS) {
      const request: GuestRequest = { type: 'call', seq: seq--, name: NAME, args: encodeValue([message, kind], DEFAULT_CODEC_LIMITS) };
      calls.push(JSON.stringify(request));
    }
  }
  return { load: JSON.stringify(load), calls, rounds };
}
