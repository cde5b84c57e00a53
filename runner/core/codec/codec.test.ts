import { describe, expect, it } from 'vitest';
import { decodeValue, encodeValue, TooDeep, Unreadable } from './index.ts';
import { DEFAULT_CODEC_LIMITS, type CodecLimits, type Encoded } from './types.ts';

const L = DEFAULT_CODEC_LIMITS;
const roundTrip = (value: unknown, limits: CodecLimits = L): unknown =>
  // Through JSON text, as between realms: the tree must be JSON-safe.
  decodeValue(JSON.parse(JSON.stringify(encodeValue(value, limits))) as Encoded);

class Foo {
  a = 1;
  b = { c: [2] };
}
class Point {
  constructor(public x: number, public y: number) {}
}

const sym = Symbol('unique-one');
const sparse = [1, , 3];
const withExtras = Object.assign([1, 2], { label: 'x', [Symbol.for('tag')]: true });
const error = Object.assign(new RangeError('out of range', { cause: new Error('root') }), { code: 42 });

// Values that must come back structurally identical (vitest's toStrictEqual).
const strictCases: [string, unknown][] = [
  ['a string', 'héllo "quoted" \n'],
  ['a finite number', 3.25],
  ['zero', 0],
  ['true', true],
  ['null', null],
  ['undefined', undefined],
  ['negative zero', -0],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
  ['a bigint', 123456789012345678901234567890n],
  ['a negative bigint', -5n],
  ['a registered symbol', Symbol.for('app.key')],
  ['a well-known symbol', Symbol.asyncIterator],
  ['a plain object with undefined members', { a: undefined, b: [undefined], c: { d: null } }],
  ['a nested JSON-RPC envelope', { jsonrpc: '2.0', id: 0, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } }],
  ['an array with holes', sparse],
  ['an array with extra string and symbol props', withExtras],
  ['an object with symbol keys', { [Symbol.for('s')]: 1, [Symbol.hasInstance]: 2, plain: 3 }],
  ['an object with a __proto__ own key', JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}')],
  ['a null-prototype object', Object.assign(Object.create(null), { a: 1 })],
  ['a Map with object keys', new Map<unknown, unknown>([[{ k: 1 }, 'v'], ['s', new Set([1, 2])]])],
  ['a Set', new Set(['a', 1, null])],
  ['a Date', new Date('2024-02-29T12:34:56.789Z')],
  ['an invalid Date', new Date(NaN)],
  ['a RegExp', /a+b?\/c/gimsuy],
  ['a RegExp with the d and v flags', new RegExp('[\\p{L}--[a-z]]', 'dv')],
  ['an Error with cause and extra props', error],
  ['a TypeError', new TypeError('bad type')],
  ['an AggregateError', new AggregateError([new Error('one')], 'many')],
  ['a Uint8Array', new Uint8Array([0, 1, 255])],
  ['a Float64Array with special numbers', new Float64Array([1.5, NaN, -0, Infinity, -Infinity])],
  ['a BigInt64Array', new BigInt64Array([-1n, 2n ** 62n])],
  ['an ArrayBuffer', new Uint16Array([1, 513]).buffer],
  ['a DataView', new DataView(new Uint8Array([9, 8, 7, 6]).buffer, 1, 2)],
];

