/**
 * The codec as it really runs: injected by source text into a bare V8 context (isolated-vm),
 * created before "learner" code, which then patches every global and prototype it can. The
 * results must match what the same values give in this (clean) realm, byte for byte.
 */
import type IsolatedVM from 'isolated-vm';
import { ivm } from '../../node/isolated-vm.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeValue, encodeValue, makeDecoder, makeEncoder, makeJsonWriter } from './index.ts';
import { DEFAULT_CODEC_LIMITS } from './types.ts';

// Built in both realms from this source, so it must be self-contained too.
function buildValue(): unknown {
  class Foo { a = 1; }
  const NotAllowed = TypeError; // the getter runs after the learner replaced the global
  const shared = { shared: true };
  const holey: unknown[] & { extra?: string } = [1, , shared];
  holey.extra = 'x';
  const error = new RangeError('out of range', { cause: shared });
  (error as { code?: number }).code = 7;
  error.stack = 'RangeError: out of range\n    at fixed (main.js:1:1)';
  const cycle: Record<string, unknown> = { name: 'loop' };
  cycle.self = cycle;
  const nullProto = Object.create(null);
  nullProto.k = 'v';
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  return {
    primitives: ['s', 1.5, true, null, undefined, -0, NaN, Infinity, -Infinity, 12345678901234567890n],
    symbols: [Symbol.for('registered'), Symbol.iterator, Symbol('unique')],
    symbolKeyed: { [Symbol.for('k')]: 1, [Symbol.toStringTag]: 'Tagged' },
    foo: new Foo(),
    nullProto,
    holey,
    shared,
    cycle,
    map: new Map<unknown, unknown>([['a', 1], [shared, [2]]]),
    set: new Set([1, 'two', shared]),
    dates: [new Date(0), new Date(NaN)],
    regexp: /a.b/giu,
    error,
    typed: [new Uint8Array([1, 2, 255]), new Float32Array([0.5, NaN, -0]), new BigInt64Array([-3n]), new Uint16Array([258]).buffer,
      new DataView(new Uint8Array([1, 2, 3]).buffer, 1)],
    functions: [function route() {}, class Router {}, async function later() {}],
    promise: Promise.resolve(1),
    getter: Object.defineProperty({}, 'computed', { get: () => 42, enumerable: true }),
    throwing: Object.defineProperty({}, 'bad', { get: () => { throw new NotAllowed('nope'); }, enumerable: true }),
    revoked: revocable.proxy,
    hidden: Object.defineProperty({ shown: 1 }, 'hidden', { value: 2, enumerable: false }),
  };
}

