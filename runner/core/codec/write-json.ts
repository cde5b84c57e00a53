/**
 * JSON text of trusted, JSON-safe data (an Encoded tree, a whole GuestReply) written inside the
 * learner's realm. Why not just the realm's JSON.stringify, even captured early: it looks up
 * `toJSON` on every object and array through the prototype chain, so a learner's
 * `Object.prototype.toJSON` (or a proxy under Array.prototype) would run during serialization and
 * could change the reply. So the captured JSON.stringify is used only while neither prototype has
 * a `toJSON` and Array.prototype still inherits straight from Object.prototype (checked on every
 * call, three cheap own-property checks); otherwise a slower writer that never looks up `toJSON`.
 * Input must be plain data built by trusted code: ordinary objects and arrays with the realm's
 * own prototypes and own data properties.
 *
 * Self-contained factory like `makeEncoder`: inject by source text and call before learner code.
 * Only own string-keyed properties are read; JSON.stringify is used on strings alone (a string
 * has no `toJSON` lookup).
 */

/** The function `makeJsonWriter` returns: `JSON.stringify` for plain data, without `toJSON`. */
export type WriteJsonFn = (value: unknown) => string;

/** Captures intrinsics and returns a JSON writer that uses only them. */
export function makeJsonWriter(): WriteJsonFn {
  const stringify = JSON.stringify as (text: string) => string;
  const ownKeys = Reflect.ownKeys;
  const apply = Reflect.apply;
  const reExec = RegExp.prototype.exec;
  // Strings without quotes, backslashes, control characters or surrogates need no escaping;
  // the rest go through JSON.stringify. (exec is called directly: `test` would look it up.)
  const special = /["\\\u0000-\u001f\ud800-\udfff]/;
  const quote = (text: string): string => (apply(reExec, special, [text]) === null ? '"' + text + '"' : stringify(text));
  // Keys repeat (`$`, `id`, `props`...): remember their quoted form.
  const quotedKeys: Record<string, string> = Object.create(null);
  let quotedCount = 0;
  const isArray = Array.isArray;
  const TypeErrorCtor = TypeError;
  const getProto = Reflect.getPrototypeOf;
  const hasOwn = Object.hasOwn;
  const ObjectProto = Object.prototype;
  const ArrayProto = Array.prototype;
  // Whether JSON.stringify would find no `toJSON` on our data's prototype chains.
  const nativeIsSafe = (): boolean =>
    getProto(ArrayProto) === ObjectProto && !hasOwn(ArrayProto, 'toJSON') && !hasOwn(ObjectProto, 'toJSON');
  const MAX_DEPTH = 2_000; // Encoded trees nest about 4 levels per value level (limit 200)

  // Values JSON.stringify leaves out of objects (and writes as null in arrays).
  const skipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

  const write = (value: unknown, depth: number): string => {
    switch (typeof value) {
      case 'string': return quote(value);
      case 'number': return value === value && value !== Infinity && value !== -Infinity ? '' + value : 'null';
      case 'boolean': return value ? 'true' : 'false';
      case 'object': break;
      default: throw new TypeErrorCtor('writeJson: a ' + typeof value + ' cannot be written as JSON');
    }
    if (value === null) return 'null';
    if (depth > MAX_DEPTH) throw new TypeErrorCtor('writeJson: nesting deeper than ' + MAX_DEPTH + ' (a cycle?)');
    if (isArray(value)) {
      const n = value.length;
      let out = '[';
      for (let i = 0; i < n; i++) {
        const item: unknown = value[i];
        if (i > 0) out += ',';
        out += skipped(item) ? 'null' : write(item, depth + 1);
      }
      return out + ']';
    }
    const keys = ownKeys(value);
    let out = '{';
    let first = true;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string') continue;
      const item: unknown = (value as Record<string, unknown>)[key];
      if (skipped(item)) continue;
      if (!first) out += ',';
      first = false;
      let quoted = quotedKeys[key];
      if (quoted === undefined) {
        quoted = quote(key);
        if (quotedCount < 1000) { quotedKeys[key] = quoted; quotedCount++; }
      }
      out += quoted + ':' + write(item, depth + 1);
    }
    return out + '}';
  };

  return function writeJson(value: unknown): string {
    return nativeIsSafe() ? stringify(value as string) : write(value, 0);
  };
}

/** {@link makeJsonWriter} for this realm. */
export const writeJson: WriteJsonFn = makeJsonWriter();
