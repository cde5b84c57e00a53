/**
 * One exercise inside a lesson: task, editor, Run / Submit, results, hints, the reference
 * solution and Reset with undo, and once an exercise with `serves: mcp` passes, how to serve it
 * (serve-panel.tsx). The learner's code lives in the progress store (saved as typed).
 */
import { lazy, Suspense, useCallback, useId, useState, type KeyboardEvent } from 'react';
import type { MutantSuspects, PageCodeExercise } from '../course/page-exercise.ts';
import { assembleFiles, type CourseRunner, type GradeMode, type LearnerCode, type LearnerFile, type RunResult } from '../../../runner/core/index.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { Markdown } from '../markdown/markdown.tsx';
import { progressStore, useExerciseProgress } from '../progress-hooks.ts';
import { announce, currentMarkers } from '../state/exercise-run.ts';
import { CodeEditor } from './code-editor.tsx';
import { FileTabs, tabId } from './file-tabs.tsx';
import { Hints } from './hints.tsx';
import { SolutionDiff } from './solution-diff.tsx';
import { TestResults } from './test-results.tsx';
import { KnownMistake } from './known-mistake.tsx';
import { useGradeRun } from './use-grade-run.ts';
import { prepareSubmit, preparedSubmit } from './prepare-submit.ts';
import { getRunner } from '../runner.ts';
import { WorkButtons } from './work-buttons.tsx';

/** Shown only once an MCP server exercise has passed: a chunk of its own, not in the first load. */
const ServePanel = lazy(() => import('./serve-panel.tsx').then((m) => ({ default: m.ServePanel })));

/**
 * What names a failing Submit's mistake: the exercise's mutants, in a chunk of their own fetched
 * on the first Submit (none in an assessed build, which ships no mutant: no mistake is named there).
 */
async function loadSuspects(id: string): Promise<MutantSuspects | null> {
  try {
    const { mutantsLoaders } = await import('virtual:course-mutants');
    const load = mutantsLoaders[id];
    return load ? (await load()).suspects : null;
  } catch {
    // Naming a mistake is optional: when its chunk cannot be fetched (a network hiccup, a busy
    // machine), the Submit gives its verdict without a name. Each Submit asks again, though
    // browsers keep a failed module import until the page is reloaded.
    return null;
  }
}

/** The tab that opens first: the one task.md marks `open`, else the first editable file. */
function firstTab(files: NonNullable<PageCodeExercise['files']>): string {
  return (files.find((f) => f.open) ?? files.find((f) => !f.readonly) ?? files[0])?.name ?? '';
}

