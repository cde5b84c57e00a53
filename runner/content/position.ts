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

/** Converts 0-based offsets in a text to 1-based line/column pairs (binary search over line starts). */
export function lineIndex(text: string): (offset: number) => SourcePosition {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  };
}
