/**
 * Encoder half of the value codec: any value of the realm it runs in as the JSON-safe
 * {@link Encoded} tree, holding on to nothing of that realm. Why a factory: the encoder runs
 * INSIDE the learner's realm, injected as source text (`makeEncoder.toString()`), where learner
 * code may have patched any global or prototype before we encode its result. So `makeEncoder`
 * captures every intrinsic it needs into its closure and is called ONCE by the guest agent,
 * before learner code loads; `encode` then uses only those, called through uncurried forms
 * (`fn(thisArg, ...args)`), never a method looked up on a value.
 *
 * Rules that keep this true (check them when editing):
 * - `makeEncoder` is self-contained: no imports or module-level names inside, no TypeScript
 *   feature that emits helpers (enums, decorators, parameter properties, namespaces).
 * - Output nodes are object/array LITERALS (CreateDataProperty: no setter on a prototype runs);
 *   lists are gathered on a private null-prototype stack and copied out (see `take`).
 * - Learner code (getters, proxy traps) runs only inside `try`, and only where JSON.stringify
 *   would also run it: own enumerable properties are read with [[Get]].
 * - Strings are never built from objects (no template literals on learner values); numbers and
 *   bigints become text with `'' + x`, which runs no user code.
 * - Size: an approximate running count of the output's JSON length (a string counts length + 2)
 *   plus work per node, so 100 million elements, 50 MB strings or a million proxy keys fail at once.
 */
import type { CodecLimits, Encoded, EncodedProp } from './types.ts';

/** The function `makeEncoder` returns: see {@link encodeValue}. */
export type EncodeFn = (value: unknown, limits: CodecLimits) => Encoded;

/**
 * Captures the realm's intrinsics and returns an encoder that uses only them. Call it once,
 * before any untrusted code runs in the realm (the guest agent does so at start).
 */
