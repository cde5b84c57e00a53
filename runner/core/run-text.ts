/**
 * The sentences a run is reported in when learner code throws, loops, runs out of memory or
 * crashes the sandbox: each names what happened and where to look.
 */
import type { ThrownValue } from './protocol.ts';
import type { ErrorCause, RunResult, SourcePlace } from './result.ts';
import type { SandboxFailure } from './sandbox.ts';

/** " (line 3, column 7)" for a place, or nothing. */
export function placeText(place?: SourcePlace): string {
  return place ? ` (line ${place.line}, column ${place.column}${place.file ? ` of ${place.file}` : ''})` : '';
}

/** "route threw TypeError: ..." or "route threw a string (...) instead of an Error". */
export function thrownText(name: string, error: ThrownValue): string {
  if (error.kind === 'error') return `${name} threw ${error.name}: ${error.message}`;
  const what = error.name === 'null' || error.name === 'undefined' ? error.name : `${/^[aeiou]/.test(error.name) ? 'an' : 'a'} ${error.name}`;
  return `${name} threw ${what} (${error.message}) instead of an Error`;
}

/** What to tell the learner when `what` ended without an answer. */
export function failureMessage(what: string, failure: SandboxFailure, limitMs: number): { message: string; cause: ErrorCause } {
  switch (failure.type) {
    case 'timeout':
      return {
        // Browsers cap no worker's memory, so there code that keeps allocating ends here too.
        message: `${what} did not finish within ${limitMs} ms and was stopped. Look for a loop that never ends, endless recursion through promises, a promise that never settles, or a value that keeps growing.`,
        cause: 'timeout',
      };
    case 'memory':
      return { message: `${what} used more memory than allowed and was stopped. Look for a loop that keeps adding to an array or string.`, cause: 'memory' };
    case 'cancelled':
      return { message: 'The run was cancelled.', cause: 'cancelled' };
    default:
      return { message: `${what} crashed the sandbox (${failure.message}).`, cause: 'crashed' };
  }
}

/** A run that ended before any test: the message, its cause, and where in the learner's text. */
export function errorResult(message: string, cause: ErrorCause, place?: SourcePlace, output?: string): RunResult {
  return { version: 3, status: 'error', message, cause, ...(place ? { place } : {}), ...(output ? { output } : {}), tests: [] };
}

/** Where a thrown value came from in the learner's text, when the guest found it. */
export function toPlace(error: ThrownValue): SourcePlace | undefined {
  return error.line ? { line: error.line, column: error.column ?? 1, ...(error.file ? { file: error.file } : {}) } : undefined;
}