describe('round trip: values that come back identical', () => {
  it.each(strictCases)('%s', (_name, value) => {
    expect(roundTrip(value)).toStrictEqual(value);
  });

  it('keeps -0 and NaN exactly (Object.is), not just "equal"', () => {
    const [minusZero, nan] = roundTrip([-0, NaN]) as number[];
    expect(Object.is(minusZero, -0)).toBe(true);
    expect(Number.isNaN(nan)).toBe(true);
  });

  it('keeps holes as holes, not undefined', () => {
    const back = roundTrip(sparse) as unknown[];
    expect(1 in back).toBe(false);
    expect(back).toHaveLength(3);
  });

  it('restores cycles and shared references as the same objects', () => {
    const shared = { n: 1 };
    const root: Record<string, unknown> = { a: shared, b: shared, list: [shared] };
    root.self = root;
    const back = roundTrip(root) as typeof root & { a: object; list: object[] };
    expect(back.self).toBe(back);
    expect(back.b).toBe(back.a);
    expect(back.list[0]).toBe(back.a);
    expect(back).toStrictEqual(root);
  });

  it('restores a Map that contains itself and an error whose cause is itself', () => {
    const map = new Map<unknown, unknown>();
    map.set('me', map);
    const err = new Error('loop');
    (err as { cause?: unknown }).cause = err;
    const [m, e] = roundTrip([map, err]) as [Map<string, unknown>, Error];
    expect(m.get('me')).toBe(m);
    expect(e.cause).toBe(e);
  });

  it('maps the same unique symbol to one new symbol with the same description', () => {
    const back = roundTrip({ a: sym, b: sym, [sym]: 'keyed' }) as Record<string | symbol, unknown>;
    expect(typeof back.a).toBe('symbol');
    expect(back.a).not.toBe(sym);
    expect(back.b).toBe(back.a);
    expect((back.a as symbol).description).toBe('unique-one');
    expect(back[back.a as symbol]).toBe('keyed');
  });

  it('decodes standard errors as their real classes, with message, stack and props', () => {
    const back = roundTrip(error) as RangeError & { code: number; cause: Error };
    expect(back).toBeInstanceOf(RangeError);
    expect(back.message).toBe('out of range');
    expect(back.stack).toBe(error.stack);
    expect(back.code).toBe(42);
    expect(back.cause).toBeInstanceOf(Error);
    expect(Object.keys(back)).toEqual(['code']); // cause stays non-enumerable, as natively
  });

  it('keeps a custom error name on a plain Error', () => {
    class ValidationError extends Error {
      override name = 'ValidationError';
    }
    const back = roundTrip(new ValidationError('nope')) as Error;
    expect(back).toBeInstanceOf(Error);
    expect(back.name).toBe('ValidationError');
    expect(String(back)).toBe('ValidationError: nope');
  });

  it('skips non-enumerable own props of plain objects, like JSON', () => {
    const value = Object.defineProperty({ shown: 1 }, 'hidden', { value: 2, enumerable: false });
    expect(roundTrip(value)).toStrictEqual({ shown: 1 });
  });

  it('reads accessor properties by calling the getter', () => {
    let calls = 0;
    const value = { get lazy() { calls++; return 'computed'; } };
    expect(roundTrip(value)).toStrictEqual({ lazy: 'computed' });
    expect(calls).toBe(1);
  });
});

describe('class instances', () => {
  it('get a same-named class: printed as the class, toEqual passes, toStrictEqual fails', () => {
    const back = roundTrip(new Foo());
    expect(back?.constructor.name).toBe('Foo');
    expect(back).toEqual({ a: 1, b: { c: [2] } });
    expect(back).not.toStrictEqual({ a: 1, b: { c: [2] } });
    expect(() => expect(back).toStrictEqual({ a: 1, b: { c: [2] } })).toThrow(/Foo/);
  });

  it('two decoded instances of one class are strictly equal', () => {
    expect(roundTrip(new Point(1, 2))).toStrictEqual(roundTrip(new Point(1, 2)));
    expect(roundTrip(new Point(1, 2))).not.toEqual(roundTrip(new Point(1, 3)));
  });

  it('report cls in the encoded form, null for plain and null-prototype objects', () => {
    expect(encodeValue(new Point(0, 0), L)).toMatchObject({ $: 'object', cls: 'Point' });
    expect(encodeValue({}, L)).toMatchObject({ $: 'object', cls: null });
    expect(encodeValue(Object.create(null), L)).toMatchObject({ $: 'object', cls: null, nullProto: true });
    // An object whose prototype chain has no own constructor still encodes.
    expect(encodeValue(Object.create(Object.create(null)), L)).toMatchObject({ $: 'object', cls: null });
  });

  it('reads the class name without running a constructor getter', () => {
    const proto = Object.defineProperty({}, 'constructor', { get() { throw new Error('trap'); } });
    expect(encodeValue(Object.create(proto), L)).toMatchObject({ $: 'object', cls: null, props: [] });
  });
});

