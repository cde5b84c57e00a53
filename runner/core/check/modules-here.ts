/**
 * An exercise's files run as modules in this realm, for implementations called directly (the
 * exercises project, where `@course/learner` is the reference or a submission): the module
 * bodies prepare-modules.ts makes, linked by the guest's own linker (guest/module-linker.ts) with
 * this realm's builtins. Returns each of `names` from the first file that declares it.
 */
import { makeModuleLinker } from '../guest/module-linker.ts';
import type { ModuleFile } from '../protocol.ts';

const linker = makeModuleLinker({
  // Indirect: the wrapped bodies are evaluated in the global scope, as the guest's are.
  evaluate: (source) => (0, eval)(source) as unknown,
  apply: Reflect.apply,
  MapCtor: Map,
  mapGet: Map.prototype.get as never,
  mapSet: Map.prototype.set as never,
  hasOwn: Object.hasOwn,
  objectCreate: Object.create,
  objectKeys: Object.keys,
  defineProperty: Object.defineProperty,
  isArray: Array.isArray,
  stringify: JSON.stringify,
});

export function modulesHere(modules: readonly ModuleFile[], names: readonly string[]): Record<string, unknown> {
  const found = linker.link(modules, linker.trailer(names)) as unknown[][];
  return Object.fromEntries(names.map((n, i) => [n, found.map((values) => values[i]).find((v) => v !== undefined)]));
}
