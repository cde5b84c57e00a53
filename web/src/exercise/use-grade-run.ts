/**
 * The Run / Submit cycle an exercise panel drives, whatever its kind: a new run cancels the one
 * in flight, the learner's code is flushed to storage before it runs, and the state comes from
 * the pure `reduceRun` (replies of superseded runs are ignored by their id).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { CourseRunner, GradeMode, LearnerCode, RunResult } from '../../../runner/core/index.ts';
import { progressStore } from '../progress-hooks.ts';
import { getRunner, runnerFailureMessage } from '../runner.ts';
import { idleRun, reduceRun, type RunState } from '../state/exercise-run.ts';

export interface GradeRunOptions {
  /** The editor's current text (or files): what a run grades. */
  code: LearnerCode;
  /** Grades `source` with the page's runner; may load what it needs first. */
  grade(runner: CourseRunner, source: LearnerCode, mode: GradeMode, signal: AbortSignal): Promise<RunResult>;
  /** Called with each result that was not superseded (e.g. to record a pass). */
  onResult?(result: RunResult, mode: GradeMode): void;
}

export function useGradeRun({ code, grade, onResult }: GradeRunOptions): { run: RunState; start(mode: GradeMode): Promise<void> } {
  const [run, dispatchRun] = useReducer(reduceRun, idleRun);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const nextRunId = useRef(0);
  const codeRef = useRef(code);
  codeRef.current = code;

  useEffect(() => () => inFlight.current?.abort(), []);

  const start = useCallback(
    async (mode: GradeMode) => {
      // Running again cancels the run in flight.
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const runId = ++nextRunId.current;
      const source = codeRef.current;
      dispatchRun({ type: 'started', mode, runId, source });
      progressStore.flush();
      try {
        const result = await grade(await getRunner(), source, mode, controller.signal);
        if (controller.signal.aborted) return;
        dispatchRun({ type: 'finished', runId, result });
        onResult?.(result, mode);
      } catch (error) {
        if (!controller.signal.aborted) dispatchRun({ type: 'failed', runId, message: runnerFailureMessage(error) });
      }
    },
    [grade, onResult],
  );
  return { run, start };
}