export function makeEncoder(): EncodeFn {
  // ---- Intrinsics, captured now (before learner code can patch them). ----
  const R = Reflect;
  const O = Object;
  const apply = R.apply;
  const ownKeys = R.ownKeys;
  const getProto = R.getPrototypeOf;
  const getOwnDesc = R.getOwnPropertyDescriptor;
  const isArray = Array.isArray;
  const ErrorCtor = Error;
  const MapCtor = Map;
  const Uint8ArrayCtor = Uint8Array;
  const fnCall = Function.prototype.call;
  const fnBind = Function.prototype.bind;
  // uncurry(f)(thisArg, ...args) === f.call(thisArg, ...args), without looking anything up.
  const uncurry = (f: Function): ((self: unknown, ...args: unknown[]) => any) => apply(fnBind, fnCall, [f]);
  const getter = (proto: object, key: PropertyKey): ((self: unknown) => any) => {
    const desc = getOwnDesc(proto, key);
    const get = desc === undefined ? undefined : desc.get;
    return get === undefined ? () => undefined : uncurry(get);
  };

  const hasOwn = uncurry(O.prototype.hasOwnProperty);
  const isEnumerable = uncurry(O.prototype.propertyIsEnumerable);
  const strSlice = uncurry(String.prototype.slice);
  const fnToString = uncurry(Function.prototype.toString);
  const mapGet = uncurry(Map.prototype.get);
  const mapSet = uncurry(Map.prototype.set);
  const mapClear = uncurry(Map.prototype.clear);
  const mapForEach = uncurry(Map.prototype.forEach);
  const mapSize = getter(Map.prototype, 'size');
  const setForEach = uncurry(Set.prototype.forEach);
  const setSize = getter(Set.prototype, 'size');
  const dateGetTime = uncurry(Date.prototype.getTime);
  const dateToIso = uncurry(Date.prototype.toISOString);
  const reSource = getter(RegExp.prototype, 'source');
  // Flags are read one getter at a time: the `flags` getter itself reads patchable properties.
  const reFlags: [string, (self: unknown) => any][] = [];
  for (const [flag, key] of [['d', 'hasIndices'], ['g', 'global'], ['i', 'ignoreCase'], ['m', 'multiline'],
    ['s', 'dotAll'], ['u', 'unicode'], ['v', 'unicodeSets'], ['y', 'sticky']] as const) {
    if (getOwnDesc(RegExp.prototype, key) !== undefined) reFlags[reFlags.length] = [flag, getter(RegExp.prototype, key)];
  }
  const TypedArrayProto = getProto(Uint8Array.prototype) as object;
  // Returns the typed array's class name, or undefined for anything else; never throws.
  const typedName = getter(TypedArrayProto, Symbol.toStringTag);
  const typedLength = getter(TypedArrayProto, 'length');
  const bufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
  const viewBuffer = getter(DataView.prototype, 'buffer');
  const viewByteOffset = getter(DataView.prototype, 'byteOffset');
  const viewByteLength = getter(DataView.prototype, 'byteLength');
  const symbolDescription = getter(Symbol.prototype, 'description');
  const symbolKeyFor = Symbol.keyFor;

  const ObjectProto = O.prototype;
  const AsyncFunctionProto = getProto(async function () {});
  const AsyncGeneratorFunctionProto = getProto(async function* () {});
  // Prototypes that mark a built-in kind, with a brand check where one exists.
  const KIND_ERROR = 1, KIND_DATE = 2, KIND_REGEXP = 3, KIND_MAP = 4, KIND_SET = 5, KIND_PROMISE = 6,
    KIND_BUFFER = 7, KIND_VIEW = 8, KIND_TYPED = 9;
  const kindByProto = new MapCtor<unknown, number>([
    [Error.prototype, KIND_ERROR], [Date.prototype, KIND_DATE], [RegExp.prototype, KIND_REGEXP],
    [Map.prototype, KIND_MAP], [Set.prototype, KIND_SET], [Promise.prototype, KIND_PROMISE],
    [ArrayBuffer.prototype, KIND_BUFFER], [DataView.prototype, KIND_VIEW], [TypedArrayProto, KIND_TYPED],
  ]);
  const wellKnown = new MapCtor<unknown, string>();
  for (const key of ownKeys(Symbol)) {
    const desc = getOwnDesc(Symbol, key);
    if (typeof key === 'string' && desc !== undefined && typeof desc.value === 'symbol') mapSet(wellKnown, desc.value, key);
  }

  // ---- Per-call state (encode is not re-entrant: learner code never gets hold of it). ----
  const seen = new MapCtor<object, number>();
  let nextId = 0;
  let used = 0;
  let maxChars = 0;
  let maxDepth = 0;
  let busy = false;
  // Lists are gathered on a private stack and copied out at the end (`take`): the stack has a
  // null prototype, and output arrays are array literals, or JSON.parse results whose slots
  // already exist, so no index setter a learner put on Array.prototype can ever run.
  const parse = JSON.parse;
  const strRepeat = uncurry(String.prototype.repeat);
  const stack: unknown[] = [];
  R.setPrototypeOf(stack, null);
  let top = 0;
  const push = (value: unknown): void => { stack[top++] = value; };
  const take = <T>(base: number): T[] => {
    const n = top - base;
    const s = stack as T[];
    top = base;
    switch (n) {
      case 0: return [];
      case 1: return [s[base]!];
      case 2: return [s[base]!, s[base + 1]!];
      case 3: return [s[base]!, s[base + 1]!, s[base + 2]!];
      case 4: return [s[base]!, s[base + 1]!, s[base + 2]!, s[base + 3]!];
    }
    const list = parse('[' + strRepeat('0,', n - 1) + '0]') as T[];
    for (let i = 0; i < n; i++) list[i] = s[base + i]!;
    return list;
  };

  const spend = (chars: number): void => {
    used += chars;
    if (used > maxChars) throw new ErrorCtor('result too large: the encoded value is over the limit of ' + maxChars + ' characters');
  };

  const cut = (text: string, max: number): string => (text.length > max ? strSlice(text, 0, max) + '…' : text);
  // An error's message and stack are text for people, and a learner can make them any size (or
  // answer differently each time they are read): they are read once, here, and cut.
  const ERROR_TEXT_MAX = 10_000;
  const cutText = (text: string): string =>
    text.length > ERROR_TEXT_MAX ? strSlice(text, 0, ERROR_TEXT_MAX) + '… [' + (text.length - ERROR_TEXT_MAX) + ' more characters]' : text;

  // Describes a thrown value without trusting it: every read of it is guarded.
  const describeThrown = (thrown: unknown): string => {
    if (typeof thrown === 'object' && thrown !== null || typeof thrown === 'function') {
      let name: unknown, message: unknown;
      try { name = (thrown as { name?: unknown }).name; } catch { name = undefined; }
      try { message = (thrown as { message?: unknown }).message; } catch { message = undefined; }
      return cut(typeof name === 'string' && name !== '' ? name : 'Error', 100) + ': ' +
        cut(typeof message === 'string' ? message : '', 300);
    }
    if (typeof thrown === 'string') return 'the string "' + cut(thrown, 300) + '"';
    if (typeof thrown === 'symbol') return 'a symbol';
    return 'the value ' + (thrown as number | boolean | bigint | null | undefined);
  };

  const unreadable = (reason: string): Encoded => {
    spend(reason.length + 32);
    return { $: 'unreadable', reason };
  };

  const encodeSymbol = (sym: symbol): { $: 'symbol'; kind: 'unique' | 'for' | 'well-known'; key: string } => {
    const known = mapGet(wellKnown, sym) as string | undefined;
    if (known !== undefined) {
      spend(known.length + 48);
      return { $: 'symbol', kind: 'well-known', key: known };
    }
    const registered = symbolKeyFor(sym);
    if (registered !== undefined) {
      spend(registered.length + 48);
      return { $: 'symbol', kind: 'for', key: registered };
    }
    const description = symbolDescription(sym) as string | undefined;
    const key = description === undefined ? '' : description;
    spend(key.length + 48);
    return { $: 'symbol', kind: 'unique', key };
  };

  const encodeFunction = (fn: Function): Encoded => {
    let name = '';
    try {
      const desc = getOwnDesc(fn, 'name');
      if (desc !== undefined && hasOwn(desc, 'value') && typeof desc.value === 'string') name = cut(desc.value, 200);
    } catch { /* a proxy trap threw: keep the function anonymous */ }
    let isClass = false;
    try {
      const source = fnToString(fn) as string;
      if (source.length > 5 && strSlice(source, 0, 5) === 'class') {
        const next = source[5];
        isClass = next === ' ' || next === '{' || next === '\n' || next === '\t' || next === '\r' || next === '/';
      }
    } catch { /* not inspectable: report as a plain function */ }
    let isAsync = false;
    try {
      const proto = getProto(fn);
      isAsync = proto === AsyncFunctionProto || proto === AsyncGeneratorFunctionProto;
    } catch { /* a proxy trap threw */ }
    spend(name.length + 64);
    return { $: 'function', name, isClass, isAsync };
  };

  // Rough JSON length of a number, without building its text.
  const numberChars = (n: number): number => (n === (n | 0) ? (n < 1000 && n > -100 ? 4 : 12) : 26);

  const encodeNumber = (n: number): Encoded => {
    if (n !== n) { spend(26); return { $: 'number', v: 'NaN' }; }
    if (n === Infinity) { spend(31); return { $: 'number', v: 'Infinity' }; }
    if (n === -Infinity) { spend(32); return { $: 'number', v: '-Infinity' }; }
    if (n === 0 && 1 / n < 0) { spend(26); return { $: 'number', v: '-0' }; }
    spend(numberChars(n));
    return n;
  };

  const encodeAny = (value: unknown, depth: number): Encoded => {
    switch (typeof value) {
      case 'string': spend(value.length + 3); return value;
      case 'number': return encodeNumber(value);
      case 'boolean': spend(6); return value;
      case 'undefined': spend(18); return { $: 'undefined' };
      case 'bigint': { const v = '' + value; spend(v.length + 24); return { $: 'bigint', v }; }
      case 'symbol': return encodeSymbol(value);
      case 'function': return encodeFunction(value);
      default:
        if (value === null) { spend(5); return null; }
        return encodeObject(value as object, depth);
    }
  };

  // Reads one own property the way JSON.stringify would ([[Get]]), turning a throw into data.
  const readProp = (target: object, key: PropertyKey, depth: number): Encoded => {
    let value: unknown;
    try { value = (target as Record<PropertyKey, unknown>)[key]; } catch (thrown) {
      let accessor = false;
      try {
        const desc = getOwnDesc(target, key);
        accessor = desc !== undefined && !hasOwn(desc, 'value');
      } catch { /* the descriptor trap threw too */ }
      return unreadable((accessor ? 'getter threw ' : 'reading it threw ') + describeThrown(thrown));
    }
    return encodeAny(value, depth);
  };

  // Own enumerable properties (and `always` keys even when not enumerable), in own-keys order.
  // `keys` comes from ownKeys; `skipBelow` skips array indices below the array's length.
  const encodeProps = (target: object, keys: PropertyKey[], depth: number, skipBelow: number,
    skip: Record<string, true> | null, always: Record<string, true> | null): EncodedProp[] => {
    const base = top;
    const total = keys.length;
    for (let i = 0; i < total; i++) {
      const key = keys[i] as string | symbol;
      if (typeof key === 'string') {
        if (skipBelow > 0) { // indices were encoded as items already
          const index = +key;
          if (index < skipBelow && '' + index === key && index === index >>> 0) continue;
        }
        if (skip !== null && skip[key] === true) continue;
      }
      spend(1);
      let enumerable: boolean;
      try { enumerable = isEnumerable(target, key) as boolean; } catch (thrown) {
        push([typeof key === 'string' ? key : encodeSymbol(key), unreadable('reading it threw ' + describeThrown(thrown))]);
        continue;
      }
      if (!enumerable && !(always !== null && typeof key === 'string' && always[key] === true && hasOwn(target, key))) continue;
      const encodedKey = typeof key === 'string' ? (spend(key.length + 6), key) : encodeSymbol(key);
      push([encodedKey, readProp(target, key, depth)]);
    }
    return take<EncodedProp>(base);
  };

  const readString = (target: object, key: string): string | undefined => {
    try {
      const value = (target as Record<string, unknown>)[key];
      return typeof value === 'string' ? value : undefined;
    } catch { return undefined; }
  };

  // Name of the constructor owning the nearest `constructor` on the prototype chain, or null.
  const classNameOf = (proto: object): string | null => {
    let p: object | null = proto;
    for (let steps = 0; p !== null && steps < 64; steps++) {
      let desc: PropertyDescriptor | undefined;
      try { desc = getOwnDesc(p, 'constructor'); } catch { return null; }
      if (desc !== undefined) {
        const ctor: unknown = hasOwn(desc, 'value') ? desc.value : undefined;
        if (typeof ctor !== 'function' || ctor === O) return null;
        try {
          const nameDesc = getOwnDesc(ctor, 'name');
          const name: unknown = nameDesc !== undefined && hasOwn(nameDesc, 'value') ? nameDesc.value : undefined;
          return typeof name === 'string' && name !== '' ? cut(name, 200) : null;
        } catch { return null; }
      }
      try { p = getProto(p) as object | null; } catch { return null; }
    }
    return null;
  };

  // The built-in kind an object really is (brand-checked where possible), or 0.
  const kindOf = (proto: object | null, target: object): number => {
    let p = proto;
    for (let steps = 0; p !== null && p !== ObjectProto && steps < 64; steps++) {
      const kind = mapGet(kindByProto, p) as number | undefined;
      if (kind !== undefined) {
        try {
          switch (kind) {
            case KIND_DATE: dateGetTime(target); break;
            case KIND_REGEXP: reSource(target); break;
            case KIND_MAP: mapSize(target); break;
            case KIND_SET: setSize(target); break;
            case KIND_BUFFER: bufferByteLength(target); break;
            case KIND_VIEW: viewByteLength(target); break;
            case KIND_TYPED: if (typedName(target) === undefined) return 0; break;
          }
        } catch {
          return 0; // claims a built-in prototype but is not one (or is a proxy of one)
        }
        return kind;
      }
      try { p = getProto(p) as object | null; } catch { return 0; }
    }
    return 0;
  };

  // Key sets for encodeProps (null prototype: lookups never reach Object.prototype).
  const keySet = (keys: string[]): Record<string, true> => {
    const set: Record<string, true> = O.create(null);
    for (let i = 0; i < keys.length; i++) set[keys[i]!] = true;
    return set;
  };
  const ERROR_SKIP = keySet(['name', 'message', 'stack']);
  const ERROR_ALWAYS = keySet(['cause', 'errors']); // non-enumerable when made by the constructor
  const LENGTH_SKIP = keySet(['length']);

  const register = (target: object): number => { mapSet(seen, target, nextId); return nextId++; };

  const bytesOf = (buffer: ArrayBuffer, offset: number, length: number): number[] => {
    spend(length * 4 + 64);
    const view = new Uint8ArrayCtor(buffer, offset, length);
    const base = top;
    for (let i = 0; i < length; i++) push(view[i]);
    return take<number>(base);
  };

  const encodeTyped = (target: object, id: number, cls: string): Encoded => {
    const length = typedLength(target) as number;
    spend(length * 2 + 64 + cls.length);
    const view = target as ArrayLike<number | bigint>;
    const base = top;
    for (let i = 0; i < length; i++) {
      const x = view[i];
      let item: number | string;
      if (typeof x === 'bigint') item = '' + x;
      else if (x !== x) item = 'NaN';
      else if (x === Infinity) item = 'Infinity';
      else if (x === -Infinity) item = '-Infinity';
      else if (x === 0 && 1 / (x as number) < 0) item = '-0';
      else item = x as number;
      if (typeof item === 'number') spend(numberChars(item)); else spend(item.length + 3);
      push(item);
    }
    return { $: 'typed', id, cls, items: take<number | string>(base) };
  };

  const encodeArray = (target: unknown[], depth: number): Encoded => {
    let length: unknown;
    try { length = target.length; } catch (thrown) { return unreadable('reading its length threw ' + describeThrown(thrown)); }
    if (typeof length !== 'number' || length !== length >>> 0) return unreadable('its length is not a valid array length');
    spend(length * 2 + 56);
    let keys: PropertyKey[];
    try { keys = ownKeys(target); } catch (thrown) { return unreadable('listing its keys threw ' + describeThrown(thrown)); }
    const id = register(target);
    const base = top;
    for (let i = 0; i < length; i++) {
      let has: boolean;
      try { has = hasOwn(target, i) as boolean; } catch (thrown) {
        push(unreadable('reading it threw ' + describeThrown(thrown)));
        continue;
      }
      if (has) push(readProp(target, i, depth + 1));
      else { spend(12); push({ $: 'hole' }); }
    }
    const items = take<Encoded>(base);
    const props = encodeProps(target, keys, depth + 1, length, LENGTH_SKIP, null);
    return props.length === 0 ? { $: 'array', id, items } : { $: 'array', id, items, props };
  };

  const encodeObject = (target: object, depth: number): Encoded => {
    const prior = mapGet(seen, target) as number | undefined;
    if (prior !== undefined) { spend(26); return { $: 'ref', id: prior }; }
    if (depth > maxDepth) { spend(18); return { $: 'too-deep' }; }
    let array: boolean;
    try { array = isArray(target); } catch { return unreadable('it is a revoked proxy'); }
    if (array) return encodeArray(target as unknown[], depth);

    let proto: object | null;
    try { proto = getProto(target) as object | null; } catch (thrown) {
      return unreadable('reading its prototype threw ' + describeThrown(thrown));
    }
    const kind = proto === ObjectProto || proto === null ? 0 : kindOf(proto, target);
    switch (kind) {
      case KIND_DATE: {
        const time = dateGetTime(target) as number;
        spend(72);
        return { $: 'date', id: register(target), v: time !== time ? null : dateToIso(target) as string };
      }
      case KIND_REGEXP: {
        const source = reSource(target) as string;
        let flags = '';
        for (let i = 0; i < reFlags.length; i++) {
          const entry = reFlags[i]!;
          if (entry[1](target) === true) flags += entry[0];
        }
        spend(source.length * 2 + 60);
        return { $: 'regexp', id: register(target), source, flags };
      }
      case KIND_MAP: {
        spend((mapSize(target) as number) * 8 + 40);
        const id = register(target);
        const base = top;
        mapForEach(target, (v: unknown, k: unknown) => {
          const key = encodeAny(k, depth + 1);
          push([key, encodeAny(v, depth + 1)]);
        });
        return { $: 'map', id, entries: take<[Encoded, Encoded]>(base) };
      }
      case KIND_SET: {
        spend((setSize(target) as number) * 2 + 40);
        const id = register(target);
        const base = top;
        setForEach(target, (v: unknown) => { push(encodeAny(v, depth + 1)); });
        return { $: 'set', id, items: take<Encoded>(base) };
      }
      case KIND_PROMISE: spend(30); return { $: 'promise', id: register(target) };
      case KIND_BUFFER: {
        const id = register(target);
        return { $: 'typed', id, cls: 'ArrayBuffer', items: bytesOf(target as ArrayBuffer, 0, bufferByteLength(target) as number) };
      }
      case KIND_VIEW: {
        const id = register(target);
        const items = bytesOf(viewBuffer(target) as ArrayBuffer, viewByteOffset(target) as number, viewByteLength(target) as number);
        return { $: 'typed', id, cls: 'DataView', items };
      }
      case KIND_TYPED: return encodeTyped(target, register(target), typedName(target) as string);
    }

    let keys: PropertyKey[];
    try { keys = ownKeys(target); } catch (thrown) { return unreadable('listing its keys threw ' + describeThrown(thrown)); }
    if (kind === KIND_ERROR) {
      const name = readString(target, 'name');
      const message = readString(target, 'message');
      const stack = readString(target, 'stack');
      const id = register(target);
      const props = encodeProps(target, keys, depth + 1, 0, ERROR_SKIP, ERROR_ALWAYS);
      const errName = cut(name === undefined || name === '' ? 'Error' : name, 200);
      const errMessage = message === undefined ? '' : cutText(message);
      spend(errName.length + errMessage.length + 60);
      if (stack === undefined) return { $: 'error', id, name: errName, message: errMessage, props };
      const errStack = cutText(stack);
      spend(errStack.length + 10);
      return { $: 'error', id, name: errName, message: errMessage, stack: errStack, props };
    }
    const cls = proto === ObjectProto || proto === null ? null : classNameOf(proto);
    spend(cls === null ? 64 : 64 + cls.length);
    const id = register(target);
    const props = encodeProps(target, keys, depth + 1, 0, null, null);
    if (proto === null) return { $: 'object', id, cls: null, nullProto: true, props };
    return { $: 'object', id, cls, props };
  };

  return function encode(value: unknown, limits: CodecLimits): Encoded {
    if (busy) throw new ErrorCtor('encodeValue was called while already encoding; it is not re-entrant.');
    const chars = limits.maxChars;
    const depth = limits.maxDepth;
    if (typeof chars !== 'number' || !(chars > 0) || typeof depth !== 'number' || !(depth >= 0)) {
      throw new ErrorCtor('encodeValue needs limits { maxChars > 0, maxDepth >= 0 }: pass DEFAULT_CODEC_LIMITS or your own.');
    }
    busy = true;
    used = 0;
    nextId = 0;
    top = 0;
    maxChars = chars;
    maxDepth = depth;
    try {
      return encodeAny(value, 1);
    } finally {
      mapClear(seen);
      stack.length = 0; // drop references to this call's nodes
      busy = false;
    }
  };
}

/**
 * Encodes a value of this realm into the JSON-safe {@link Encoded} tree. Throws an Error whose
 * message starts with "result too large" when the JSON would exceed `limits.maxChars`.
 * Inside a learner realm, use the encoder from `makeEncoder()` created before learner code ran.
 */
export const encodeValue: EncodeFn = makeEncoder();
