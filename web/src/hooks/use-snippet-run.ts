/**
 * Runs lesson snippets through the shared runner. A new run aborts the one in flight; leaving
 * the page aborts too.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { getRunner, runnerFailureMessage } from '../runner.ts';
import { reduceSnippetRun, type SnippetRunState } from '../state/snippet.ts';
import type { SnippetResult } from '../../../runner/core/index.ts';

export interface SnippetRun {
  state: SnippetRunState;
  /** Starts a run and resolves with its result (undefined if superseded or failed to start). */
  run(code: string, language: 'js' | 'ts'): Promise<SnippetResult | undefined>;
}

export function useSnippetRun(): SnippetRun {
  const [state, dispatch] = useReducer(reduceSnippetRun, { phase: 'idle' });
  const inFlight = useRef<AbortController | undefined>(undefined);
  const nextId = useRef(0);

  useEffect(() => () => inFlight.current?.abort(), []);

  const run = useCallback(async (code: string, language: 'js' | 'ts') => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const runId = ++nextId.current;
    dispatch({ type: 'started', runId });
    try {
      const runner = await getRunner();
      const result = await runner.runSnippet({ code, language, signal: controller.signal });
      dispatch({ type: 'finished', runId, result });
      return controller.signal.aborted ? undefined : result;
    } catch (error) {
      dispatch({ type: 'failed', runId, message: runnerFailureMessage(error) });
      return undefined;
    }
  }, []);

  return { state, run };
}
