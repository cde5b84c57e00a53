/**
 * State of the Run / Submit cycle of one exercise panel. A new run supersedes the one in flight
 * (the panel aborts it); replies from superseded runs are ignored by their `runId`.
 */
import { codeText, type GradeMode, type LearnerCode, type RunResult, type SourcePlace } from '../../../runner/core/index.ts';

/** `source` is the code that was run: editor markers show only while the code is unchanged. */
export type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; mode: GradeMode; runId: number; source: LearnerCode }
  | { phase: 'done'; mode: GradeMode; runId: number; source: LearnerCode; result: RunResult }
  | { phase: 'failed'; mode: GradeMode; runId: number; source: LearnerCode; message: string };

export type RunEvent =
  | { type: 'started'; mode: GradeMode; runId: number; source: LearnerCode }
  | { type: 'finished'; runId: number; result: RunResult }
  | { type: 'failed'; runId: number; message: string }
  | { type: 'cleared' };

export const idleRun: RunState = { phase: 'idle' };

/** Pure transition of the run state. */
export function reduceRun(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'started':
      return { phase: 'running', mode: event.mode, runId: event.runId, source: event.source };
    case 'finished':
      if (state.phase !== 'running' || state.runId !== event.runId) return state;
      return { ...state, phase: 'done', result: event.result };
    case 'failed':
      if (state.phase !== 'running' || state.runId !== event.runId) return state;
      return { ...state, phase: 'failed', message: event.message };
    case 'cleared':
      return idleRun;
  }
}

/** The sentence announced in the live region when a run ends (or starts). */
export function announce(state: RunState): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'running':
      return state.mode === 'run' ? 'Running the examples…' : 'Running all checks…';
    case 'failed':
      return state.message;
    case 'done':
      return summarize(state.result, state.mode);
  }
}

/** What the status line says when a run could not reach the checks, by cause. */
const RUN_ERROR_HEADLINES: Partial<Record<NonNullable<RunResult['cause']>, string>> = {
  syntax: 'Your code has a syntax error, so no check ran.',
  'missing-function': 'Your code is missing a function the checks call, so no check ran.',
  'load-threw': 'Your code threw while loading, before any check ran.',
  timeout: 'Your code did not finish loading, so no check ran.',
  memory: 'Your code used too much memory while loading, so no check ran.',
  crashed: 'Your code could not run.',
  cancelled: 'The run was cancelled.',
  'tests-broken': 'The checks of this exercise could not run. This is not your fault.',
};

/** "4 of 6 checks passed." and the like, with a next step where one helps. */
export function summarize(result: RunResult, mode: GradeMode): string {
  // A headline only: the message itself, with its line, is shown once, under it (test-results.tsx).
  if (result.status === 'error' && result.tests.length === 0) return RUN_ERROR_HEADLINES[result.cause ?? 'crashed'] ?? 'Your code could not run.';
  const total = result.tests.length;
  const passed = result.tests.filter((t) => t.status === 'pass').length;
  const noun = mode === 'run' ? (total === 1 ? 'example' : 'examples') : total === 1 ? 'check' : 'checks';
  if (passed === total) {
    return mode === 'run'
      ? `${total === 1 ? 'The example passed' : `All ${total} ${noun} passed`}. Submit to run every check.`
      : `All ${total} ${noun} passed. Well done!`;
  }
  return `${passed} of ${total} ${noun} passed.`;
}

/** Markers to show for the current editor text: none once the learner has edited the code that ran. */
export function currentMarkers(state: RunState, code: LearnerCode): EditorMarker[] {
  return state.phase === 'done' && codeText(state.source) === codeText(code) ? markersOf(state.result) : [];
}

/** A problem to mark in the editor at a line of the learner's code. */
export interface EditorMarker {
  line: number;
  column: number;
  message: string;
  /** Its file, in an exercise of several. */
  file?: string;
}

/** Markers for a result: the run-level error place and each test's error place, one per line and message. */
export function markersOf(result: RunResult): EditorMarker[] {
  const markers: EditorMarker[] = [];
  const seen = new Set<string>();
  const add = ({ line, column, file }: SourcePlace, message: string) => {
    const key = `${file ?? ''}:${line}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    markers.push({ line, column, message, ...(file !== undefined ? { file } : {}) });
  };
  if (result.place) add(result.place, result.message ?? 'Your code failed here.');
  for (const test of result.tests) {
    if (test.place) add(test.place, test.message ?? `The test "${test.name}" failed here.`);
  }
  return markers;
}
