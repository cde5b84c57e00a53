/**
 * Formats console arguments inside the learner's realm, close to Node's `console.log`, so lesson
 * snippets print what learners expect and a prediction is checked against real output.
 *
 * Injected by source text (see source.ts): self-contained, no outside references. It is created
 * before learner code runs and keeps its own copies of the intrinsics it uses.
 */
export function makeConsoleFormatter(): (args: unknown[]) => string {
  const ownKeys = Reflect.ownKeys;
  const getOwnDesc = Reflect.getOwnPropertyDescriptor;
  const getProto = Reflect.getPrototypeOf;
  const isArray = Array.isArray;
  const jsonQuote = JSON.stringify;
  const StringCtor = String;
  const objectToString = Object.prototype.toString;
  const apply = Reflect.apply;
  const mapEntries = Map.prototype.entries;
  const setValues = Set.prototype.values;
  const mapSize = Reflect.getOwnPropertyDescriptor(Map.prototype, 'size')?.get;
  const setSize = Reflect.getOwnPropertyDescriptor(Set.prototype, 'size')?.get;
  const dateToISO = Date.prototype.toISOString;
  const regexpToString = RegExp.prototype.toString;
  const symbolToString = Symbol.prototype.toString;
  const MAX_ITEMS = 100;
  const MAX_DEPTH = 2;

  function tag(v: object): string {
    return apply(objectToString, v, []) as string;
  }

  function quote(s: string): string {
    // Node prints nested strings in single quotes.
    const inner = jsonQuote(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
    return "'" + inner + "'";
  }

  function className(v: object): string | null {
    try {
      const proto = getProto(v);
      if (proto === null) return '[Object: null prototype]';
      const ctor = getOwnDesc(proto, 'constructor')?.value;
      const name = typeof ctor === 'function' ? (getOwnDesc(ctor, 'name')?.value as unknown) : undefined;
      return typeof name === 'string' && name !== 'Object' ? name : null;
    } catch {
      return null;
    }
  }

  function key(k: string | symbol): string {
    if (typeof k === 'symbol') return '[' + (apply(symbolToString, k, []) as string) + ']';
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : quote(k);
  }

  function inspect(v: unknown, depth: number, seen: object[]): string {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'undefined':
        return 'undefined';
      case 'string':
        return quote(v);
      case 'number':
        return Object.is(v, -0) ? '-0' : StringCtor(v);
      case 'bigint':
        return StringCtor(v) + 'n';
      case 'boolean':
        return v ? 'true' : 'false';
      case 'symbol':
        return apply(symbolToString, v, []) as string;
      case 'function': {
        const name = getOwnDesc(v, 'name')?.value;
        return '[Function: ' + (typeof name === 'string' && name ? name : '(anonymous)') + ']';
      }
    }
    const o = v as object;
    if (seen.includes(o)) return '[Circular *]';
    try {
      const t = tag(o);
      if (t === '[object Error]') {
        const name = (o as Error).name;
        const message = (o as Error).message;
        return StringCtor(name) + (message ? ': ' + StringCtor(message) : '');
      }
      if (t === '[object Date]') {
        try {
          return apply(dateToISO, o, []) as string;
        } catch {
          return 'Invalid Date';
        }
      }
      if (t === '[object RegExp]') return apply(regexpToString, o, []) as string;
      if (t === '[object Promise]') return 'Promise { <unknown> }';
      const cls = className(o);
      if (depth > MAX_DEPTH) return isArray(o) ? '[Array]' : '[' + (cls ?? 'Object') + ']';
      const inner = [...seen, o];
      const parts: string[] = [];
      if (t === '[object Map]' && mapSize) {
        const it = apply(mapEntries, o, []) as IterableIterator<[unknown, unknown]>;
        for (const [k, val] of it) {
          if (parts.length >= MAX_ITEMS) break;
          parts.push(inspect(k, depth + 1, inner) + ' => ' + inspect(val, depth + 1, inner));
        }
        const size = apply(mapSize, o, []) as number;
        return 'Map(' + size + ') {' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
      }
      if (t === '[object Set]' && setSize) {
        const it = apply(setValues, o, []) as IterableIterator<unknown>;
        for (const val of it) {
          if (parts.length >= MAX_ITEMS) break;
          parts.push(inspect(val, depth + 1, inner));
        }
        const size = apply(setSize, o, []) as number;
        return 'Set(' + size + ') {' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
      }
      const keys = ownKeys(o);
      if (isArray(o)) {
        const len = o.length;
        for (let i = 0; i < len && parts.length < MAX_ITEMS; i++) {
          const d = getOwnDesc(o, StringCtor(i));
          parts.push(d ? inspect('value' in d ? d.value : '[Getter]', depth + 1, inner) : '<empty>');
        }
        if (len > MAX_ITEMS) parts.push('... ' + (len - MAX_ITEMS) + ' more items');
        return parts.length ? '[ ' + parts.join(', ') + ' ]' : '[]';
      }
      for (const k of keys) {
        if (parts.length >= MAX_ITEMS) break;
        const d = getOwnDesc(o, k);
        if (!d || !d.enumerable) continue;
        const shown = 'value' in d ? inspect(d.value, depth + 1, inner) : '[Getter]';
        parts.push(key(k) + ': ' + shown);
      }
      const body = parts.length ? '{ ' + parts.join(', ') + ' }' : '{}';
      return cls ? cls + ' ' + body : body;
    } catch {
      return '[unreadable]';
    }
  }

  return function format(args: unknown[]): string {
    const out: string[] = [];
    for (const a of args) out.push(typeof a === 'string' ? a : inspect(a, 0, []));
    return out.join(' ');
  };
}
