/**
 * A problem in course content, in the spirit of vfile-message: where it is, which rule found it,
 * how bad it is. `course check` reports every diagnostic, then exits 1 if any is an error.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Path relative to the course root, with forward slashes. */
  file: string;
  /** 1-based; 1 when the problem is about the whole file. */
  line: number;
  /** 1-based. */
  column: number;
  /** Stable rule id, e.g. `front-matter/schema`, `mutant/survives`. */
  rule: string;
  severity: Severity;
  message: string;
}

/** Formats a diagnostic the way compilers do, so editors and CI annotate the line. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.message} [${d.rule}]`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
