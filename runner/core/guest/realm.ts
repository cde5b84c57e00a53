/**
 * What learner code finds in its realm, made the same in every host. The Node host runs learner
 * code in a bare V8 isolate (Node 20's V8); the browser host in a worker of the current Chromium,
 * whose V8 is years newer and which adds the web platform (timers, `self`, `fetch`...). A
 * submission that used something only one of them has would pass in one and fail in the other.
 *
 * So both hosts run {@link pruneRealm} with the one list in `learner-realm.ts`, after the guest
 * and the host's glue have captured what they need and before any learner code: every global,
 * static member and prototype member not on the list is deleted. {@link realmInventory} lists
 * what a realm really has; tests run it in both hosts and compare with the list.
 *
 * The functions travel as source text (see source.ts): self-contained, no imports, no outside names.
 */

/** Place (see {@link realmPlaces}) -> own property keys there, sorted. */
export type RealmInventory = Record<string, string[]>;

/** The places of a realm whose own keys are listed and pruned, and how a key is written. */
export interface RealmPlaces {
  /**
   * `globalThis` (the global and each of its prototypes below Object.prototype, all under that
   * one name), then `<name>` and `<name>.prototype` for each global object or function, then
   * intrinsics with no global name (`%IteratorPrototype%`...).
   */
  places: [path: string, target: object][];
  /** Symbol keys are written `@@<name>` for well-known symbols, else `@@for:<key>` or `@@<description>`. */
  keyName: (key: string | symbol) => string;
}

/** Finds the places of the realm it runs in. */
export function realmPlaces(): RealmPlaces {
  const g = globalThis as Record<string, unknown>;
  const keyName = (key: string | symbol): string => {
    if (typeof key === 'string') return key;
    const description = key.description ?? '';
    if (description.startsWith('Symbol.')) return '@@' + description.slice(7);
    return Symbol.keyFor(key) !== undefined ? '@@for:' + description : '@@' + description;
  };
  const isObject = (v: unknown): v is object => (typeof v === 'object' && v !== null) || typeof v === 'function';
  const protoOf = (v: object): object => Reflect.getPrototypeOf(v) as object;
  const places: [string, object][] = [];
  const globals: object[] = [];
  for (let p: object | null = g; p !== null && p !== Object.prototype; p = Reflect.getPrototypeOf(p)) globals.push(p);
  for (const target of globals) places.push(['globalThis', target]);
  const seen = new Set<string>();
  for (const target of globals) {
    for (const key of Reflect.ownKeys(target)) {
      // `constructor` is the global's own class (Chromium's DedicatedWorkerGlobalScope), not a global.
      if (typeof key !== 'string' || key === 'constructor' || seen.has(key)) continue;
      seen.add(key);
      let value: unknown;
      try {
        value = g[key];
      } catch {
        continue;
      }
      if (!isObject(value) || value === g) continue;
      places.push([key, value]);
      const proto = (value as { prototype?: unknown }).prototype;
      if (typeof value === 'function' && isObject(proto)) places.push([key + '.prototype', proto]);
    }
  }
  const hidden: [string, () => object][] = [
    ['%TypedArray%', () => protoOf(Uint8Array)],
    ['%TypedArray%.prototype', () => protoOf(Uint8Array.prototype)],
    ['%IteratorPrototype%', () => protoOf(protoOf([][Symbol.iterator]()))],
    ['%ArrayIteratorPrototype%', () => protoOf([][Symbol.iterator]())],
    ['%StringIteratorPrototype%', () => protoOf(''[Symbol.iterator]())],
    ['%MapIteratorPrototype%', () => protoOf(new Map()[Symbol.iterator]())],
    ['%SetIteratorPrototype%', () => protoOf(new Set()[Symbol.iterator]())],
    ['%RegExpStringIteratorPrototype%', () => protoOf(/a/[Symbol.matchAll](''))],
    ['%GeneratorFunction%.prototype', () => protoOf(function* () {})],
    ['%GeneratorPrototype%', () => protoOf(protoOf((function* () {})()))],
    ['%AsyncFunction%.prototype', () => protoOf(async function () {})],
    ['%AsyncGeneratorFunction%.prototype', () => protoOf(async function* () {})],
    ['%AsyncGeneratorPrototype%', () => protoOf(protoOf((async function* () {})()))],
    ['%AsyncIteratorPrototype%', () => protoOf(protoOf(protoOf((async function* () {})())))],
  ];
  for (const [path, find] of hidden) {
    try {
      places.push([path, find()]);
    } catch {
      // A realm without it lists nothing there.
    }
  }
  return { places, keyName };
}

/** Lists what the realm offers: every place's own keys. */
export function realmInventory(find: () => RealmPlaces): RealmInventory {
  const { places, keyName } = find();
  const out = new Map<string, Set<string>>();
  for (const [path, target] of places) {
    const keys = out.get(path) ?? new Set<string>();
    out.set(path, keys);
    for (const key of Reflect.ownKeys(target)) keys.add(keyName(key));
  }
  const sorted: RealmInventory = {};
  for (const path of [...out.keys()].sort()) sorted[path] = [...(out.get(path) as Set<string>)].sort();
  return sorted;
}

/**
 * Deletes every own key of every place that `allowed` does not list there. An object reached
 * under several names (Chromium's `Iterator.prototype` is `%IteratorPrototype%`) keeps what any
 * allowed name of it lists; places with no allowed name are left alone, since the global that
 * leads to them is deleted. Members go before the globals that lead to them. Returns the keys
 * that could not be deleted (non-configurable), as `<path> <key>`; tests expect none.
 */
export function pruneRealm(allowed: RealmInventory, find: () => RealmPlaces): string[] {
  const { places, keyName } = find();
  const keep = new Map<object, { path: string; keys: Set<string> }>();
  for (const [path, target] of places) {
    const keys = allowed[path];
    if (keys === undefined) continue;
    const entry = keep.get(target) ?? { path, keys: new Set<string>() };
    keep.set(target, entry);
    for (const key of keys) entry.keys.add(key);
  }
  const stuck: string[] = [];
  const globals = [...keep].filter(([, { path }]) => path === 'globalThis');
  const members = [...keep].filter(([, { path }]) => path !== 'globalThis');
  for (const [target, { path, keys }] of [...members, ...globals]) {
    for (const key of Reflect.ownKeys(target)) {
      const name = keyName(key);
      if (keys.has(name)) continue;
      let deleted = false;
      try {
        deleted = Reflect.deleteProperty(target, key);
      } catch {
        deleted = false;
      }
      if (!deleted) stuck.push(path + ' ' + name);
    }
  }
  return stuck;
}

/**
 * An expression that evaluates to the realm's inventory where it runs: for tests, which list
 * each host's realm as learner code sees it. (`__name`: bundlers that keep function names call it.)
 */
export function inventoryExpression(): string {
  return `(function () { var __name = function (t) { return t; }; return (${realmInventory.toString()})(${realmPlaces.toString()}); })()`;
}