describe('functions and promises', () => {
  it('encode name, class-ness and async-ness without calling them', () => {
    let called = false;
    const fns = [function route() { called = true; }, class Router {}, async () => { called = true; }, async function* gen() {}];
    expect(encodeValue(fns, L)).toMatchObject({
      items: [
        { $: 'function', name: 'route', isClass: false, isAsync: false },
        { $: 'function', name: 'Router', isClass: true, isAsync: false },
        { $: 'function', name: '', isClass: false, isAsync: true },
        { $: 'function', name: 'gen', isClass: false, isAsync: true },
      ],
    });
    expect(called).toBe(false);
  });

  it('does not mistake a method named like "classify" for a class', () => {
    const obj = { classify() {} };
    expect(encodeValue(obj.classify, L)).toMatchObject({ isClass: false, name: 'classify' });
  });

  it('decode to a same-named function that refuses to run', () => {
    const back = roundTrip({ handler: function onMessage() {} }) as { handler: () => void };
    expect(back.handler.name).toBe('onMessage');
    expect(() => back.handler()).toThrow('this function came from your code and cannot be called by the tests');
  });

  it('encode a nested promise as a promise', () => {
    const back = roundTrip({ pending: Promise.resolve(1) }) as { pending: unknown };
    expect(back.pending).toBeInstanceOf(Promise);
  });
});

describe('unreadable values', () => {
  it('a throwing getter becomes Unreadable with the error name and message', () => {
    const value = { ok: 1, get broken() { throw new TypeError('no access'); } };
    expect(encodeValue(value, L)).toMatchObject({
      props: [['ok', 1], ['broken', { $: 'unreadable', reason: 'getter threw TypeError: no access' }]],
    });
    const back = roundTrip(value) as { broken: unknown };
    expect(back.broken).toBeInstanceOf(Unreadable);
    expect(back.broken).toStrictEqual(new Unreadable('getter threw TypeError: no access'));
    // A test expecting a real value fails with a readable diff naming the marker.
    expect(() => expect(back).toEqual({ ok: 1, broken: 2 })).toThrow(/Unreadable/);
  });

  it('a getter throwing a non-error, or an error with hostile members, is still described', () => {
    const hostile = { get name(): string { throw new Error('again'); }, message: 7 };
    const value = { get a() { throw 'plain text'; }, get b() { throw hostile; }, get c() { throw null; } };
    const props = (encodeValue(value, L) as { props: [string, { reason: string }][] }).props;
    expect(props.map(([, v]) => v.reason)).toEqual([
      'getter threw the string "plain text"',
      'getter threw Error: ',
      'getter threw the value null',
    ]);
  });

  it('a proxy whose traps throw is unreadable where the trap ran', () => {
    const boom = () => { throw new Error('trap!'); };
    const value = {
      noKeys: new Proxy({}, { ownKeys: boom }),
      noGet: new Proxy({ x: 1 }, { get: boom }),
      noProto: new Proxy({}, { getPrototypeOf: boom }),
      noDesc: new Proxy({ x: 1 }, { getOwnPropertyDescriptor: boom }),
    };
    expect(encodeValue(value, L)).toMatchObject({
      props: [
        ['noKeys', { $: 'unreadable', reason: 'listing its keys threw Error: trap!' }],
        ['noGet', { props: [['x', { $: 'unreadable', reason: 'reading it threw Error: trap!' }]] }],
        ['noProto', { $: 'unreadable', reason: 'reading its prototype threw Error: trap!' }],
        ['noDesc', { props: [['x', { $: 'unreadable', reason: 'reading it threw Error: trap!' }]] }],
      ],
    });
  });

  it('a revoked proxy is unreadable, and a working proxy reads like its target', () => {
    const { proxy, revoke } = Proxy.revocable({ a: 1 }, {});
    const live = new Proxy({ a: 1 }, { get: (t, k) => (k === 'a' ? 2 : Reflect.get(t, k)) });
    revoke();
    expect(roundTrip({ proxy, live })).toStrictEqual({ proxy: new Unreadable('it is a revoked proxy'), live: { a: 2 } });
  });

  it('an array proxy lying about its length is unreadable', () => {
    const liar = new Proxy([], { get: (t, k) => (k === 'length' ? -1 : Reflect.get(t, k)) });
    expect(encodeValue(liar, L)).toEqual({ $: 'unreadable', reason: 'its length is not a valid array length' });
  });
});

