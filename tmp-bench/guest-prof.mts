import ivm from 'isolated-vm';
import { writeFileSync } from 'node:fs';
import { guestSource, DEFAULT_CODEC_LIMITS, makeEncoder } from '../runner/core/index.ts';
const enc = makeEncoder();
const guest = guestSource();
const src = `function route(msg) { return { jsonrpc: '2.0', id: msg.id, result: { pong: true } }; }`;
const msg = { jsonrpc: '2.0', id: 12, method: 'echo', params: { a: [1, 2, { b: 'x' }], c: 'hello' } };
const isolate = new ivm.Isolate({ memoryLimit: 64 });
const ctx = isolate.createContextSync();
ctx.evalSync(guest);
const h = ctx.evalSync('__guest.handleJsonSync', { reference: true }) as ivm.Reference<any>;
h.applySync(undefined, [JSON.stringify({ type: 'load', source: src, filename: 'l.js', names: ['route'] }), ''], { result: { copy: true } });
const cases = Array.from({ length: 200 }, () => [{ name: 'route', args: enc([msg], DEFAULT_CODEC_LIMITS) }]);
isolate.startCpuProfiler('p');
for (let i = 0; i < 20; i++) {
  const req = JSON.stringify({ type: 'cases', seq: i + 1, cases, budget: 2_000_000 });
  h.applySync(undefined, [req, ''], { result: { copy: true } });
}
const profiles = await isolate.stopCpuProfiler('p');
writeFileSync('/tmp/guest.cpuprofile', JSON.stringify(profiles[0]!.profile));
