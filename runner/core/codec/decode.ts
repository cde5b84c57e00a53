/**
 * Decoder half of the value codec: rebuilds real values of the realm it runs in from an
 * {@link Encoded} tree (the judge decodes learner results; the guest decodes call arguments).
 *
 * Like the encoder it is injected into the learner's realm as source text, so `makeDecoder` is
 * self-contained and captures every intrinsic it uses when called (by the guest agent, before
 * learner code loads). It never runs learner code: it only reads its JSON-safe input and builds
 * new values, without assignments a setter on a prototype could intercept.
 *
 * Input is validated as it is read: anything that is not a well-formed tree throws
 * `malformed encoded value at <path>: <what>`, so a broken or hostile guest cannot confuse the judge.
 */
import type { Encoded } from './types.ts';

/** Decoded stand-in for a value the encoder could not read (a getter or proxy trap threw). */
export class Unreadable {
  reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

/** Decoded stand-in for a value nested deeper than the encoder's depth limit. */
export class TooDeep {}

const CHAI_INSPECT = Symbol.for('chai/inspect');
const NODE_INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * How the judge holds a function that came from learner code: a description (its name and kind),
 * never something callable. The judge's own machinery calls functions it finds on values without
 * being asked: `await` calls a `then`, vitest's equality calls an `asymmetricMatch` (and an
 * `isEqualNode`), printers call `toJSON` and `inspect`. A callable stand-in found there would turn
 * a learner's odd reply into an error about calling it, instead of the failed check it deserves.
 * Two descriptions are equal when their names are; they print as `[Function name]`.
 */
export class LearnerFunction {
  declare readonly isClass: boolean;
  declare readonly isAsync: boolean;
  constructor(
    readonly name: string,
    isClass = false,
    isAsync = false,
  ) {
    Object.defineProperty(this, 'isClass', { value: isClass });
    Object.defineProperty(this, 'isAsync', { value: isAsync });
  }

  /** How chai's and Node's printers show it. */
  [CHAI_INSPECT](): string {
    return this.text();
  }
  [NODE_INSPECT](): string {
    return this.text();
  }
  text(): string {
    return `[${this.isClass ? 'class' : 'Function'} ${this.name || 'anonymous'}]`;
  }
}
Object.defineProperty(LearnerFunction.prototype, 'text', { enumerable: false });

export interface DecoderOptions {
  /** Classes for unreadable and too-deep values; defaults to classes private to the decoder. */
  markers?: { Unreadable: new (reason: string) => object; TooDeep: new () => object };
  /** Message of the error thrown by a decoded function when called. */
  functionMessage?: string;
  /**
   * Builds what a function decodes to instead of a callable stand-in (the judge passes one that
   * makes a {@link LearnerFunction}). Not for decoders injected into another realm.
   */
  describeFunction?: (name: string, isClass: boolean, isAsync: boolean) => object;
  /** Nesting past which the input is rejected as malformed (protects the stack). Default 1,000. */
  maxDepth?: number;
}

/** The function `makeDecoder` returns: see {@link decodeValue}. */
export type DecodeFn = (encoded: Encoded) => unknown;

/**
 * Captures the realm's intrinsics and returns a decoder that uses only them. Call it once, before
 * any untrusted code runs in the realm.
 */
