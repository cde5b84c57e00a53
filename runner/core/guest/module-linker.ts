/**
 * The files of an exercise of several, run as modules: each body (prepare-modules.ts made it:
 * imports turned into calls, exports listed) is wrapped in a function of its imports and exports,
 * on one line of its own so the learner's lines sit one below it, evaluated under its file name,
 * then run in order; an import runs the file it names first, once, as modules do, and importing
 * a name the file does not export throws the SyntaxError a module's link would. Exports are
 * offered before the body runs, read when used: a file imported back while it runs already offers
 * its (hoisted) functions.
 *
 * One linker for both realms that run learner files: the guest carries this function's source
 * into the learner's realm (guest/source.ts), with the realm's builtins captured before learner
 * code runs, and the judge realm (check/modules-here.ts) calls it with its own. So it is
 * self-contained: it uses only what `p` gives it.
 */
import type { ModuleFile } from '../protocol.ts';

/** What the linker uses, captured by whoever makes it. */
export interface LinkerPrimordials {
  /** Evaluates wrapped source text in the realm's global scope (an indirect eval). */
  evaluate: (source: string) => unknown;
  apply: typeof Reflect.apply;
  MapCtor: MapConstructor;
  mapGet: (this: Map<unknown, unknown>, key: unknown) => unknown;
  mapSet: (this: Map<unknown, unknown>, key: unknown, value: unknown) => unknown;
  hasOwn: (o: object, key: PropertyKey) => boolean;
  objectCreate: (proto: null) => object;
  objectKeys: (o: object) => string[];
  defineProperty: (o: object, key: PropertyKey, descriptor: PropertyDescriptor) => object;
  isArray: (value: unknown) => value is unknown[];
  /** JSON text of a string (an export's name in the wrapper). */
  stringify: (value: unknown) => string;
}

export interface ModuleLinker {
  /**
   * An expression giving each of `names` as the code's top-level scope holds it (undefined when
   * it declares none), for the end of a body: indirect eval keeps `const`, `let` and `class`
   * bindings local to the evaluation, and learners write `const route = (msg) => ...` too. Names
   * are identifiers (checked by the content schema).
   */
  trailer(names: readonly string[]): string;
  /**
   * Links and runs `modules`; returns what `trailer` gave in each file, in the order the files
   * ran. Throws what the learner's code throws.
   */
  link(modules: readonly ModuleFile[], trailer: string): unknown[];
}

export function makeModuleLinker(p: LinkerPrimordials): ModuleLinker {
  const { evaluate, apply, MapCtor, mapGet, mapSet, hasOwn, objectCreate, objectKeys, defineProperty, isArray, stringify } = p;
  const trailer = (names: readonly string[]): string => {
    let text = '[';
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      text += (i ? ',' : '') + '(typeof ' + name + " === 'undefined' ? undefined : " + name + ')';
    }
    return text + ']';
  };
  const link = (modules: readonly ModuleFile[], trailer: string): unknown[] => {
    type Body = (imp: (name: string, wanted?: unknown) => Record<string, unknown>, exp: (getters: Record<string, () => unknown>) => void) => unknown;
    const defined = new MapCtor<string, Body>();
    const tables = new MapCtor<string, Record<string, unknown>>();
    const found: unknown[] = [];
    /** An import of `name` taking `wanted`: each must be exported, or it throws as a module's link does. */
    const importOf = (name: string, wanted?: unknown): Record<string, unknown> => {
      const table = run(name);
      if (isArray(wanted)) {
        for (let w = 0; w < wanted.length; w++) {
          const key = wanted[w] as string;
          if (!apply(hasOwn, undefined, [table, key])) throw new SyntaxError("The requested module './" + name + "' does not provide an export named '" + key + "'");
        }
      }
      return table;
    };
    const run = (name: string): Record<string, unknown> => {
      const done = apply(mapGet, tables, [name]) as Record<string, unknown> | undefined;
      if (done) return done;
      const table = objectCreate(null) as Record<string, unknown>;
      apply(mapSet, tables, [name, table]);
      const body = apply(mapGet, defined, [name]) as Body | undefined;
      if (!body) throw new TypeError('there is no file ' + name);
      const exp = (getters: Record<string, () => unknown>): void => {
        const keys = objectKeys(getters);
        for (let k = 0; k < keys.length; k++) defineProperty(table, keys[k] as string, { get: getters[keys[k] as string], enumerable: true });
      };
      found[found.length] = apply(body, undefined, [importOf, exp]);
      return table;
    };
    for (let i = 0; i < modules.length; i++) {
      const m = modules[i] as ModuleFile;
      let getters = '';
      for (let k = 0; k < m.exports.length; k++) {
        const pair = m.exports[k] as [string, string];
        getters += (k ? ', ' : '') + stringify(pair[0]) + ': function () { return ' + pair[1] + '; }';
      }
      // The exports first, on the wrapper's own line: the learner's lines are one below theirs.
      const wrapped = '(function (__courseImport, __courseExport) { __courseExport({ ' + getters + ' });\n' + m.body + '\nreturn ' + trailer + ';\n})\n//# sourceURL=' + m.filename;
      apply(mapSet, defined, [m.filename, evaluate(wrapped)]);
    }
    for (let i = 0; i < modules.length; i++) run((modules[i] as ModuleFile).filename);
    return found;
  };
  return { trailer, link };
}
