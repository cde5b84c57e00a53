/**
 * Lesson snippets (runnable examples and predictions): the text of their console output and the
 * comparison of a learner's prediction with the snippet's real output.
 */
import type { SnippetResult } from '../../../runner/core/index.ts';

/** Console output as the learner reads it: one line per console call. */
export function outputText(result: SnippetResult): string {
  const lines = result.output.map((entry) => (entry.level === 'log' || entry.level === 'info' ? entry.text : `[${entry.level}] ${entry.text}`));
  if (result.outputTruncated) lines.push('… output truncated.');
  return lines.join('\n');
}

/** Text of a snippet error, in a sentence. */
export function errorText(error: NonNullable<SnippetResult['error']>): string {
  const where = error.place ? ` (line ${error.place.line})` : '';
  switch (error.cause) {
    case 'timeout':
      return `The example ran too long and was stopped${where}. Look for a loop that never ends.`;
    case 'cancelled':
      return 'The run was cancelled.';
    default:
      return `${error.message}${where}`;
  }
}

/**
 * Output normalised for comparison: line endings unified, spaces at line ends and blank lines at
 * both ends dropped, runs of spaces inside a line collapsed. Quotes and case still count.
 */
export function normalizeOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim().replace(/[ \t]+/g, ' '))
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

/** True when the prediction matches the real console output. */
export function predictionMatches(prediction: string, output: string): boolean {
  return normalizeOutput(prediction) === normalizeOutput(output);
}

/** Run state of one snippet (a runnable example or a prediction). */
export type SnippetRunState =
  | { phase: 'idle' }
  | { phase: 'running'; runId: number }
  | { phase: 'done'; runId: number; result: SnippetResult }
  | { phase: 'failed'; runId: number; message: string };

export type SnippetRunEvent =
  | { type: 'started'; runId: number }
  | { type: 'finished'; runId: number; result: SnippetResult }
  | { type: 'failed'; runId: number; message: string };

/** Pure transition; replies of superseded runs are ignored. */
export function reduceSnippetRun(state: SnippetRunState, event: SnippetRunEvent): SnippetRunState {
  if (event.type === 'started') return { phase: 'running', runId: event.runId };
  if (state.phase !== 'running' || state.runId !== event.runId) return state;
  return event.type === 'finished'
    ? { phase: 'done', runId: event.runId, result: event.result }
    : { phase: 'failed', runId: event.runId, message: event.message };
}
