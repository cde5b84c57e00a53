/**
 * The learner's files of an exercise of several, made into module bodies the guest can run in one
 * realm (guest/agent.ts, `load` with `modules`). Imports between the learner's own files are
 * resolved here, by name: `import { table } from './table.js'` becomes a read of that file's
 * exports, and nothing else can be imported (no network, no other module). Every line stays where
 * the learner wrote it, so a syntax error, a stack place and an editor marker name the right file
 * and line. TypeScript is transpiled first, as for one file (prepare.ts).
 *
 * What a module body is: the file's text with each `import` replaced by a `const` read of
 * `__courseImport(name)` on the same lines and `export` keywords blanked; the exports are listed
 * beside it, for the guest to offer before the body runs.
 */
import { parse, type Node, type Program } from 'acorn';
import { resolveImport as resolve, type LearnerCode, type LearnerFile } from '../content/index.ts';
import type { ModuleFile } from './protocol.ts';
import { prepareSource, syntaxFailure, transpileTs } from './prepare.ts';
import type { SourcePlace } from './result.ts';

/** One file, ready for the guest (a ModuleFile of the load request). */
export type PreparedModule = ModuleFile;

export type PreparedModules = { ok: true; modules: PreparedModule[] } | { ok: false; message: string; file: string; place?: SourcePlace };

/** The name of the import function the guest's wrapper gives a module body (guest/agent.ts). */
export const MODULE_IMPORT = '__courseImport';

const PARSE_OPTIONS = { ecmaVersion: 'latest', locations: true } as const;
type Located = Node & { loc?: { start: { line: number; column: number } } } & Record<string, unknown>;

const placeOf = (node: Located): SourcePlace | undefined => (node.loc ? { line: node.loc.start.line, column: node.loc.start.column + 1 } : undefined);

/** Identifiers a declaration's pattern binds. */
function boundNames(pattern: Located | null | undefined): string[] {
  if (!pattern) return [];
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name as string];
    case 'ObjectPattern':
      return (pattern.properties as Located[]).flatMap((p) => boundNames((p.type === 'RestElement' ? p.argument : p.value) as Located));
    case 'ArrayPattern':
      return (pattern.elements as (Located | null)[]).flatMap((e) => boundNames(e));
    case 'RestElement':
      return boundNames(pattern.argument as Located);
    case 'AssignmentPattern':
      return boundNames(pattern.left as Located);
    default:
      return [];
  }
}

const nameOf = (node: Located): string => (node.type === 'Identifier' ? (node.name as string) : String(node.value));

/** Replaces text[start, end) with `replacement`, keeping the span's line breaks so later lines stay put. */
function replaceKeepingLines(text: string, start: number, end: number, replacement: string): string {
  const breaks = text.slice(start, end).split('\n').length - 1;
  return text.slice(0, start) + replacement + '\n'.repeat(breaks) + text.slice(end);
}

