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
import type { ConsoleEntry, GuestReply, GuestRequest, NameKind, ThrownValue } from '../protocol.ts';

export interface GuestOptions {
  codecLimits: CodecLimits;
  /** Total console characters kept between two replies; later output is counted as dropped. */
  maxConsoleChars: number;
}

export interface GuestAgent {
  /** Handles one request; replies synchronously, or with a promise when learner code returned one. */
  handle(request: GuestRequest): GuestReply | Promise<GuestReply>;
  /** The same for hosts that can only pass strings: request JSON in, reply JSON (or its promise) out. */
  handleJson(text: string): string | Promise<string>;
  /**
   * `handleJson` for hosts that call synchronously: the reply JSON, or '' when learner code
   * returned a promise (fetch the reply with `resume` once it settles).
   */
  handleJsonSync(text: string): string;
  /**
   * The reply of the last `handleJson` again. isolated-vm throws a learner's unhandled promise
   * rejection out of whatever evaluation is running, losing that evaluation's value; the host
   * then asks for the reply here, so the verdict matches a browser's (which only logs it).
   */
  resume(): string | Promise<string> | undefined;
}

export function guestAgent(
  encode: (value: unknown, limits: CodecLimits) => Encoded,
  decode: (encoded: Encoded) => unknown,
  format: (args: unknown[]) => string,
  writeJson: (value: unknown) => string,
  options: GuestOptions,
): GuestAgent {
  const globalEval = globalThis.eval;
  const apply = Reflect.apply;
  const getOwnDesc = Reflect.getOwnPropertyDescriptor;
  const objectToString = Object.prototype.toString;
  const isArray = Array.isArray;
  const StringCtor = String;
  const PromiseCtor = Promise;
  const promiseThen = Promise.prototype.then;
  const isPromise = (v: unknown): v is Promise<unknown> =>
    v !== null && typeof v === 'object' && apply(objectToString, v, []) === '[object Promise]';
  // Not JSON.stringify: it would look up a learner's Object.prototype.toJSON while writing replies.
  const stringify = writeJson;
  const parse = JSON.parse;
  const ours = new WeakSet<object>();
  const weakAdd = WeakSet.prototype.add;
  const weakHas = WeakSet.prototype.has;
  const stackPlace = /\(?([^\s()]+):(\d+):(\d+)\)?/g;

  let loadedFilename = '';
  const functions = new Map<string, (...args: unknown[]) => unknown>();
  const mapGet = Map.prototype.get;
  const mapSet = Map.prototype.set;

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

  function place(stack: unknown): { line?: number; column?: number } {
    if (typeof stack !== 'string' || !loadedFilename) return {};
    stackPlace.lastIndex = 0;
    for (let m = stackPlace.exec(stack); m; m = stackPlace.exec(stack)) {
      if (m[1] === loadedFilename || m[1]?.endsWith('/' + loadedFilename)) {
        return { line: Number(m[2]), column: Number(m[3]) };
      }
    }
    return {};
  }

  function describeThrown(e: unknown): ThrownValue {
    let value: Encoded;
    try {
      value = encode(e, options.codecLimits);
    } catch {
      value = { $: 'unreadable', reason: 'the thrown value is too large to show' };
    }
    const isError = e !== null && typeof e === 'object' && apply(objectToString, e, []) === '[object Error]';
    if (isError) {
      let name = 'Error';
      let message = '';
      let stack: unknown;
      try {
        name = StringCtor(getOwnDesc(e, 'name')?.value ?? (e as Error).name);
        message = StringCtor((e as Error).message);
        // A data property in Node's V8, an accessor in current Chromium: read it either way.
        const desc = getOwnDesc(e, 'stack');
        stack = desc ? ('value' in desc ? desc.value : desc.get ? apply(desc.get, e, []) : undefined) : undefined;
      } catch {
        // A hostile error object: keep what we have.
      }
      return { kind: 'error', name, message, value, ...place(stack) };
    }
    let shown = '';
    try {
      shown = typeof e === 'string' ? e : format([e]);
    } catch {
      shown = '[unreadable]';
    }
    return { kind: 'value', name: e === null ? 'null' : typeof e, message: shown, value };
  }

  function load(request: Extract<GuestRequest, { type: 'load' }>): GuestReply {
    loadedFilename = request.filename;
    // The names are read by a trailer in the SAME evaluation: indirect eval keeps `const`, `let`
    // and `class` bindings local to it, and learners write `const route = (msg) => ...` too.
    // Names are identifiers (checked by the content schema); the learner's lines stay unchanged.
    let trailer = '\n;[';
    for (let i = 0; i < request.names.length; i++) {
      const name = request.names[i] as string;
      trailer += (i ? ',' : '') + '(typeof ' + name + " === 'undefined' ? undefined : " + name + ')';
    }
    trailer += ']\n//# sourceURL=' + request.filename;
    let values: unknown;
    try {
      values = globalEval(request.source + trailer);
    } catch (e) {
      return { type: 'load-threw', error: describeThrown(e), ...drain() };
    }
    const names: Record<string, NameKind> = {};
    for (let i = 0; i < request.names.length; i++) {
      const name = request.names[i] as string;
      const value = isArray(values) ? (values as unknown[])[i] : undefined;
      names[name] = typeof value === 'function' ? 'function' : value === undefined ? 'missing' : 'not-a-function';
      if (typeof value === 'function') apply(mapSet, functions, [name, value]);
    }
    return { type: 'loaded', names, ...drain() };
  }

  function settle(seq: number, value: unknown): GuestReply {
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
    let args: unknown;
    try {
      args = decode(request.args);
    } catch (e) {
      return { type: 'threw', seq, error: describeThrown(e), ...drain() };
    }
    let result: unknown;
    try {
      result = apply(fn, undefined, isArray(args) ? args : [args]);
    } catch (e) {
      return { type: 'threw', seq, error: describeThrown(e), ...drain() };
    }
    if (!isPromise(result)) return settle(seq, result);
    const pending = new PromiseCtor<GuestReply>((resolve) => {
      apply(promiseThen, result, [
        (v: unknown) => resolve(settle(seq, v)),
        (e: unknown) => resolve({ type: 'threw', seq, error: describeThrown(e), ...drain() }),
      ]);
    });
    apply(weakAdd, ours, [pending]);
    return pending;
  }

  function handle(request: GuestRequest): GuestReply | Promise<GuestReply> {
    return request.type === 'load' ? load(request) : call(request);
  }

  let last: string | Promise<string> | undefined;

  return {
    handle,
    handleJson(text: string): string | Promise<string> {
      const reply = handle(parse(text) as GuestRequest);
      // Only promises this agent made count as pending: learner code cannot fake one.
      if (apply(weakHas, ours, [reply])) {
        last = apply(promiseThen, reply, [(r: GuestReply) => stringify(r)]) as Promise<string>;
      } else {
        last = stringify(reply);
      }
      return last;
    },
    handleJsonSync(text: string): string {
      const reply = this.handleJson(text);
      return typeof reply === 'string' ? reply : '';
    },
    resume() {
      return last;
    },
  };
}
