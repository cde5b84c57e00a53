/**
 * Turns the learner's editor text into a script the guest can evaluate, or into a learner-facing
 * syntax error at the line and column of THEIR text. TypeScript is transpiled with sucrase, which
 * keeps every line where it was. `export` keywords are blanked out (same length, so columns stay
 * put): a learner who writes `export function route` is not punished for it.
 */
import { parse, type Node, type Program } from 'acorn';
import type { SourcePlace } from './result.ts';

export type Prepared =
  | { ok: true; script: string; filename: string }
  | { ok: false; message: string; place?: SourcePlace };

interface AcornError extends SyntaxError {
  loc?: { line: number; column: number };
}

const PARSE_OPTIONS = { ecmaVersion: 'latest', locations: true } as const;

function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

/**
 * A parser's error as the learner reads it, at their line. `lineShift`: lines the parsed text had
 * above theirs; a place outside lines 1 to `lastLine` of theirs is left out.
 */
export function syntaxFailure(error: unknown, filename: string, { lineShift = 0, lastLine = Infinity } = {}): Extract<Prepared, { ok: false }> {
  const e = error as AcornError;
  const raw = String(e?.message ?? e).replace(/\s*\(\d+:\d+\)$/, '');
  const line = e?.loc ? e.loc.line - lineShift : 0;
  const place = e?.loc && line >= 1 && line <= lastLine ? { line, column: e.loc.column + 1 } : undefined;
  const where = place ? ` on line ${place.line}, column ${place.column}` : '';
  return {
    ok: false,
    message: `Syntax error${where} of ${filename}: ${raw}. Fix it and run again.`,
    ...(place ? { place } : {}),
  };
}

/** Removes `export` from declarations; rejects imports, which exercises do not have. */
function stripModuleSyntax(code: string, program: Program, filename: string): Prepared {
  let out = code;
  // Walk backwards so earlier offsets stay valid.
  const body = [...program.body].reverse() as (Node & Record<string, unknown>)[];
  for (const node of body) {
    if (node.type === 'ImportDeclaration' || node.type === 'ImportExpression') {
      const loc = (node as { loc?: { start: { line: number; column: number } } }).loc;
      return {
        ok: false,
        message: `Line ${loc?.start.line ?? '?'} of ${filename} imports a module, but exercises run without imports: everything you need is already in the editor. Remove the import and run again.`,
        ...(loc ? { place: { line: loc.start.line, column: loc.start.column + 1 } } : {}),
      };
    }
    if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration') {
      const declaration = node.declaration as (Node & { id?: unknown }) | null | undefined;
      if (declaration && (node.type === 'ExportNamedDeclaration' || declaration.id)) {
        out = blank(out, node.start, declaration.start);
      } else {
        // `export { route }` or `export default expression`: the names are declared elsewhere.
        out = blank(out, node.start, node.end);
      }
    }
  }
  return { ok: true, script: out, filename };
}

/** The file name learners see in messages and stack traces. */
export function learnerFilename(language: 'js' | 'ts'): string {
  return language === 'ts' ? 'main.ts' : 'main.js';
}

/**
 * TypeScript to JavaScript with every line where it was, or a syntax error at the learner's line.
 * Sucrase is loaded lazily: the browser needs it only for TypeScript exercises.
 */
export async function transpileTs(source: string, filename: string): Promise<Prepared> {
  const { transform } = await import('sucrase');
  try {
    return { ok: true, script: transform(source, { transforms: ['typescript'], disableESTransforms: true, keepUnusedImports: true }).code, filename };
  } catch (error) {
    const e = error as { message?: string; loc?: number };
    // Sucrase reports "Unexpected token (3:5)": line and column both 1-based already.
    const m = /\((\d+):(\d+)\)$/.exec(String(e.message));
    const place = m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
    const raw = String(e.message ?? error).replace(/\s*\(\d+:\d+\)$/, '');
    const where = place ? ` on line ${place.line}, column ${place.column}` : '';
    return { ok: false, message: `Syntax error${where} of ${filename}: ${raw}. Fix it and run again.`, ...(place ? { place } : {}) };
  }
}

/**
 * @param filename Name learners see in messages and stack traces, e.g. `main.js`.
 */
export async function prepareSource(source: string, language: 'js' | 'ts', filename: string): Promise<Prepared> {
  let code = source;
  if (language === 'ts') {
    const transpiled = await transpileTs(source, filename);
    if (!transpiled.ok) return transpiled;
    code = transpiled.script;
  }
  try {
    parse(code, { ...PARSE_OPTIONS, sourceType: 'script' });
    return { ok: true, script: code, filename };
  } catch (scriptError) {
    let program: Program;
    try {
      program = parse(code, { ...PARSE_OPTIONS, sourceType: 'module' });
    } catch {
      return syntaxFailure(scriptError, filename);
    }
    const stripped = stripModuleSyntax(code, program, filename);
    if (!stripped.ok) return stripped;
    // What remains must be a valid script (e.g. no top-level await).
    try {
      parse(stripped.script, { ...PARSE_OPTIONS, sourceType: 'script' });
    } catch (error) {
      return syntaxFailure(error, filename);
    }
    return stripped;
  }
}
