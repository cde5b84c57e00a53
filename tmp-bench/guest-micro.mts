import ivm from 'isolated-vm';
import { guestSource, DEFAULT_CODEC_LIMITS, makeEncoder } from '../runner/core/index.ts';
const enc = makeEncoder();
const guest = guestSource();
const snapshot = ivm.Isolate.createSnapshot([{ code: guest, filename: 'g.js' }]);
const src = `
function route(msg) { return { jsonrpc: '2.0', id: msg.id, result: { pong: true } }; }
function nul(msg) { return null; }
function id(msg) { return msg; }
`;
const msg = { jsonrpc: '2.0', id: 12, method: 'echo', params: { a: [1, 2, { b: 'x' }], c: 'hello' } };
function run(label: string, name: string, args: unknown[], n = 200, rounds = 30) {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const isolate = new ivm.Isolate({ memoryLimit: 64, snapshot });
    const ctx = isolate.createContextSync();
    const h = ctx.evalSync('__guest.handleJsonSync', { reference: true }) as ivm.Reference<any>;
    h.applySync(undefined, [JSON.stringify({ type: 'load', source: src, filename: 'l.js', names: ['route', 'nul', 'id'] }), ''], { result: { copy: true } });
    const cases = Array.from({ length: n }, () => [{ name, json: JSON.stringify(args) }]);
    const req = JSON.stringify({ type: 'cases', seq: 1, cases, budget: 2_000_000 });
    const t0 = performance.now();
    const out = h.applySync(undefined, [req, ''], { result: { copy: true } }) as string;
    times.push(performance.now() - t0);
    if (!out.includes('answered')) throw new Error(out.slice(0, 300));
    isolate.dispose();
  }
  times.sort((a, b) => a - b);
  console.log(label.padEnd(40), (times[rounds >> 1]! ).toFixed(2), 'ms for', n);
}
run('nul(1)', 'nul', [1]);
run('nul(msg)', 'nul', [msg]);
run('route(msg)', 'route', [msg]);
run('id(msg)', 'id', [msg]);
run('id(msg) x1000', 'id', [msg], 1000);