export function makeDecoder(options?: DecoderOptions): DecodeFn {
  const R = Reflect;
  const O = Object;
  const apply = R.apply;
  const defineProp = R.defineProperty;
  const objectCreate = O.create;
  const isArray = Array.isArray;
  const ErrorCtor = Error;
  const MapCtor = Map;
  const SetCtor = Set;
  const DateCtor = Date;
  const RegExpCtor = RegExp;
  const PromiseCtor = Promise;
  const BigIntFn = BigInt;
  const SymbolFn = Symbol;
  const symbolFor = Symbol.for;
  const ArrayBufferCtor = ArrayBuffer;
  const DataViewCtor = DataView;
  const Uint8ArrayCtor = Uint8Array;
  const parse = JSON.parse;
  const fnCall = Function.prototype.call;
  const fnBind = Function.prototype.bind;
  const uncurry = (f: Function): ((self: unknown, ...args: unknown[]) => any) => apply(fnBind, fnCall, [f]);
  const hasOwn = uncurry(O.prototype.hasOwnProperty);
  const strRepeat = uncurry(String.prototype.repeat);
  const mapGet = uncurry(Map.prototype.get);
  const mapHas = uncurry(Map.prototype.has);
  const mapSet = uncurry(Map.prototype.set);
  const mapClear = uncurry(Map.prototype.clear);
  const setAdd = uncurry(Set.prototype.add);
  const ObjectProto = O.prototype;
  const global = globalThis as unknown as Record<string, unknown>;

  class UnreadableMarker {
    reason: string;
    constructor(reason: string) {
      this.reason = reason;
    }
  }
  class TooDeepMarker {}
  defineProp(UnreadableMarker, 'name', { value: 'Unreadable' });
  defineProp(TooDeepMarker, 'name', { value: 'TooDeep' });
  const markers = options && options.markers;
  const UnreadableCtor = markers ? markers.Unreadable : UnreadableMarker;
  const TooDeepCtor = markers ? markers.TooDeep : TooDeepMarker;
  const describeFunction = options && typeof options.describeFunction === 'function' ? options.describeFunction : undefined;
  const functionMessage = options && typeof options.functionMessage === 'string' ? options.functionMessage
    : 'this function came from your code and cannot be called by the tests';
  const maxDepth = options && typeof options.maxDepth === 'number' ? options.maxDepth : 1000;

  const wellKnown = new MapCtor<string, symbol>();
  for (const key of R.ownKeys(Symbol)) {
    const desc = R.getOwnPropertyDescriptor(Symbol, key);
    if (typeof key === 'string' && desc !== undefined && typeof desc.value === 'symbol') mapSet(wellKnown, key, desc.value);
  }
  const builtins = (names: string[]): Map<string, Function> => {
    const found = new MapCtor<string, Function>();
    for (const name of names) if (typeof global[name] === 'function') mapSet(found, name, global[name]);
    return found;
  };
  const errorCtors = builtins(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError',
    'URIError', 'AggregateError']);
  const typedCtors = builtins(['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
    'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']);
  const AggregateErrorCtor = global.AggregateError;

  // Classes standing for the learner's classes, by name; kept across calls so two decoded `Foo`s
  // share a constructor (toStrictEqual between them passes). Bounded against hostile names.
  const classes = new MapCtor<string, Function>();
  const classFor = (name: string): { prototype: object } => {
    let cls = mapGet(classes, name) as { prototype: object } | undefined;
    if (cls === undefined) {
      if ((classes as Map<string, Function>).size >= 500) mapClear(classes);
      // A class expression under a computed key takes that key as its name.
      cls = ({ [name]: class {} })[name]!;
      mapSet(classes, name, cls);
    }
    return cls;
  };

  // One null-prototype descriptor, reused: a descriptor that inherits could pick up a learner's
  // `Object.prototype.get`. Filled and used immediately, never across a recursive call.
  const slot = objectCreate(null) as PropertyDescriptor;
  const define = (target: object, key: PropertyKey, value: unknown, enumerable: boolean): boolean => {
    slot.value = value;
    slot.writable = true;
    slot.enumerable = enumerable;
    slot.configurable = true;
    let ok: boolean;
    try { ok = defineProp(target, key, slot); } catch { ok = false; } // e.g. an invalid array `length`
    slot.value = undefined;
    return ok;
  };

  // Arrays whose slots already exist (literals, or JSON.parse of zeros): filling them by index
  // cannot reach a setter on Array.prototype.
  const alloc = (n: number): unknown[] => {
    switch (n) {
      case 0: return [];
      case 1: return [undefined];
      case 2: return [undefined, undefined];
      case 3: return [undefined, undefined, undefined];
      case 4: return [undefined, undefined, undefined, undefined];
    }
    return parse('[' + strRepeat('0,', n - 1) + '0]') as unknown[];
  };

  // ---- Per-call state. ----
  const ids = new MapCtor<number, unknown>();
  const symbols = new MapCtor<string, symbol>();
  // Where we are, for error messages: segment name, index and pair position per depth.
  // (Arrays with a null prototype: fast to write, and no setter up a chain to reach.)
  const segName: string[] = [];
  const segIndex: number[] = [];
  const segSub: number[] = [];
  R.setPrototypeOf(segName, null);
  R.setPrototypeOf(segIndex, null);
  R.setPrototypeOf(segSub, null);

  const pathTo = (depth: number): string => {
    let path = '$';
    for (let d = 1; d <= depth; d++) {
      path += '.' + segName[d];
      if (segIndex[d]! >= 0) path += '[' + segIndex[d] + ']';
      if (segSub[d]! >= 0) path += '[' + segSub[d] + ']';
    }
    return path;
  };
  const fail = (depth: number, what: string): never => {
    throw new ErrorCtor('malformed encoded value at ' + pathTo(depth) + ': ' + what);
  };
  const field = (node: object, key: string): unknown => (hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined);
  const needString = (node: object, key: string, depth: number): string => {
    const v = field(node, key);
    return typeof v === 'string' ? v : fail(depth, '`' + key + '` must be a string');
  };
  const needList = (node: object, key: string, depth: number): unknown[] => {
    const v = field(node, key);
    return isArray(v) ? v : fail(depth, '`' + key + '` must be an array');
  };
  const register = (node: object, value: unknown, depth: number): void => {
    const id = field(node, 'id');
    if (typeof id !== 'number') fail(depth, '`id` must be a number');
    if (mapHas(ids, id)) fail(depth, 'id ' + id + ' is used twice');
    mapSet(ids, id, value);
  };

  const child = (node: unknown, depth: number, name: string, index: number, sub: number): unknown => {
    segName[depth] = name;
    segIndex[depth] = index;
    segSub[depth] = sub;
    return decode(node, depth);
  };

  const decodeSymbol = (node: unknown, depth: number): symbol => {
    if (node === null || typeof node !== 'object' || field(node, '$') !== 'symbol') return fail(depth, 'expected a symbol');
    const key = needString(node, 'key', depth);
    switch (field(node, 'kind')) {
      case 'for': return symbolFor(key);
      case 'well-known': {
        const known = mapGet(wellKnown, key) as symbol | undefined;
        if (known !== undefined) return known;
        return uniqueSymbol('Symbol.' + key); // a well-known symbol this realm does not have
      }
      case 'unique': return uniqueSymbol(key);
    }
    return fail(depth, '`kind` must be "unique", "for" or "well-known"');
  };
  const uniqueSymbol = (key: string): symbol => {
    let sym = mapGet(symbols, key) as symbol | undefined;
    if (sym === undefined) {
      sym = SymbolFn(key);
      mapSet(symbols, key, sym);
    }
    return sym;
  };

  // Own properties onto a fresh object. `assign` is false when plain assignment could reach a
  // setter or a non-writable property up the chain.
  const decodeProps = (node: object, target: object, depth: number, kind: 'plain' | 'error' | 'array'): void => {
    const props = needList(node, 'props', depth);
    for (let i = 0; i < props.length; i++) {
      const pair = props[i];
      segName[depth + 1] = 'props'; segIndex[depth + 1] = i; segSub[depth + 1] = -1;
      if (!isArray(pair) || pair.length !== 2) fail(depth + 1, 'expected a [key, value] pair');
      const rawKey = (pair as unknown[])[0];
      segSub[depth + 1] = 0;
      const key = typeof rawKey === 'string' ? rawKey : decodeSymbol(rawKey, depth + 1);
      const value = child((pair as unknown[])[1], depth + 1, 'props', i, 1);
      if (kind === 'plain' && key !== 'constructor' && !hasOwn(ObjectProto, key)) {
        (target as Record<PropertyKey, unknown>)[key] = value;
      } else if (!define(target, key, value, kind !== 'error' || (key !== 'cause' && key !== 'errors'))) {
        segName[depth + 1] = 'props'; segIndex[depth + 1] = i; segSub[depth + 1] = -1;
        fail(depth + 1, 'the property cannot be defined');
      }
    }
  };

  const numberFrom = (text: string, depth: number): number => {
    switch (text) {
      case 'NaN': return NaN;
      case 'Infinity': return Infinity;
      case '-Infinity': return -Infinity;
      case '-0': return -0;
    }
    return fail(depth, '`v` must be "NaN", "Infinity", "-Infinity" or "-0"');
  };

  const decodeTyped = (node: object, depth: number): unknown => {
    const cls = needString(node, 'cls', depth);
    const items = needList(node, 'items', depth);
    const n = items.length;
    if (cls === 'ArrayBuffer' || cls === 'DataView') {
      const buffer = new ArrayBufferCtor(n);
      const bytes = new Uint8ArrayCtor(buffer);
      for (let i = 0; i < n; i++) {
        const b = items[i];
        if (typeof b !== 'number' || b !== (b & 255)) fail(depth, '`items` must hold bytes');
        bytes[i] = b as number;
      }
      return cls === 'ArrayBuffer' ? buffer : new DataViewCtor(buffer);
    }
    const Ctor = mapGet(typedCtors, cls) as (new (n: number) => Record<number, unknown>) | undefined;
    if (Ctor === undefined) return fail(depth, 'unknown typed array class ' + cls);
    const big = cls === 'BigInt64Array' || cls === 'BigUint64Array';
    const array = new Ctor(n);
    for (let i = 0; i < n; i++) {
      const item = items[i];
      if (big) {
        if (typeof item !== 'string') fail(depth, '`items` of ' + cls + ' must be strings');
        try { array[i] = BigIntFn(item as string); } catch { fail(depth, '`items` of ' + cls + ' must be integers'); }
      } else if (typeof item === 'number') {
        array[i] = item;
      } else {
        array[i] = typeof item === 'string' ? numberFrom(item, depth) : fail(depth, '`items` must be numbers');
      }
    }
    return array;
  };

  const decodeError = (node: object, depth: number): unknown => {
    const name = needString(node, 'name', depth);
    const message = needString(node, 'message', depth);
    const stack = field(node, 'stack');
    if (stack !== undefined && typeof stack !== 'string') fail(depth, '`stack` must be a string');
    const Ctor = mapGet(errorCtors, name) as (new (...args: unknown[]) => Error) | undefined;
    const error = Ctor === undefined ? new ErrorCtor(message)
      : Ctor === AggregateErrorCtor ? new Ctor([], message) : new Ctor(message);
    if (Ctor === undefined) define(error, 'name', name, false);
    define(error, 'stack', stack === undefined ? name + ': ' + message : stack, false);
    register(node, error, depth);
    decodeProps(node, error, depth, 'error');
    return error;
  };

  const decodeObject = (node: object, depth: number): unknown => {
    const cls = field(node, 'cls');
    const nullProto = field(node, 'nullProto');
    if (cls !== null && typeof cls !== 'string') fail(depth, '`cls` must be a string or null');
    if (nullProto !== undefined && nullProto !== true) fail(depth, '`nullProto` must be true when present');
    const target: object = nullProto === true ? objectCreate(null)
      : cls === null ? {} : objectCreate(classFor(cls as string).prototype);
    register(node, target, depth);
    decodeProps(node, target, depth, 'plain');
    return target;
  };

  const decodeArray = (node: object, depth: number): unknown => {
    const items = needList(node, 'items', depth);
    const n = items.length;
    const array = alloc(n);
    register(node, array, depth);
    for (let i = 0; i < n; i++) {
      const item = items[i];
      if (item !== null && typeof item === 'object' && field(item, '$') === 'hole') delete array[i];
      else array[i] = child(item, depth + 1, 'items', i, -1);
    }
    if (field(node, 'props') !== undefined) decodeProps(node, array, depth, 'array');
    return array;
  };

  const decode = (node: unknown, depth: number): unknown => {
    if (depth > maxDepth) fail(depth, 'nesting is deeper than ' + maxDepth);
    switch (typeof node) {
      case 'string':
      case 'boolean':
      case 'number':
        return node;
      case 'object':
        if (node === null) return null;
        if (!isArray(node)) break;
        return fail(depth, 'a bare array is not an encoded value');
      default:
        return fail(depth, 'expected an encoded value');
    }
    const tag = field(node, '$');
    switch (tag) {
      case 'undefined': return undefined;
      case 'number': return numberFrom(needString(node, 'v', depth), depth);
      case 'bigint': {
        const v = needString(node, 'v', depth);
        if (v === '') fail(depth, '`v` must be an integer');
        try { return BigIntFn(v); } catch { return fail(depth, '`v` must be an integer'); }
      }
      case 'symbol': return decodeSymbol(node, depth);
      case 'ref': {
        const id = field(node, 'id');
        if (!mapHas(ids, id)) fail(depth, 'ref to unknown id ' + (typeof id === 'number' ? id : typeof id));
        return mapGet(ids, id);
      }
      case 'array': return decodeArray(node, depth);
      case 'object': return decodeObject(node, depth);
      case 'function': {
        const name = needString(node, 'name', depth);
        if (describeFunction !== undefined) return describeFunction(name, field(node, 'isClass') === true, field(node, 'isAsync') === true);
        const message = functionMessage;
        // A function expression under a computed key takes that key as its name.
        return ({ [name]: function () { throw new ErrorCtor(message); } })[name];
      }
      case 'date': {
        const v = field(node, 'v');
        if (v !== null && typeof v !== 'string') fail(depth, '`v` must be a string or null');
        const date = new DateCtor(v === null ? NaN : v as string);
        register(node, date, depth);
        return date;
      }
      case 'regexp': {
        const source = needString(node, 'source', depth);
        const flags = needString(node, 'flags', depth);
        let re: RegExp;
        try { re = new RegExpCtor(source, flags); } catch { return fail(depth, 'not a valid regular expression'); }
        register(node, re, depth);
        return re;
      }
      case 'map': {
        const entries = needList(node, 'entries', depth);
        const map = new MapCtor();
        register(node, map, depth);
        for (let i = 0; i < entries.length; i++) {
          const entry = entries[i];
          segName[depth + 1] = 'entries'; segIndex[depth + 1] = i; segSub[depth + 1] = -1;
          if (!isArray(entry) || entry.length !== 2) fail(depth + 1, 'expected a [key, value] pair');
          const key = child((entry as unknown[])[0], depth + 1, 'entries', i, 0);
          mapSet(map, key, child((entry as unknown[])[1], depth + 1, 'entries', i, 1));
        }
        return map;
      }
      case 'set': {
        const items = needList(node, 'items', depth);
        const set = new SetCtor();
        register(node, set, depth);
        for (let i = 0; i < items.length; i++) setAdd(set, child(items[i], depth + 1, 'items', i, -1));
        return set;
      }
      case 'error': return decodeError(node, depth);
      case 'typed': {
        const value = decodeTyped(node, depth);
        register(node, value, depth);
        return value;
      }
      case 'promise': {
        const promise = new PromiseCtor(() => {});
        register(node, promise, depth);
        return promise;
      }
      case 'unreadable': return new UnreadableCtor(needString(node, 'reason', depth));
      case 'too-deep': return new TooDeepCtor();
      case 'hole': return fail(depth, 'a hole outside an array');
    }
    return fail(depth, typeof tag === 'string' ? 'unknown kind "' + tag + '"' : 'expected an encoded value');
  };

  let busy = false;
  return function decodeValue(encoded: Encoded): unknown {
    if (busy) throw new ErrorCtor('decodeValue was called while already decoding; it is not re-entrant.');
    busy = true;
    try {
      return decode(encoded, 0);
    } finally {
      mapClear(ids);
      mapClear(symbols);
      busy = false;
    }
  };
}

/**
 * Rebuilds a value of this realm from its encoded form: refs and cycles restored, class
 * instances given a same-named class, unreadable and too-deep parts as {@link Unreadable} and
 * {@link TooDeep}. Throws `malformed encoded value at <path>: ...` for input that is not Encoded.
 */
export const decodeValue: DecodeFn = makeDecoder({ markers: { Unreadable, TooDeep } });