// What a hostile (or just careless) learner script might do before returning a value.
const PATCH_EVERYTHING = `(function () {
  var E = Error;
  var thrower = function () { throw new E('patched intrinsic was used'); };
  var defineProperty = Object.defineProperty;
  var setProto = Object.setPrototypeOf;
  var getProto = Object.getPrototypeOf;
  var ObjectProto = Object.prototype;
  var ArrayProto = Array.prototype;
  // Null prototype: once Object.prototype.get/value are patched, a plain literal would not do.
  var desc = Object.create(null);
  desc.get = thrower;
  desc.set = thrower;
  desc.configurable = true;
  var replace = function (target, names) {
    for (var i = 0; i < names.length; i++) defineProperty(target, names[i], desc);
  };
  var TypedArrayProto = getProto(Uint8Array.prototype);
  var MapIteratorProto = getProto(new Map().entries());
  var ArrayIteratorProto = getProto([][Symbol.iterator]());
  replace(Array.prototype, ['map', 'push', 'forEach', 'slice', 'concat', 'join', 'filter', 'indexOf', 'includes', 'pop',
    'splice', 'fill', 'reduce', 'keys', 'entries', 'values', Symbol.iterator, 'constructor', '0', '1', '2', '3', '4', '5',
    '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
  replace(ArrayIteratorProto, ['next']);
  replace(MapIteratorProto, ['next']);
  replace(Object.prototype, ['toString', 'hasOwnProperty', 'propertyIsEnumerable', 'valueOf', 'toJSON', 'constructor',
    '$', 'id', 'items', 'props', 'cls', 'v', 'key', 'kind', 'name', 'message', 'stack', 'entries', 'source', 'flags',
    'value', 'get', 'set', 'writable', 'enumerable', 'configurable', 'length', 'reason', '0', '1', '2', '3', '4', '5',
    Symbol.iterator, Symbol.toPrimitive, Symbol.toStringTag]);
  replace(String.prototype, ['slice', 'repeat', 'startsWith', 'charAt', 'charCodeAt', 'substring', 'indexOf', 'split',
    'replace', 'toString', 'valueOf', 'concat', 'padStart', Symbol.iterator]);
  replace(Symbol.prototype, ['toString', 'valueOf', 'description', Symbol.toPrimitive]);
  replace(Number.prototype, ['toString', 'valueOf', 'toFixed']);
  replace(BigInt.prototype, ['toString', 'valueOf']);
  replace(Function.prototype, ['call', 'apply', 'bind', 'toString']);
  replace(Map.prototype, ['get', 'set', 'has', 'forEach', 'entries', 'keys', 'values', 'clear', 'size', Symbol.iterator]);
  replace(Set.prototype, ['add', 'has', 'forEach', 'entries', 'keys', 'values', 'clear', 'size', Symbol.iterator]);
  replace(Date.prototype, ['getTime', 'toISOString', 'toJSON', 'valueOf', 'toString']);
  replace(RegExp.prototype, ['source', 'flags', 'global', 'ignoreCase', 'unicode', 'exec', 'test', 'toString']);
  replace(Error.prototype, ['toString', 'name', 'message']);
  replace(TypedArrayProto, ['length', Symbol.toStringTag, Symbol.iterator, 'subarray', 'slice']);
  replace(ArrayBuffer.prototype, ['byteLength', 'slice']);
  replace(DataView.prototype, ['buffer', 'byteOffset', 'byteLength']);
  replace(Object, ['keys', 'values', 'entries', 'getOwnPropertyNames', 'getOwnPropertySymbols', 'getOwnPropertyDescriptor',
    'getOwnPropertyDescriptors', 'getPrototypeOf', 'setPrototypeOf', 'create', 'assign', 'hasOwn', 'is', 'freeze']);
  replace(Reflect, ['ownKeys', 'apply', 'getPrototypeOf', 'getOwnPropertyDescriptor', 'get', 'has', 'construct', 'setPrototypeOf']);
  replace(Array, ['isArray', 'from', 'of']);
  replace(JSON, ['stringify', 'parse']);
  replace(Symbol, ['keyFor', 'for']);
  replace(Error, ['prepareStackTrace', 'captureStackTrace']);
  replace(globalThis, ['Map', 'Set', 'Error', 'TypeError', 'Reflect', 'Object', 'Array', 'JSON', 'Symbol', 'String', 'Date',
    'RegExp', 'BigInt', 'Promise', 'Uint8Array', 'ArrayBuffer', 'DataView']);
  // A proxy under Array.prototype: any property not found on an array runs learner code.
  setProto(ArrayProto, new Proxy(ObjectProto, { get: thrower, set: thrower, has: thrower }));
})();`;

const LIMITS = JSON.stringify(DEFAULT_CODEC_LIMITS);

