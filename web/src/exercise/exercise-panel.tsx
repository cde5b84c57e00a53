/**
 * One exercise inside a lesson: task, editor, Run / Submit, results, hints, the reference
 * solution and Reset with undo. The learner's code lives in the progress store (saved as typed).
 */
import { useCallback, useEffect, useId, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import type { PageExercise } from '../course/page-exercise.ts';
import { type GradeMode, diagnose } from '../../../runner/core/index.ts';
import { Markdown } from '../markdown/markdown.tsx';
import { progressStore, useExerciseProgress } from '../progress-hooks.ts';
import { getRunner, runnerFailureMessage } from '../runner.ts';
import { announce, currentMarkers, idleRun, reduceRun } from '../state/exercise-run.ts';
import { CodeEditor } from './code-editor.tsx';
import { Hints } from './hints.tsx';
import { SolutionDiff } from './solution-diff.tsx';
import { TestResults } from './test-results.tsx';
import { KnownMistake } from './known-mistake.tsx';

export function ExercisePanel({ exercise }: { exercise: PageExercise }) {
  const progress = useExerciseProgress(exercise.id);
  const code = progress.code ?? exercise.starter;
  const [run, dispatchRun] = useReducer(reduceRun, idleRun);
  const [showSolution, setShowSolution] = useState(false);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const nextRunId = useRef(0);
  const codeRef = useRef(code);
  codeRef.current = code;
  const id = useId();

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
        const runner = await getRunner();
        const result = await runner.grade({ exercise, source, mode, signal: controller.signal });
        if (controller.signal.aborted) return;
        dispatchRun({ type: 'finished', runId, result });
        // In an assessed build the page holds the examples only: passing them is not passing.
        if (mode === 'submit') progressStore.dispatch({ type: 'submitted', exercise: exercise.id, passed: result.status === 'pass' && !exercise.hiddenChecks });
      } catch (error) {
        if (!controller.signal.aborted) dispatchRun({ type: 'failed', runId, message: runnerFailureMessage(error) });
      }
    },
    [exercise],
  );

  const onRun = useCallback(() => void start('run'), [start]);
  const onSubmit = useCallback(() => void start('submit'), [start]);
  const onChange = useCallback((value: string) => progressStore.dispatch({ type: 'code-changed', exercise: exercise.id, code: value }), [exercise.id]);

  // Shortcuts work anywhere in the panel; inside Monaco the editor's own actions handle them.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    void start(event.shiftKey ? 'submit' : 'run');
  };

  const revealSolution = () => {
    setShowSolution((shown) => !shown);
    if (!progress.solutionRevealed) progressStore.dispatch({ type: 'solution-revealed', exercise: exercise.id });
  };

  const running = run.phase === 'running';
  // Named only after Submit: fingerprints are made of every check, Run shows the examples alone.
  const mistakes = run.phase === 'done' && run.mode === 'submit' ? diagnose(run.result, exercise.knownMistakes) : [];
  const showHint = (n: number) => {
    if (progress.hintsSeen < n) progressStore.dispatch({ type: 'hint-revealed', exercise: exercise.id, hintsSeen: n });
    // After the hint renders: move to it, so it is read next.
    requestAnimationFrame(() => document.getElementById(`${id}-hint-${n}`)?.focus());
  };
  return (
    <section className="exercise" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown} data-exercise={exercise.id}>
      <header className="exercise-head">
        <h2 id={`${id}-title`}>
          Exercise: {exercise.title}
        </h2>
        {progress.passed && <span className="badge badge-pass">Passed</span>}
      </header>
      <Markdown className="task">{exercise.task}</Markdown>
      <CodeEditor
        exerciseId={exercise.id}
        language={exercise.language}
        value={code}
        onChange={onChange}
        onRun={onRun}
        onSubmit={onSubmit}
        markers={currentMarkers(run, code)}
        ariaLabel={`Code editor for the exercise "${exercise.title}" (${exercise.language === 'ts' ? 'TypeScript' : 'JavaScript'})`}
      />
      <p className="muted shortcut-help">
        Ctrl+Enter (⌘+Enter) runs the examples; Ctrl+Shift+Enter submits. In the editor, Tab indents: press Ctrl+M (on a Mac, Ctrl+Shift+M) to make Tab move focus instead.
      </p>
      <div className="toolbar" role="group" aria-label="Exercise actions">
        <button type="button" className="primary" onClick={onRun} aria-keyshortcuts="Control+Enter">
          {running && run.mode === 'run' ? 'Run again' : 'Run examples'}
        </button>
        <button type="button" className="primary" onClick={onSubmit} aria-keyshortcuts="Control+Shift+Enter">
          {running && run.mode === 'submit' ? 'Submit again' : 'Submit'}
        </button>
        {progress.codeBeforeReset !== undefined ? (
          <button type="button" onClick={() => progressStore.dispatch({ type: 'reset-undone', exercise: exercise.id })}>
            Undo reset
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => progressStore.dispatch({ type: 'code-reset', exercise: exercise.id })}
          disabled={progress.code === undefined || progress.code === exercise.starter}
        >
          Reset to starter
        </button>
        {exercise.solution !== undefined && (
          <button type="button" onClick={revealSolution} aria-expanded={showSolution}>
            {showSolution ? 'Hide solution' : 'Show solution'}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite" className={`run-summary run-${run.phase === 'done' ? run.result.status : run.phase}`}>
        {announce(run)}
      </div>
      {run.phase === 'done' && exercise.hiddenChecks ? (
        <p className="hidden-checks">
          {exercise.hiddenChecks} more {exercise.hiddenChecks === 1 ? 'check runs' : 'checks run'} when your work is graded.
        </p>
      ) : null}
      <KnownMistake mistakes={mistakes} onShowHint={showHint} />
      {run.phase === 'done' && <TestResults result={run.result} mode={run.mode} />}
      <Hints exerciseId={exercise.id} hints={exercise.hints} seen={progress.hintsSeen} idPrefix={id} />
      {showSolution && exercise.solution !== undefined && (
        <SolutionDiff exerciseId={exercise.id} language={exercise.language} learnerCode={code} solution={exercise.solution} />
      )}
    </section>
  );
}
