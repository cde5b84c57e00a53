/**
 * The guest agent: the only trusted code inside the learner's realm. It loads the learner's
 * script, says which of the needed names are functions, calls them with decoded arguments and
 * answers with encoded values. It holds no verdicts: the judge decides everything outside.
 *
 * Injected by source text (see source.ts), so it must be self-contained. It runs BEFORE learner
 * code and keeps private copies of every intrinsic it uses; learner code patching globals or
 * prototypes later can only garble its own answers, never the judge's view of other answers.
 */
import type { CodecLimits, Encoded } from '../codec/types.ts';
import type { CallAnswer, CaseCall, ConsoleEntry, GuestReply, GuestRequest, LiveIn, LivePeer, NameKind, PeerCall, ThrownValue } from '../protocol.ts';
import type { GuestAgent, GuestOptions, GuestParts } from './agent-types.ts';
import type { ModuleLinker } from './module-linker.ts';
import type { LiveConversation } from './peer.ts';

export type { GuestAgent, GuestOptions, GuestParts } from './agent-types.ts';

export function guestAgent(
  encode: (value: unknown, limits: CodecLimits) => Encoded,
  decode: (encoded: Encoded) => unknown,
  format: (args: unknown[]) => string,
  writeJson: (value: unknown) => string,
  options: GuestOptions,
  /** The codec's fast path for plain JSON answers of `cases` requests (codec/plain-json.ts). */
  plainJson?: (value: unknown, maxChars: number) => string | undefined,
  parts: GuestParts = {},
): GuestAgent {
  const globalEval = globalThis.eval;
  const apply = Reflect.apply;
  const objectToString = Object.prototype.toString;
  const isArray = Array.isArray;
  const StringCtor = String;
  const MapCtor = Map;
  const PromiseCtor = Promise;
  const promiseThen = Promise.prototype.then;
  const isPromise = (v: unknown): v is Promise<unknown> =>
    v !== null && typeof v === 'object' && apply(objectToString, v, []) === '[object Promise]';
  // Not JSON.stringify: it would look up a learner's Object.prototype.toJSON while writing replies.
  const stringify = writeJson;
  const parse = JSON.parse;
  // Captured before any learner code runs, which may replace Date.now.
  const clock = Date.now;
  const { peers, outlet, linker, stackPlace } = parts;
  const made = peers
    ? peers({ apply, promiseThen, PromiseCtor, ErrorCtor: Error, stringify, parse, freeze: Object.freeze, defineProperty: Object.defineProperty, promiseResolve: Promise.resolve.bind(Promise), promiseReject: Promise.reject.bind(Promise) })
    : undefined;
  /** The live call in progress, which `peerIn` reaches (the host runs one at a time). */
  let current: LiveConversation | undefined;
  /** Calls `fn` with `args`, or, for a call that gets a peer, holds the conversation (peer.ts). */
  const invoke = (fn: (...args: unknown[]) => unknown, args: unknown[], peer: PeerCall | undefined, live?: LivePeer): unknown => {
    if (live !== undefined) {
      if (!made || !outlet) throw new TypeError('this realm has no live peers');
      current = made.live(fn, args, live.at, outlet);
      return current.done;
    }
    if (peer === undefined) return apply(fn, undefined, args);
    if (!made) throw new TypeError('this realm has no peers');
    return made.converse(fn, args, peer.at, peer.script);
  };
  // For a module's exports, which are made after learner code has run (module-linker.ts).
  const objectCreate = Object.create;
  const objectKeys = Object.keys;
  const hasOwn = Object.hasOwn;
  const defineProperty = Object.defineProperty;
  const ours = new WeakSet<object>();
  const weakAdd = WeakSet.prototype.add;
  const weakHas = WeakSet.prototype.has;
  const strSlice = String.prototype.slice;
  const strIndexOf = String.prototype.indexOf;
  const strCharCodeAt = String.prototype.charCodeAt;

  /** The learner's files as stack traces name them; frames in module bodies sit one line below the learner's (the wrapper's line). */
  let learnerFiles: string[] = [];
  let lineShift = 0;
  const functions = new Map<string, (...args: unknown[]) => unknown>();
  const mapGet = Map.prototype.get;
  // The learner's function by name, uncurried once (a case's every call looks one up).
  const boundGet = Function.prototype.call.bind(mapGet) as (map: Map<string, unknown>, key: string) => unknown;
  const getFunction = (name: string) => boundGet(functions, name) as ((...args: unknown[]) => unknown) | undefined;
  const mapSet = Map.prototype.set;
  const mapDelete = Map.prototype.delete;
  const moduleLinker = linker ? linker({ evaluate: globalEval, apply, MapCtor, mapGet, mapSet, hasOwn, objectCreate, objectKeys, defineProperty, isArray, stringify }) : undefined;
  const linked = (): ModuleLinker => {
    if (!moduleLinker) throw new TypeError('this realm has no module linker');
    return moduleLinker;
  };

  let consoleEntries: ConsoleEntry[] = [];
  let consoleChars = 0;
  let consoleDropped = 0;

  function record(level: ConsoleEntry['level'], args: unknown[]): void {
    if (consoleChars >= options.maxConsoleChars) {
      consoleDropped++;
      return;
    }
    let text: string;
    try {
      text = format(args);
    } catch {
      text = '[console output could not be formatted]';
    }
    const room = options.maxConsoleChars - consoleChars;
    if (text.length > room) text = text.slice(0, room);
    consoleChars += text.length;
    consoleEntries[consoleEntries.length] = { level, text };
  }

  const consoleObject = {
    log: (...args: unknown[]) => record('log', args),
    info: (...args: unknown[]) => record('info', args),
    warn: (...args: unknown[]) => record('warn', args),
    error: (...args: unknown[]) => record('error', args),
    debug: (...args: unknown[]) => record('debug', args),
  };
  Reflect.defineProperty(globalThis, 'console', { value: consoleObject, writable: true, configurable: true });

  function drain(): { console: ConsoleEntry[]; consoleDropped: number } {
    const out = { console: consoleEntries, consoleDropped };
    consoleEntries = [];
    consoleChars = 0;
    consoleDropped = 0;
    return out;
  }

  const OVERFLOW_MESSAGE = 'Maximum call stack size exceeded';
  const findPlace = stackPlace ? stackPlace({ apply, strSlice, strIndexOf, strCharCodeAt, MapCtor, mapGet, mapSet }) : () => ({});
  /** Where in the learner's files an error was thrown (stack-place.ts). */
  const place = (stack: string | undefined, overflow: boolean) => findPlace(stack, overflow, learnerFiles, lineShift);

  /**
   * Describes a thrown value. The value is read exactly once, by the encoder: a getter that answers
   * differently on a second read (a `stack` of a few bytes, then of a megabyte) cannot make the
   * description disagree with the value, or make anyone parse text the encoder did not cap.
   */
  function describeThrown(e: unknown, limits: CodecLimits = options.codecLimits): ThrownValue {
    let value: Encoded;
    try {
      value = encode(e, limits);
    } catch {
      value = { $: 'unreadable', reason: 'the thrown value is too large to show' };
    }
    if (value !== null && typeof value === 'object' && !isArray(value) && value.$ === 'error') {
      const { name, message, stack } = value;
      const overflow = name === 'RangeError' && message === OVERFLOW_MESSAGE;
      return { kind: 'error', name, message, value, ...place(stack, overflow) };
    }
    let shown: string;
    try {
      // Formatted from a copy of what was encoded, so no learner getter runs a second time.
      shown = typeof e === 'string' ? e : format([decode(value)]);
    } catch {
      shown = '[unreadable]';
    }
    return { kind: 'value', name: e === null ? 'null' : typeof e, message: shown, value };
  }

  const getProto = Reflect.getPrototypeOf;
  const ErrorProto = Error.prototype;
  /** A property read as text (a getter or trap that throws, or a value of another type, gives undefined), cut. */
  function textOf(e: object, key: string): string | undefined {
    let v: unknown;
    try {
      v = (e as Record<string, unknown>)[key];
    } catch {
      return undefined;
    }
    if (typeof v !== 'string') return undefined;
    if (v.length <= 10_000) return v;
    // A copy, not the slice itself: V8 keeps a slice's whole parent alive, and a batch of answers
    // holding 10,000 characters of a megabyte message each would fill the realm's memory.
    return parse(stringify(apply(strSlice, v, [0, 10_000]) as string)) as string;
  }

  /**
   * What a generated case's call threw, as the judge compares it: for an Error, its name, message
   * and place only (each property read once), without encoding the value, which no check of a
   * case shows and which costs a cold realm more than the call itself; anything else as
   * {@link describeThrown} describes it.
   */
  function describeThrownBriefly(e: unknown, limits: CodecLimits): ThrownValue {
    if ((typeof e === 'object' && e !== null) || typeof e === 'function') {
      let isError = false;
      try {
        for (let p = getProto(e as object), steps = 0; p !== null && steps < 64; p = getProto(p), steps++) {
          if (p === ErrorProto) {
            isError = true;
            break;
          }
        }
      } catch {
        isError = false;
      }
      if (isError) {
        const named = textOf(e as object, 'name');
        const name = named === undefined || named === '' ? 'Error' : named;
        const message = textOf(e as object, 'message') ?? '';
        const stack = textOf(e as object, 'stack');
        return { kind: 'error', name, message, value: null, ...place(stack, name === 'RangeError' && message === OVERFLOW_MESSAGE) };
      }
    }
    return describeThrown(e, limits);
  }

  function load(request: Extract<GuestRequest, { type: 'load' }>): GuestReply {
    if ('modules' in request) return loadModules(request);
    learnerFiles = [request.filename];
    lineShift = 0;
    // The names are read by a trailer in the same evaluation (module-linker.ts says why).
    let values: unknown;
    try {
      values = globalEval(request.source + '\n;' + linked().trailer(request.names) + '\n//# sourceURL=' + request.filename);
    } catch (e) {
      return { type: 'load-threw', error: describeThrown(e), ...drain() };
    }
    return loaded(request.names, [values]);
  }

  /** The names found, from the first of `found` (one list of values per file) that has each. */
  function loaded(needed: readonly string[], found: readonly unknown[]): GuestReply {
    const names: Record<string, NameKind> = {};
    for (let i = 0; i < needed.length; i++) {
      const name = needed[i] as string;
      let value: unknown;
      for (let f = 0; f < found.length && value === undefined; f++) {
        const values = found[f];
        value = isArray(values) ? (values as unknown[])[i] : undefined;
      }
      names[name] = typeof value === 'function' ? 'function' : value === undefined ? 'missing' : 'not-a-function';
      if (typeof value === 'function') apply(mapSet, functions, [name, value]);
    }
    return { type: 'loaded', names, ...drain() };
  }

  /** An exercise of several files: linked and run as modules (module-linker.ts), the learner's lines one below the wrapper's. */
  function loadModules(request: Extract<GuestRequest, { modules: unknown }>): GuestReply {
    const modules = request.modules;
    learnerFiles = [];
    lineShift = 1;
    for (let i = 0; i < modules.length; i++) learnerFiles[i] = (modules[i] as { filename: string }).filename;
    let found: unknown[];
    try {
      found = linked().link(modules, linked().trailer(request.names));
    } catch (e) {
      return { type: 'load-threw', error: describeThrown(e), ...drain() };
    }
    return loaded(request.names, found);
  }

  /** Arguments sent as JSON text: parsed by the realm's own JSON.parse, listed ones made undefined again. */
  function jsonArgs(text: string, undefinedAt: unknown): unknown {
    const args = parse(text) as unknown;
    if (isArray(undefinedAt) && isArray(args)) {
      for (let i = 0; i < undefinedAt.length; i++) {
        const at = undefinedAt[i];
        if (typeof at === 'number' && at >= 0 && at < args.length) args[at] = undefined;
      }
    }
    return args;
  }

  function settle(seq: number, value: unknown, plainOk: boolean): GuestReply {
    const plain = plainOk && plainJson !== undefined ? plainJson(value, options.codecLimits.maxChars) : undefined;
    if (plain !== undefined) return { type: 'returned', seq, plain, ...drain() };
    try {
      return { type: 'returned', seq, value: encode(value, options.codecLimits), ...drain() };
    } catch (e) {
      const message = e !== null && typeof e === 'object' ? StringCtor((e as Error).message) : '';
      if (message.startsWith('result too large')) {
        return { type: 'too-large', seq, limit: options.codecLimits.maxChars, ...drain() };
      }
      return { type: 'threw', seq, error: describeThrown(e), ...drain() };
    }
  }

  function call(request: Extract<GuestRequest, { type: 'call' }>): GuestReply | Promise<GuestReply> {
    const fn = apply(mapGet, functions, [request.name]) as ((...args: unknown[]) => unknown) | undefined;
    const seq = request.seq;
    if (!fn) {
      return { type: 'threw', seq, error: describeThrown(new TypeError(request.name + ' is not a function')), ...drain() };
    }
    // Sent as JSON text: the judge takes a plain answer back as JSON text too.
    const json = (request as { json?: unknown }).json;
    const plainOk = typeof json === 'string';
    let args: unknown;
    try {
      args = plainOk ? jsonArgs(json, (request as { undefinedAt?: unknown }).undefinedAt) : decode((request as { args: Encoded }).args);
    } catch (e) {
      return { type: 'threw', seq, error: describeThrown(e), ...drain() };
    }
    let result: unknown;
    try {
      result = invoke(fn, isArray(args) ? args : [args], (request as { peer?: PeerCall }).peer, (request as { live?: LivePeer }).live);
    } catch (e) {
      return { type: 'threw', seq, error: describeThrown(e), ...drain() };
    }
    if (!isPromise(result)) return settle(seq, result, plainOk);
    const pending = new PromiseCtor<GuestReply>((resolve) => {
      apply(promiseThen, result, [
        (v: unknown) => resolve(settle(seq, v, plainOk)),
        (e: unknown) => resolve({ type: 'threw', seq, error: describeThrown(e), ...drain() }),
      ]);
    });
    apply(weakAdd, ours, [pending]);
    return pending;
  }

  /**
   * A `cases` request: every case's calls in order, awaiting a promise before the next call, so a
   * case sees the state its earlier calls left. Written as continuations over the captured
   * `then` (not async/await, which would look up learner-patchable members of a promise).
   * Each case has the same room for its answers (`caseBudget`): an answer is encoded within what
   * its case has left, and one that does not fit is answered `tooLarge`, which ends the case. Once
   * the answers pass `budget`, or `timeMs` has passed, no further case starts (the judge sends
   * the rest again).
   */
  function cases(request: Extract<GuestRequest, { type: 'cases' }>): GuestReply | Promise<GuestReply> {
    const seq = request.seq;
    const all = request.cases;
    const answers: CallAnswer[][] = [];
    let used = 0;
    const until = clock() + request.timeMs;
    let left = request.caseBudget;
    let at = 0;
    let k = 0;
    let current: CallAnswer[] = [];
    const spend = (size: number): void => {
      left -= size;
      used += size;
    };
    const limits = (): CodecLimits => ({ maxChars: left < options.codecLimits.maxChars ? left : options.codecLimits.maxChars, maxDepth: options.codecLimits.maxDepth });
    const endCase = (): void => {
      answers[answers.length] = current;
      current = [];
      at++;
      k = 0;
      left = request.caseBudget;
    };
    // Records what a call threw; the case ends there.
    const threw = (e: unknown): void => {
      if (left > 0) {
        const thrown = describeThrownBriefly(e, limits());
        const size = stringify(thrown).length;
        if (size <= left) {
          spend(size);
          current[current.length] = { threw: thrown };
          return endCase();
        }
      }
      current[current.length] = { tooLarge: left > 0 ? left : 0 };
      endCase();
    };
    // Records a returned value; when it does not fit, the case ends there.
    const returned = (value: unknown): void => {
      // A number, not limits(): this runs once per answer, and the plain path needs no object.
      const room = left < options.codecLimits.maxChars ? left : options.codecLimits.maxChars;
      if (room > 0) {
        const plain = plainJson === undefined ? undefined : plainJson(value, room);
        if (plain !== undefined) {
          spend(plain.length);
          current[current.length] = { plain };
          return;
        }
        try {
          const text = stringify(encode(value, limits()));
          spend(text.length);
          current[current.length] = { returned: text };
          return;
        } catch (e) {
          const message = e !== null && typeof e === 'object' ? StringCtor((e as Error).message) : '';
          if (!message.startsWith('result too large')) return threw(e);
        }
      }
      current[current.length] = { tooLarge: room > 0 ? room : 0 };
      endCase();
    };
    const step = (): GuestReply | Promise<GuestReply> => {
      while (at < all.length) {
        // Between cases only: a case is never cut, and the first always runs.
        if (k === 0 && answers.length > 0 && (used >= request.budget || clock() >= until)) break;
        const calls = all[at] as CaseCall[];
        if (k >= calls.length) {
          endCase();
          continue;
        }
        const c = calls[k] as CaseCall & { args?: Encoded; json?: string };
        k++;
        const fn = getFunction(c.name);
        let result: unknown;
        try {
          if (!fn) throw new TypeError(c.name + ' is not a function');
          const args = typeof c.json === 'string' ? jsonArgs(c.json, (c as { undefinedAt?: unknown }).undefinedAt) : decode(c.args as Encoded);
          result = invoke(fn, isArray(args) ? args : [args], c.peer);
        } catch (e) {
          threw(e);
          continue;
        }
        if (!isPromise(result)) {
          returned(result);
          continue;
        }
        const pending = new PromiseCtor<GuestReply>((resolve) => {
          const resume = () => {
            const next = step();
            if (apply(weakHas, ours, [next])) apply(promiseThen, next, [resolve]);
            else resolve(next as GuestReply);
          };
          apply(promiseThen, result, [
            (v: unknown) => {
              returned(v);
              resume();
            },
            (e: unknown) => {
              threw(e);
              resume();
            },
          ]);
        });
        apply(weakAdd, ours, [pending]);
        return pending;
      }
      return { type: 'answered', seq, answers, ...drain() };
    };
    return step();
  }

  function handle(request: GuestRequest): GuestReply | Promise<GuestReply> {
    if (request.type === 'load') return load(request);
    return request.type === 'cases' ? cases(request) : call(request);
  }

  /** Replies kept for `resume` until the host confirms them (isolated-vm only; see GuestAgent). */
  const kept = new Map<string | number, string | Promise<string>>();

  function toJson(reply: GuestReply | Promise<GuestReply>): string | Promise<string> {
    // Only promises this agent made count as pending: learner code cannot fake one.
    if (apply(weakHas, ours, [reply])) return apply(promiseThen, reply, [(r: GuestReply) => stringify(r)]) as Promise<string>;
    return stringify(reply);
  }

  return {
    handle,
    handleJson(text: string): string | Promise<string> {
      return toJson(handle(parse(text) as GuestRequest));
    },
    handleJsonSync(text: string, delivered?: string): string {
      if (delivered) {
        const keys = parse(delivered) as unknown;
        if (isArray(keys)) for (let i = 0; i < keys.length; i++) apply(mapDelete, kept, [keys[i]]);
      }
      const request = parse(text) as GuestRequest;
      const reply = toJson(handle(request));
      apply(mapSet, kept, [request.type === 'load' ? 'load' : request.seq, reply]);
      return typeof reply === 'string' ? reply : '';
    },
    resume(key: string | number) {
      return apply(mapGet, kept, [key]) as string | Promise<string> | undefined;
    },
    peerIn(text: string): void {
      current?.deliver(parse(text) as LiveIn);
    },
  };
}
