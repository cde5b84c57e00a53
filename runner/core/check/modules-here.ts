/**
 * An exercise's files run as modules in this realm, for implementations called directly (the
 * exercises project, where `@course/learner` is the reference or a submission): the module
 * bodies prepare-modules.ts makes, each wrapped as the guest wraps it (guest/agent.ts,
 * `loadModules`: exports offered first, an import of a name not exported a SyntaxError), run in
 * order. The guest's copy stays in the guest: it is serialized into the realm and keeps its own
 * captured builtins. Returns each of `names` from the first file that declares it.
 */
import type { ModuleFile } from '../protocol.ts';

export function modulesHere(modules: readonly ModuleFile[], names: readonly string[]): Record<string, unknown> {
  const trailer = `[${names.map((n) => `(typeof ${n} === 'undefined' ? undefined : ${n})`).join(', ')}]`;
  const bodies = new Map<string, (imp: (name: string, wanted?: string[]) => Record<string, unknown>, exp: (getters: Record<string, () => unknown>) => void) => unknown[]>();
  for (const m of modules) {
    const getters = m.exports.map(([as, local]) => `${JSON.stringify(as)}: function () { return ${local}; }`).join(', ');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the learner's code, prepared, run as the sandbox runs it
    bodies.set(m.filename, new Function('__courseImport', '__courseExport', `__courseExport({ ${getters} });\n${m.body}\nreturn ${trailer};\n//# sourceURL=${m.filename}`) as never);
  }
  const tables = new Map<string, Record<string, unknown>>();
  const found: unknown[][] = [];
  const run = (name: string): Record<string, unknown> => {
    const done = tables.get(name);
    if (done) return done;
    const table: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    tables.set(name, table);
    const body = bodies.get(name);
    if (!body) throw new TypeError(`there is no file ${name}`);
    const exp = (getters: Record<string, () => unknown>) => {
      for (const [key, get] of Object.entries(getters)) Object.defineProperty(table, key, { get, enumerable: true });
    };
    const imp = (target: string, wanted?: string[]) => {
      const other = run(target);
      for (const key of wanted ?? []) if (!Object.hasOwn(other, key)) throw new SyntaxError(`The requested module './${target}' does not provide an export named '${key}'`);
      return other;
    };
    found.push(body(imp, exp));
    return table;
  };
  for (const m of modules) run(m.filename);
  return Object.fromEntries(names.map((n, i) => [n, found.map((values) => values[i]).find((v) => v !== undefined)]));
}