describe('limits', () => {
  const tooLarge = /^result too large: .*1000000 characters/;

  it('rejects a 50 MB string without walking it', () => {
    expect(() => encodeValue('x'.repeat(50_000_000), L)).toThrow(tooLarge);
  });

  it('rejects a 100-million-element array at once', () => {
    expect(() => encodeValue(new Array(100_000_000), L)).toThrow(tooLarge);
  });

  it('rejects a proxy whose ownKeys reports a million keys', () => {
    const keys = Array.from({ length: 1_000_000 }, (_, i) => 'k' + i);
    const wide = new Proxy({}, {
      ownKeys: () => keys,
      getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }),
    });
    expect(() => encodeValue(wide, L)).toThrow(tooLarge);
  });

  it('rejects a huge Map, Set and typed array', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => i);
    expect(() => encodeValue(new Map(many.map((i) => [i, i])), L)).toThrow(tooLarge);
    expect(() => encodeValue(new Set(many.map((i) => 'item' + i)), L)).toThrow(tooLarge);
    expect(() => encodeValue(new Float64Array(1_000_000), L)).toThrow(tooLarge);
  });

  it('rejects many small values that add up (each counts)', () => {
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => ['key' + i, 'value' + i]));
    expect(() => encodeValue(wide, L)).toThrow(tooLarge);
    expect(() => encodeValue(wide, { maxChars: 5_000_000, maxDepth: 10 })).not.toThrow();
  });

  const samples: [string, unknown][] = [
    ['an envelope', { jsonrpc: '2.0', id: 123456, result: { ok: true, n: -1.5e-300, list: [1, 22, 333, 4444] } }],
    ['special numbers', [NaN, -0, Infinity, -Infinity, 2 ** 53, -(2 ** 31), 10n ** 30n, undefined, null]],
    ['containers', [new Map([[{}, []]]), new Set([{ a: 1 }]), new Date(0), /x/g, new Error('e'), [, 1], Object.create(null)]],
    ['typed data', [new Float64Array([Math.PI, -Math.E]), new Uint8Array([255, 0]).buffer, new BigUint64Array([2n ** 64n - 1n])]],
    ['symbols, refs and functions', (() => { const o = { s: Symbol('d'), w: Symbol.iterator, f: () => 1 }; return [o, o, o]; })()],
    ['many ids', Array.from({ length: 2000 }, (_, i) => ({ i }))],
  ];
  it.each(samples)('never undercounts the JSON length of %s (strings without escapes)', (_name, value) => {
    const actual = JSON.stringify(encodeValue(value, { maxChars: 10_000_000, maxDepth: 200 })).length;
    expect(() => encodeValue(value, { maxChars: actual - 1, maxDepth: 200 })).toThrow(/^result too large/);
    // ... and does not overcount wildly either.
    expect(() => encodeValue(value, { maxChars: actual * 3 + 200, maxDepth: 200 })).not.toThrow();
  });

  it('cuts nesting past maxDepth into too-deep, and decodes it as TooDeep', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 5_000; i++) deep = { d: deep };
    let back = roundTrip(deep, { maxChars: 1_000_000, maxDepth: 200 }) as Record<string, unknown>;
    let levels = 0;
    while (!(back instanceof TooDeep)) {
      back = back.d as Record<string, unknown>;
      levels++;
    }
    expect(levels).toBe(200);
  });

  it('counts arrays, maps and sets as nesting levels too', () => {
    const value = [new Map([['k', new Set([{ x: 1 }])]])];
    expect(roundTrip(value, { maxChars: 1000, maxDepth: 3 })).toStrictEqual([new Map([['k', new Set([new TooDeep()])]])]);
  });

  it('refuses nonsense limits with a message naming the fix', () => {
    expect(() => encodeValue(1, { maxChars: 0, maxDepth: 1 })).toThrow(/DEFAULT_CODEC_LIMITS/);
  });

  it('frees the encoder after a too-large failure (the next call works)', () => {
    expect(() => encodeValue('x'.repeat(2_000_000), L)).toThrow(tooLarge);
    expect(encodeValue({ a: [1] }, L)).toEqual({ $: 'object', id: 0, cls: null, props: [['a', { $: 'array', id: 1, items: [1] }]] });
  });
});

