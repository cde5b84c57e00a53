/**
 * Syntax checks of the code in an exercise: learner-side sources (starter, solution, mutants) are
 * SCRIPTS, as the sandbox runs them; tests files are ES modules. TypeScript is stripped with
 * sucrase first, which keeps line numbers, so a reported line is the line in the author's file.
 */
import { parse } from 'acorn';
import type { Program } from 'acorn';
import { transform } from 'sucrase';
import type { Diagnostic } from './diagnostic.ts';
import { diagnostic } from './position.ts';

export interface ParsedCode {
  /** The ESTree program (locations on); absent when the code does not parse. */
  program?: Program;
  diagnostics: Diagnostic[];
}

export interface LearnerSourceOptions {
  /** Path relative to the course root, used in diagnostics. */
  file: string;
  source: string;
  language: 'js' | 'ts';
  /** One file of several, which may import and export (parsed as a module). */
  module?: boolean;
}

interface PositionedError {
  message: string;
  loc?: { line: number; column: number };
}

/** Parses learner-side code as a script; a syntax error becomes a `source/syntax` diagnostic. */
export function parseLearnerSource(options: LearnerSourceOptions): ParsedCode {
  const { file, language } = options;
  let source = options.source;
  if (language === 'ts') {
    try {
      source = transform(source, { transforms: ['typescript'], disableESTransforms: true, keepUnusedImports: true }).code;
    } catch (error) {
      // Sucrase's columns are already 1-based.
      return syntaxError(file, 'source/syntax', error, 0);
    }
  }
  try {
    return { program: parse(source, { ecmaVersion: 'latest', sourceType: options.module ? 'module' : 'script', locations: true }), diagnostics: [] };
  } catch (error) {
    return syntaxError(file, 'source/syntax', error, 1);
  }
}

/** Parses a tests file as an ES module; a syntax error becomes a `tests/syntax` diagnostic. */
export function parseTestsModule(file: string, source: string): ParsedCode {
  try {
    return { program: parse(source, { ecmaVersion: 'latest', sourceType: 'module', locations: true }), diagnostics: [] };
  } catch (error) {
    return syntaxError(file, 'tests/syntax', error, 1);
  }
}

function syntaxError(file: string, rule: string, error: unknown, columnShift: number): ParsedCode {
  const { message, loc } = error as PositionedError;
  if (typeof message !== 'string' || !loc) throw error;
  // Both parsers append " (line:column)"; the diagnostic carries the position already.
  let text = message.replace(/^Error transforming [^:]*: /, '').replace(/ \(\d+:\d+\)$/, '');
  if (/'import' and 'export' may appear only with 'sourceType: module'/.test(text)) {
    text = 'Learner code is a script, not a module: remove `import` and `export` and declare the functions at the top level';
  }
  const at = { line: loc.line, column: loc.column + columnShift };
  return { diagnostics: [diagnostic(file, rule, 'error', `Syntax error: ${text}.`, at)] };
}

/** Names declared at the top level of a script (or a module, exported or not): functions, classes and variables. */
export function topLevelNames(program: Program): Set<string> {
  const names = new Set<string>();
  for (const node of program.body) {
    const statement = (node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration') && node.declaration ? node.declaration : node;
    if ((statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') && statement.id) {
      names.add(statement.id.name);
    } else if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) {
        if (declarator.id.type === 'Identifier') names.add(declarator.id.name);
      }
    }
  }
  return names;
}
