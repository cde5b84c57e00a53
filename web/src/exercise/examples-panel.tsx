/**
 * An examples exercise inside a lesson: the learner writes examples of a function they have not
 * written yet, and "Check my examples" runs them in the sandbox against the reference solution
 * (validity) and the known mistakes (catches) of that function's exercise. What that runs (the
 * reference solution and mutants) loads on the first check, in a chunk of its own; an assessed
 * build has none, and says the examples are checked when the work is graded.
 */
import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import type { CourseRunner, ExamplesJob, GradeMode, RunResult } from '../../../runner/core/index.ts';
import type { PageExamplesExercise } from '../course/page-exercise.ts';
import { Markdown } from '../markdown/markdown.tsx';
import { progressStore, useExerciseProgress } from '../progress-hooks.ts';
import { announceExamples } from '../state/examples-run.ts';
import { currentMarkers } from '../state/exercise-run.ts';
import { CodeEditor } from './code-editor.tsx';
import { ExamplesResults } from './examples-results.tsx';
import { Hints } from './hints.tsx';
import { SolutionDiff } from './solution-diff.tsx';
import { useGradeRun } from './use-grade-run.ts';
import { WorkButtons } from './work-buttons.tsx';

/** What checking an exercise's examples runs: its own chunk, fetched once per exercise. */
async function loadJob(id: string): Promise<ExamplesJob> {
  const { examplesLoaders } = await import('virtual:course-examples');
  const load = examplesLoaders[id];
  const job = load ? (await load()).job : null;
  if (!job) throw new Error(`this build has nothing to check the examples of "${id}" with`);
  return job;
}

export function ExamplesPanel({ exercise }: { exercise: PageExamplesExercise }) {
  const progress = useExerciseProgress(exercise.id);
  const code = progress.code ?? exercise.starter;
  const [showSolution, setShowSolution] = useState(false);
  const id = useId();
  const fn = exercise.target.function;

  // Every check is a submit: it checks validity and catches at once (Run and Submit are one).
  const grade = useCallback(
    async (runner: CourseRunner, source: string, mode: GradeMode, signal: AbortSignal) => runner.grade({ exercise: await loadJob(exercise.id), source, mode, signal }),
    [exercise.id],
  );
  const onResult = useCallback((result: RunResult) => progressStore.dispatch({ type: 'submitted', exercise: exercise.id, passed: result.status === 'pass' }), [exercise.id]);
  const { run, start } = useGradeRun({ code, grade, onResult });

  const onCheck = useCallback(() => void start('submit'), [start]);
  const onChange = useCallback((value: string) => progressStore.dispatch({ type: 'code-changed', exercise: exercise.id, code: value }), [exercise.id]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!exercise.checkable || event.defaultPrevented || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    onCheck();
  };
  const revealSolution = () => {
    setShowSolution((shown) => !shown);
    if (!progress.solutionRevealed) progressStore.dispatch({ type: 'solution-revealed', exercise: exercise.id });
  };
  const showNextHint = () => {
    const n = Math.min(progress.hintsSeen + 1, exercise.hints.length);
    progressStore.dispatch({ type: 'hint-revealed', exercise: exercise.id, hintsSeen: n });
    requestAnimationFrame(() => document.getElementById(`${id}-hint-${n}`)?.focus());
  };

  const running = run.phase === 'running';
  return (
    <section className="exercise exercise-examples" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown} data-exercise={exercise.id}>
      <header className="exercise-head">
        <h2 id={`${id}-title`}>Exercise: {exercise.title}</h2>
        {progress.passed && <span className="badge badge-pass">Passed</span>}
      </header>
      <Markdown className="task">{exercise.task}</Markdown>
      <CodeEditor
        exerciseId={exercise.id}
        language={exercise.language}
        value={code}
        onChange={onChange}
        onRun={onCheck}
        onSubmit={onCheck}
        markers={currentMarkers(run, code)}
        ariaLabel={`Examples editor for the exercise "${exercise.title}" (${exercise.language === 'ts' ? 'TypeScript' : 'JavaScript'})`}
      />
      {exercise.checkable ? (
        <p className="muted shortcut-help">
          Ctrl+Enter (⌘+Enter) checks your examples. In the editor, Tab indents: press Ctrl+M (on a Mac, Ctrl+Shift+M) to make Tab move focus instead.
        </p>
      ) : (
        <p className="notice">
          Your examples are checked when your work is graded: checking them runs a correct <code>{fn}</code> and {exercise.target.mutants} wrong
          ones, which this course build does not include. Write them here; they are saved with your work.
        </p>
      )}
      <div className="toolbar" role="group" aria-label="Exercise actions">
        {exercise.checkable && (
          <button type="button" className="primary" onClick={onCheck} aria-keyshortcuts="Control+Enter">
            {running ? 'Check again' : 'Check my examples'}
          </button>
        )}
        <WorkButtons
          exerciseId={exercise.id}
          canReset={progress.code !== undefined && progress.code !== exercise.starter}
          canUndo={progress.codeBeforeReset !== undefined}
          {...(exercise.solution !== undefined ? { reference: { shown: showSolution, toggle: revealSolution, name: 'reference examples' } } : {})}
        />
      </div>
      <div role="status" aria-live="polite" className={`run-summary run-${run.phase === 'done' ? run.result.status : run.phase}`}>
        {announceExamples(run)}
      </div>
      {run.phase === 'done' && (
        <ExamplesResults result={run.result} hintsLeft={exercise.hints.length - progress.hintsSeen} onShowHint={showNextHint} idPrefix={id} />
      )}
      <Hints exerciseId={exercise.id} hints={exercise.hints} seen={progress.hintsSeen} idPrefix={id} />
      {showSolution && exercise.solution !== undefined && (
        <SolutionDiff exerciseId={exercise.id} language={exercise.language} learnerCode={code} solution={exercise.solution} />
      )}
    </section>
  );
}
