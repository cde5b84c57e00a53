/**
 * Positions inside course files and the one helper every loader uses to report a problem there.
 * Lines and columns are 1-based, as editors and `formatDiagnostic` show them.
 */
import type { Diagnostic, Severity } from './diagnostic.ts';

export interface SourcePosition {
  line: number;
  column: number;
}

/** The start of a file: where a problem about the whole file is reported. */
export const FILE_START: SourcePosition = { line: 1, column: 1 };

/** Builds a diagnostic; `at` defaults to the start of the file. */
export function diagnostic(
  file: string,
  rule: string,
  severity: Severity,
  message: string,
  at: SourcePosition = FILE_START,
): Diagnostic {
  return { file, line: at.line, column: at.column, rule, severity, message };
}