/** One file's module body, or what is wrong with it. */
function moduleBody(file: LearnerFile, code: string, names: readonly string[]): PreparedModules | PreparedModule {
  const fail = (message: string, node?: Located): PreparedModules => {
    const place = node ? placeOf(node) : undefined;
    return { ok: false, file: file.name, message, ...(place ? { place } : {}) };
  };
  let program: Program;
  try {
    program = parse(code, { ...PARSE_OPTIONS, sourceType: 'module' });
  } catch (error) {
    return { ...syntaxFailure(error, file.name), file: file.name };
  }
  // One list per export statement, met last to first.
  const exportedBackwards: [string, string][][] = [];
  let out = code;
  // Backwards, so earlier offsets stay valid.
  for (const node of [...program.body].reverse() as Located[]) {
    const line = node.loc?.start.line ?? 0;
    if (node.type === 'ImportDeclaration') {
      const specifier = String((node.source as Located).value);
      const target = resolve(specifier, names);
      if (target === undefined) {
        return fail(`Line ${line} of ${file.name} imports "${specifier}", which is not one of your files (${names.join(', ')}): exercises run without other modules. Import your own files as "./name.js".`, node);
      }
      if (target === file.name) return fail(`Line ${line} of ${file.name} imports ${file.name} itself. Import another of your files.`, node);
      const specifiers = node.specifiers as Located[];
      // The names it takes, which the guest checks the file exports (as a module's link would).
      const wanted = specifiers.filter((s) => s.type !== 'ImportNamespaceSpecifier').map((s) => (s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported as Located)));
      const read = `${MODULE_IMPORT}(${JSON.stringify(target)}${wanted.length ? `, ${JSON.stringify(wanted)}` : ''})`;
      const namespace = specifiers.find((s) => s.type === 'ImportNamespaceSpecifier');
      const members = specifiers
        .filter((s) => s.type !== 'ImportNamespaceSpecifier')
        .map((s) => `${s.type === 'ImportDefaultSpecifier' ? 'default' : JSON.stringify(nameOf(s.imported as Located))}: ${(s.local as Located).name as string}`);
      let replacement: string;
      if (namespace) {
        const ns = (namespace.local as Located).name as string;
        replacement = members.length ? `const ${ns} = ${read}, { ${members.join(', ')} } = ${ns};` : `const ${ns} = ${read};`;
      } else replacement = members.length ? `const { ${members.join(', ')} } = ${read};` : `${read};`;
      out = replaceKeepingLines(out, node.start, node.end, replacement);
      continue;
    }
    if (node.type === 'ExportAllDeclaration' || (node.type === 'ExportNamedDeclaration' && node.source)) {
      return fail(`Line ${line} of ${file.name} exports from another file. Import what you need, then export it by name.`, node);
    }
    if (node.type === 'ExportNamedDeclaration') {
      const declaration = node.declaration as Located | null;
      if (declaration) {
        const declared = declaration.type === 'VariableDeclaration' ? (declaration.declarations as Located[]).flatMap((d) => boundNames(d.id as Located)) : [(declaration.id as Located).name as string];
        exportedBackwards.push(declared.map((name): [string, string] => [name, name]));
        out = out.slice(0, node.start) + ' '.repeat(declaration.start - node.start) + out.slice(declaration.start);
      } else {
        exportedBackwards.push((node.specifiers as Located[]).map((s): [string, string] => [nameOf(s.exported as Located), (s.local as Located).name as string]));
        out = replaceKeepingLines(out, node.start, node.end, '');
      }
      continue;
    }
    if (node.type === 'ExportDefaultDeclaration') {
      const declaration = node.declaration as Located;
      const id = declaration.id as Located | null | undefined;
      if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && id) {
        exportedBackwards.push([['default', id.name as string]]);
        out = out.slice(0, node.start) + ' '.repeat(declaration.start - node.start) + out.slice(declaration.start);
      } else {
        exportedBackwards.push([['default', '__courseDefault']]);
        out = out.slice(0, node.start) + 'const __courseDefault = ' + out.slice(declaration.start);
      }
    }
  }
  // What remains must run inside a function (no top-level await, no second declaration of a name).
  try {
    parse(`(function () {\n${out}\n})`, { ...PARSE_OPTIONS, sourceType: 'script' });
  } catch (error) {
    return { ...syntaxFailure(error, file.name, { lineShift: 1, lastLine: code.split('\n').length }), file: file.name };
  }
  return { filename: file.name, body: out, exports: exportedBackwards.reverse().flat() };
}

/** The learner's files as module bodies, in the order given (the guest runs them in it), or the first file's problem. */
export async function prepareModules(files: readonly LearnerFile[], language: 'js' | 'ts'): Promise<PreparedModules> {
  const names = files.map((f) => f.name);
  const modules: PreparedModule[] = [];
  for (const file of files) {
    let code = file.source;
    if (language === 'ts' || file.name.endsWith('.ts')) {
      const transpiled = await transpileTs(file.source, file.name);
      if (!transpiled.ok) return { ok: false, file: file.name, message: transpiled.message, ...(transpiled.place ? { place: transpiled.place } : {}) };
      code = transpiled.script;
    }
    const prepared = moduleBody(file, code, names);
    if ('ok' in prepared) return prepared;
    modules.push(prepared);
  }
  return { ok: true, modules };
}


/** What a load request carries of the learner's code: one script, or the modules of several files. */
export type LoadContent = { source: string; filename: string } | { modules: ModuleFile[] };

export type PreparedCode = { ok: true; load: LoadContent } | { ok: false; message: string; place?: SourcePlace };

/**
 * The learner's code, one source text or several files, ready for the guest's `load`, or a
 * syntax error at the learner's place (with its file when there are several).
 * @param filename The name of one source text in messages and stack traces.
 */
export async function prepareCode(code: LearnerCode, language: 'js' | 'ts', filename: string): Promise<PreparedCode> {
  if (typeof code === 'string') {
    const prepared = await prepareSource(code, language, filename);
    return prepared.ok ? { ok: true, load: { source: prepared.script, filename: prepared.filename } } : prepared;
  }
  const prepared = await prepareModules(code, language);
  if (prepared.ok) return { ok: true, load: { modules: prepared.modules } };
  return { ok: false, message: prepared.message, ...(prepared.place ? { place: { ...prepared.place, file: prepared.file } } : {}) };
}
