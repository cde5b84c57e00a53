import { readFileSync } from 'node:fs';
import { createIsolateHost } from '../runner/node/isolate-host.ts';
import { guestSource } from '../runner/core/index.ts';
const host = createIsolateHost({});
const box = await host.create({ memoryMb: 64 });
const src = readFileSync('exercises/sampling-with-progress/solution.js', 'utf8');
console.log((await box.send({ type: 'load', source: src, filename: 'solution.js', names: ['route'] }, { timeoutMs: 2000 })).type);
const msg = (i: number) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'summarize', arguments: { parts: ['a', 'b', 'c', 'd'] }, _meta: { progressToken: 'p' } } });
const sum = { result: { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'j' } };
const cases = Array.from({ length: 200 }, (_, i) => [{ name: 'route', json: JSON.stringify([msg(i), null]), peer: { at: 1, script: { answers: [sum, sum, sum, sum], waitMs: 1000, requestId: i } } }]);
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  const r: any = await box.send({ type: 'cases', seq: k + 1, cases: cases as any, budget: 1e8, caseBudget: 1e6, timeMs: 100000 }, { timeoutMs: 20000 });
  console.log(r.type, r.answers?.length, Math.round(performance.now() - t), 'ms for 200 cases');
}
box.dispose();
process.exit(0);