describe('the codec inside a hostile isolated-vm realm', () => {
  let isolate: IsolatedVM.Isolate;
  let context: IsolatedVM.Context;

  beforeAll(async () => {
    isolate = new ivm.Isolate({ memoryLimit: 32 });
    context = await isolate.createContext();
    // The guest agent's part: factories defined and called before any learner code.
    await context.eval(`
      var makeEncoder = ${makeEncoder.toString()};
      var makeDecoder = ${makeDecoder.toString()};
      var encode = makeEncoder();
      var decode = makeDecoder();
      var makeJsonWriter = ${makeJsonWriter.toString()};
      var writeJson = makeJsonWriter();
      var parse = JSON.parse;
      var buildValue = ${buildValue.toString()};
    `);
    // The learner's part: build values, then patch everything.
    await context.eval(`
      var learnerValue = buildValue();
      var learnerArray = [1, 2, 3];
      var learnerHuge = { big: new Array(100000000) };
      ${PATCH_EVERYTHING}
    `);
  });

  afterAll(() => {
    isolate?.dispose();
  });

  it('uses no helper that only exists in this module (__name, _defineProperty, ...)', () => {
    for (const source of [makeEncoder.toString(), makeDecoder.toString(), makeJsonWriter.toString()]) {
      expect(source).not.toMatch(/__name|_defineProperty|__publicField|_classPrivate|__esModule/);
    }
  });

  it('the patches really are in place (a test of the test)', async () => {
    await expect(context.eval('[1].map(function (x) { return x; })')).rejects.toThrow(/patched intrinsic/);
    await expect(context.eval('Object.keys({})')).rejects.toThrow(/patched intrinsic/);
    await expect(context.eval('var probe = []; probe[0] = 1')).rejects.toThrow(/patched intrinsic/);
    // Which is why results leave through writeJson: JSON.stringify would run Object.prototype.toJSON.
    await expect(context.eval('JSON')).rejects.toThrow(/patched intrinsic/);
    await expect(context.eval('parse.call(null, "1")')).rejects.toThrow(/patched intrinsic/);
  });

  it('encodes every kind of value exactly as a clean realm does', async () => {
    const json = await context.eval(`writeJson(encode(learnerValue, ${LIMITS}))`) as string;
    expect(json).toBe(JSON.stringify(encodeValue(buildValue(), DEFAULT_CODEC_LIMITS)));
    // And the judge decodes it (unique symbols make a strict comparison of two decodes moot).
    const back = decodeValue(JSON.parse(json)) as { foo: object; cycle: { self: unknown } };
    expect(back.foo.constructor.name).toBe('Foo');
    expect(back.cycle.self).toBe(back.cycle);
  });

  it('still reports results that are too large', async () => {
    const message = await context.eval(`
      (function () {
        try { encode(learnerHuge, ${LIMITS}); return 'no error'; }
        catch (e) { return e.message; }
      })()
    `);
    expect(message).toMatch(/^result too large: .*1000000 characters/);
  });

  it('gives its result through structured clone (no toJSON involved)', async () => {
    const copied = await context.eval(`encode(learnerArray, ${LIMITS})`, { copy: true });
    expect(copied).toEqual({ $: 'array', id: 0, items: [1, 2, 3] });
  });

  it('decodes arguments correctly (re-encoding gives the same tree)', async () => {
    const args = [{ jsonrpc: '2.0', id: -0, method: 'tools/call', params: { n: NaN, big: 2n ** 70n, list: [1, , 3] } },
      new Map([['k', new Set([Symbol.for('s'), Symbol('u'), Symbol.asyncIterator])]]), new Date(86_400_000), /x/y,
      new TypeError('bad', { cause: 'why' }), new Float64Array([1, -0]), Object.create(null), undefined];
    const shared = { both: true };
    const cyclic: Record<string, unknown> = { a: shared, b: shared };
    cyclic.me = cyclic;
    args.push(cyclic);
    const input = JSON.stringify(encodeValue(args, DEFAULT_CODEC_LIMITS));
    const output = await context.eval(`writeJson(encode(decode(parse(${JSON.stringify(input)})), ${LIMITS}))`);
    // One known loss before V8 13 (Node 24): with Error.prepareStackTrace hijacked, V8 will not
    // let the decoder set a decoded error's stack, so it stays the realm's own (unreadable) one
    // and is left out. Newer V8 sets it, and then it must be the one sent.
    const expected = JSON.parse(input);
    if (!(JSON.parse(output as string) as typeof expected).items[4].stack) delete expected.items[4].stack;
    expect(output).toBe(JSON.stringify(expected));
  });

  it('rejects malformed arguments with the path', async () => {
    const message = await context.eval(`
      (function () {
        try { decode(parse('{"$":"array","id":0,"items":[{"$":"ref","id":5}]}')); return 'no error'; }
        catch (e) { return e.message; }
      })()
    `);
    expect(message).toBe('malformed encoded value at $.items[0]: ref to unknown id 5');
  });
});