export function ExercisePanel({ exercise }: { exercise: PageCodeExercise }) {
  const progress = useExerciseProgress(exercise.id);
  const listed = exercise.files;
  // One text, or (an exercise of several files) every file, the learner's where they changed it.
  const code: LearnerCode = listed ? assembleFiles(listed, exercise.starter, progress.files ?? {}) : (progress.code ?? (exercise.starter as string));
  const [showSolution, setShowSolution] = useState(false);
  const [openTab, setOpenTab] = useState(() => (listed ? firstTab(listed) : ''));
  const id = useId();
  const file = listed ? (listed.find((f) => f.name === openTab) ?? listed[0]) : undefined;
  const fileOf = (files: LearnerCode | undefined, name: string) => (typeof files === 'string' ? undefined : files?.find((f: LearnerFile) => f.name === name)?.source);
  const shown = file ? (fileOf(code, file.name) ?? '') : (code as string);

  const grade = useCallback(
    async (runner: CourseRunner, source: LearnerCode, mode: GradeMode, signal: AbortSignal) => {
      // A mistake is named only after Submit: Run shows the examples alone.
      if (mode === 'submit') await preparedSubmit(exercise.id);
      const suspects = mode === 'submit' ? await loadSuspects(exercise.id) : null;
      return runner.grade({ exercise: suspects ? { ...exercise, ...suspects } : exercise, source, mode, signal, diagnose: suspects !== null });
    },
    [exercise],
  );
  const onResult = useCallback(
    (result: RunResult, mode: GradeMode) => {
      // In an assessed build the page holds the examples only: passing them is not passing.
      if (mode === 'submit') progressStore.dispatch({ type: 'submitted', exercise: exercise.id, passed: result.status === 'pass' && !exercise.hiddenChecks });
    },
    [exercise],
  );
  const { run, start } = useGradeRun({ code, grade, onResult });

  const onRun = useCallback(() => void start('run'), [start]);
  const onSubmit = useCallback(() => void start('submit'), [start]);
  const fileName = file?.name;
  const onChange = useCallback(
    (value: string) => {
      progressStore.dispatch({ type: 'code-changed', exercise: exercise.id, code: value, ...(fileName !== undefined ? { file: fileName } : {}) });
      // The learner is at work here: what their first Submit needs is prepared meanwhile.
      prepareSubmit(exercise, getRunner, loadSuspects);
    },
    [exercise, fileName],
  );
  const markers = currentMarkers(run, code);

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
  const mistakes = run.phase === 'done' && run.mode === 'submit' ? (run.result.mistakes ?? []) : [];
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
      {listed && file ? (
        <FileTabs
          tabs={listed.map((f) => ({ name: f.name, readonly: f.readonly, problems: markers.filter((m) => m.file === f.name).length }))}
          active={file.name}
          onSelect={setOpenTab}
          panelId={`${id}-editor`}
          idPrefix={id}
        />
      ) : null}
      <div id={`${id}-editor`} {...(file ? { role: 'tabpanel', 'aria-labelledby': tabId(id, file.name) } : {})}>
        <CodeEditor
          exerciseId={exercise.id}
          language={exercise.language}
          value={shown}
          onChange={onChange}
          onRun={onRun}
          onSubmit={onSubmit}
          markers={file ? markers.filter((m) => m.file === file.name) : markers}
          {...(file ? { fileName: file.name, readOnly: file.readonly, siblings: (code as readonly LearnerFile[]).filter((f) => f.name !== file.name) } : {})}
          ariaLabel={
            file
              ? `${file.name}${file.readonly ? ' (read-only)' : ''}, a file of the exercise "${exercise.title}" (${exercise.language === 'ts' ? 'TypeScript' : 'JavaScript'})`
              : `Code editor for the exercise "${exercise.title}" (${exercise.language === 'ts' ? 'TypeScript' : 'JavaScript'})`
          }
        />
      </div>
      {listed && progress.code !== undefined ? (
        // Saved before the exercise had several files (or imported from such an export): kept, never dropped.
        <details className="earlier-code">
          <summary>Your code from when this exercise was one file</summary>
          <p className="muted">The exercise now has several files, so this code is no longer run; copy from it what you need.</p>
          <pre tabIndex={0} className="code-block" aria-label="Your earlier code">
            <code>{progress.code}</code>
          </pre>
        </details>
      ) : null}
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
        <WorkButtons
          exerciseId={exercise.id}
          {...(file
            ? { file: file.name, canReset: !file.readonly && progress.files?.[file.name] !== undefined && progress.files[file.name] !== fileOf(exercise.starter, file.name), canUndo: progress.filesBeforeReset?.[file.name] !== undefined }
            : { canReset: progress.code !== undefined && progress.code !== exercise.starter, canUndo: progress.codeBeforeReset !== undefined })}
          {...(exercise.solution !== undefined ? { reference: { shown: showSolution, toggle: revealSolution, name: 'solution' } } : {})}
        />
      </div>
      <div role="status" aria-live="polite" className={`run-summary run-${run.phase === 'done' ? run.result.status : run.phase}`}>
        {announce(run)}
      </div>
      {run.phase === 'done' && exercise.hiddenChecks ? (
        <p className="hidden-checks">
          {exercise.hiddenChecks} more {exercise.hiddenChecks === 1 ? 'check runs' : 'checks run'} when your work is graded.
        </p>
      ) : null}
      {/* Once passed (and from then on), an exercise whose route is a whole MCP server offers to serve it. */}
      {exercise.serves === 'mcp' && progress.passed && (
        <ErrorBoundary fallback={() => <p className="muted">How to serve your router to an MCP host could not load here; the lesson explains it after this exercise.</p>}>
          <Suspense fallback={null}>
            <ServePanel exerciseId={exercise.id} />
          </Suspense>
        </ErrorBoundary>
      )}
      <KnownMistake mistakes={mistakes} onShowHint={showHint} />
      {run.phase === 'done' && <TestResults result={run.result} mode={run.mode} />}
      <Hints exerciseId={exercise.id} hints={exercise.hints} seen={progress.hintsSeen} idPrefix={id} />
      {showSolution && exercise.solution !== undefined && (
        <SolutionDiff
          exerciseId={exercise.id}
          language={exercise.language}
          learnerCode={shown}
          solution={file ? (fileOf(exercise.solution, file.name) ?? '') : (exercise.solution as string)}
          {...(file ? { fileName: file.name } : {})}
        />
      )}
    </section>
  );
}
