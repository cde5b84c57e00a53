import ivm from 'isolated-vm';
import { guestSource, DEFAULT_CODEC_LIMITS, makeEncoder } from '../runner/core/index.ts';
const enc = makeEncoder();
const guest = guestSource();
const src = `function route(msg) { return { jsonrpc: '2.0', id: msg.id, result: { pong: true } }; }`;
const msg = { jsonrpc: '2.0', id: 12, method: 'echo', params: { a: [1, 2, { b: 'x' }], c: 'hello' } };
const cases = Array.from({ length: 200 }, () => [{ name: 'route', json: JSON.stringify([msg]) }]);
const req = JSON.stringify({ type: 'cases', seq: 1, cases, budget: 2_000_000 });
const load = JSON.stringify({ type: 'load', source: src, filename: 'l.js', names: ['route'] });
const warm = `(function(){ var g = globalThis.__guest; if (!g) return; g.handleJsonSync(${JSON.stringify(load)}, ''); for (var i = 0; i < 3; i++) g.handleJsonSync(${JSON.stringify(req)}.replace('"seq":1', '"seq":' + (i + 2)), ''); })();`;
for (const [label, snap] of [['cold snapshot', ivm.Isolate.createSnapshot([{ code: guest, filename: 'g.js' }])], ['warm snapshot', ivm.Isolate.createSnapshot([{ code: guest, filename: 'g.js' }], warm)]] as const) {
  const times: number[] = []; const loads: number[] = [];
  for (let r = 0; r < 40; r++) {
    const isolate = new ivm.Isolate({ memoryLimit: 64, snapshot: snap });
    const ctx = isolate.createContextSync();
    const h = ctx.evalSync('__guest.handleJsonSync', { reference: true }) as ivm.Reference<any>;
    const t1 = performance.now();
    h.applySync(undefined, [load, ''], { result: { copy: true } });
    loads.push(performance.now() - t1);
    const t0 = performance.now();
    const out = h.applySync(undefined, [req, ''], { result: { copy: true } }) as string;
    times.push(performance.now() - t0);
    if (!out.includes('answered')) throw new Error(out.slice(0, 200));
    isolate.dispose();
  }
  times.sort((a, b) => a - b); loads.sort((a, b) => a - b);
  console.log(label, 'load', loads[20]!.toFixed(2), 'cases', times[20]!.toFixed(2), 'ms; snapshot bytes', snap.copy().byteLength);
}
