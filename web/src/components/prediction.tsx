/**
 * "What does this print?": the learner types a prediction, the snippet really runs, and the
 * prediction is compared with its real output (whitespace-normalised). The real output and the
 * explanation show once the prediction is right, after a second try, or on request.
 */
import { useId, useState } from 'react';
import { progressStore, useProgress } from '../progress-hooks.ts';
import { predictionSettled } from '../state/progress.ts';
import { useSnippetRun } from '../hooks/use-snippet-run.ts';
import { Markdown } from '../markdown/markdown.tsx';
import { errorText, outputText, predictionMatches } from '../state/snippet.ts';
import { SnippetOutput } from './snippet-output.tsx';

export interface PredictionProps {
  storageKey: string;
  prompt: string;
  code: string;
  language: 'js' | 'ts';
  explanation: string;
}

export function Prediction({ storageKey, prompt, code, language, explanation }: PredictionProps) {
  const saved = useProgress().progress.predictions[storageKey];
  const [answer, setAnswer] = useState(saved?.answer ?? '');
  const [problem, setProblem] = useState('');
  const { state, run } = useSnippetRun();
  const id = useId();

  const check = async () => {
    setProblem('');
    const result = await run(code, language);
    if (!result) return;
    if (result.error) {
      setProblem(`The snippet could not run, so your prediction was not checked: ${errorText(result.error)} Try again.`);
      return;
    }
    progressStore.dispatch({ type: 'predicted', key: storageKey, answer, correct: predictionMatches(answer, outputText(result)) });
  };

  const settled = predictionSettled(saved);
  const verdict = saved
    ? saved.correct
      ? 'Correct: that is exactly what it prints.'
      : settled
        ? 'Not quite: compare your prediction with the real output.'
        : 'Not quite. Read the code again and try once more, or show the answer.'
    : '';

  return (
    <section className="predict" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="predict-title">
        Predict the output
      </h3>
      <Markdown>{prompt}</Markdown>
      <pre tabIndex={0} className="code-block">
        <code>{code}</code>
      </pre>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <label htmlFor={`${id}-answer`}>Your prediction (what the console shows)</label>
        <textarea
          id={`${id}-answer`}
          className="code-area"
          rows={Math.max(2, answer.split('\n').length)}
          value={answer}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(e) => setAnswer(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void check();
            }
          }}
        />
        <div className="toolbar">
          <button type="submit" className="primary" disabled={answer.trim() === '' || state.phase === 'running'}>
            {saved ? 'Check again' : 'Check my prediction'}
          </button>
        </div>
      </form>
      <div role="status" className={saved ? (saved.correct ? 'verdict verdict-pass' : 'verdict verdict-fail') : 'verdict'}>
        {problem || (state.phase === 'running' ? 'Running the snippet…' : verdict)}
      </div>
      {saved && !settled && (
        <button type="button" onClick={() => progressStore.dispatch({ type: 'prediction-revealed', key: storageKey })}>
          Show the answer
        </button>
      )}
      {settled && (
        <>
          {state.phase === 'done' ? (
            <SnippetOutput state={state} label="Real output of the snippet" />
          ) : (
            <button type="button" onClick={() => void run(code, language)}>
              Show the real output
            </button>
          )}
          <div className="explanation">
            <h4>Why</h4>
            <Markdown>{explanation}</Markdown>
          </div>
        </>
      )}
    </section>
  );
}
