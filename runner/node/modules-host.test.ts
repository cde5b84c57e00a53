/**
 * An exercise of several files in the Node sandbox: the files import each other by name, a name
 * the tests need comes from whichever file declares it, and a throw's place names its file and
 * line, at load and at call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeDecoder, prepareModules, replyValue, type LearnerFile, type Sandbox } from '../core/index.ts';
import { createIsolateHost } from './isolate-host.ts';

const host = createIsolateHost();
const decode = makeDecoder();
let box: Sandbox | undefined;
afterEach(() => box?.dispose());

async function load(files: LearnerFile[], names: string[]) {
  const prepared = await prepareModules(files, 'js');
  if (!prepared.ok) throw new Error(prepared.message);
  box = await host.create({ memoryMb: 32 });
  return box.send({ type: 'load', modules: prepared.modules, names }, { timeoutMs: 2000 });
}

const TABLE = `export const table = {
  ping: () => ({}),
  fail: () => { throw new Error('table says no'); },
};
export function answer(msg) {
  const handler = table[msg.method];
  return { jsonrpc: '2.0', id: msg.id, result: handler() };
}`;
const STDIO = `import { answer } from './table.js';

export function onLine(line) {
  return JSON.stringify(answer(JSON.parse(line)));
}`;

describe('an exercise of several files in the Node sandbox', () => {
  it('runs files that import each other, and finds each name in the file that declares it', async () => {
    const loaded = await load([{ name: 'table.js', source: TABLE }, { name: 'stdio.js', source: STDIO }], ['onLine', 'answer']);
    expect(loaded).toMatchObject({ type: 'loaded', names: { onLine: 'function', answer: 'function' } });
    const reply = await box!.send({ type: 'call', seq: 1, name: 'onLine', json: JSON.stringify(['{"jsonrpc":"2.0","id":1,"method":"ping"}']) }, { timeoutMs: 1000 });
    if (reply.type !== 'returned') throw new Error(JSON.stringify(reply));
    expect(replyValue(reply, decode)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
  });

  it("places a throw at its file and line, not the caller's", async () => {
    await load([{ name: 'stdio.js', source: STDIO }, { name: 'table.js', source: TABLE }], ['onLine']);
    const reply = await box!.send({ type: 'call', seq: 1, name: 'onLine', json: JSON.stringify(['{"jsonrpc":"2.0","id":1,"method":"fail"}']) }, { timeoutMs: 1000 });
    expect(reply).toMatchObject({ type: 'threw', error: { message: 'table says no', file: 'table.js', line: 3 } });
  });

  it('places a throw while loading at its file and line', async () => {
    const loaded = await load([{ name: 'a.js', source: "import { b } from './b.js';\nexport const a = b + 1;" }, { name: 'b.js', source: '\n\nnull.boom;\nexport const b = 1;' }], ['a']);
    expect(loaded).toMatchObject({ type: 'load-threw', error: { name: 'TypeError', file: 'b.js', line: 3 } });
  });

  it("refuses an import of a name the file does not export, at the importing file's line, as a module's link does", async () => {
    const loaded = await load([{ name: 'a.js', source: "\nimport { nope } from './b.js';\nexport const a = 1;" }, { name: 'b.js', source: 'export const b = 1;' }], ['a']);
    expect(loaded).toMatchObject({ type: 'load-threw', error: { name: 'SyntaxError', message: "The requested module './b.js' does not provide an export named 'nope'", file: 'a.js', line: 2 } });
  });

  it('lets two files import each other (a function reads the other file when it runs)', async () => {
    const loaded = await load(
      [
        { name: 'a.js', source: "import { even } from './b.js';\nexport function odd(n) { return n === 0 ? false : even(n - 1); }" },
        { name: 'b.js', source: "import { odd } from './a.js';\nexport function even(n) { return n === 0 ? true : odd(n - 1); }" },
      ],
      ['even'],
    );
    expect(loaded.type).toBe('loaded');
    const reply = await box!.send({ type: 'call', seq: 1, name: 'even', json: '[10]' }, { timeoutMs: 1000 });
    if (reply.type !== 'returned') throw new Error(JSON.stringify(reply));
    expect(replyValue(reply, decode)).toBe(true);
  });
});