describe('decodeValue rejects malformed input', () => {
  const bad: [string, unknown, string][] = [
    ['an unknown kind', { $: 'nope' }, '$: unknown kind "nope"'],
    ['a bare array', [1, 2], '$: a bare array'],
    ['a missing tag', { id: 1 }, '$: expected an encoded value'],
    ['a function value', () => 1, '$: expected an encoded value'],
    ['a ref to an unknown id', { $: 'array', id: 0, items: [{ $: 'ref', id: 9 }] }, '$.items[0]: ref to unknown id 9'],
    ['a duplicate id', { $: 'array', id: 0, items: [{ $: 'array', id: 0, items: [] }] }, '$.items[0]: id 0 is used twice'],
    ['an object without props', { $: 'object', id: 0, cls: null }, '$: `props` must be an array'],
    ['a bad pair', { $: 'object', id: 0, cls: null, props: [['a']] }, '$.props[0]: expected a [key, value] pair'],
    ['a bad symbol key', { $: 'object', id: 0, cls: null, props: [[{ $: 'symbol', kind: 'odd', key: 'k' }, 1]] }, '$.props[0][0]: `kind` must be'],
    ['a nested bad value', { $: 'map', id: 0, entries: [['k', { $: 'number', v: '12' }]] }, '$.entries[0][1]: `v` must be "NaN"'],
    ['a bigint that is not an integer', { $: 'bigint', v: '1.5' }, '$: `v` must be an integer'],
    ['an invalid regexp', { $: 'regexp', id: 0, source: '(', flags: '' }, '$: not a valid regular expression'],
    ['a hole outside an array', { $: 'hole' }, '$: a hole outside an array'],
    ['an unknown typed class', { $: 'typed', id: 0, cls: 'Float128Array', items: [] }, '$: unknown typed array class'],
    ['a non-byte in a buffer', { $: 'typed', id: 0, cls: 'ArrayBuffer', items: [256] }, '$: `items` must hold bytes'],
    ['a bad map entry', { $: 'map', id: 0, entries: [['k', 1, 2]] }, '$.entries[0]: expected a [key, value] pair'],
    ['an array prop that cannot be defined', { $: 'array', id: 0, items: [], props: [['length', -1]] }, '$.props[0]: the property cannot be defined'],
  ];
  it.each(bad)('%s', (_name, input, where) => {
    expect(() => decodeValue(input as Encoded)).toThrow('malformed encoded value at ' + where);
  });

  it('rejects absurd nesting instead of overflowing the stack', () => {
    let node: unknown = 1;
    for (let i = 0; i < 5_000; i++) node = { $: 'array', id: i, items: [node] };
    expect(() => decodeValue(node as Encoded)).toThrow(/malformed encoded value at \$(\.items\[0\])+: nesting is deeper than 1000/);
  });

  it('is usable again after a failure', () => {
    expect(() => decodeValue({ $: 'ref', id: 1 })).toThrow(/malformed/);
    expect(decodeValue({ $: 'array', id: 1, items: [{ $: 'ref', id: 1 }] })).toEqual([expect.any(Array)]);
  });
});
