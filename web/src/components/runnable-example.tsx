/** A runnable example: editable code, Run, and its console output. */
import { useId, useState } from 'react';
import { useSnippetRun } from '../hooks/use-snippet-run.ts';
import { CodeArea } from './code-area.tsx';
import { SnippetOutput, snippetAnnouncement } from './snippet-output.tsx';

export interface RunnableExampleProps {
  code: string;
  language: 'js' | 'ts';
  /** 1-based position among the lesson's examples, for accessible names. */
  index: number;
}

export function RunnableExample({ code: initial, language, index }: RunnableExampleProps) {
  const [code, setCode] = useState(initial);
  const { state, run } = useSnippetRun();
  const id = useId();
  const onRun = () => void run(code, language);
  return (
    <section className="runnable" aria-labelledby={`${id}-title`}>
      <h3 className="runnable-title" id={`${id}-title`}>
        Example {index} <span className="muted">(you can edit and run it)</span>
      </h3>
      <CodeArea value={code} onChange={setCode} onRun={onRun} label={`Code of example ${index}`} />
      <div className="toolbar">
        <button type="button" className="primary" onClick={onRun} aria-keyshortcuts="Control+Enter">
          {state.phase === 'running' ? 'Run again' : 'Run'}
        </button>
        {code !== initial && (
          <button type="button" onClick={() => setCode(initial)}>
            Restore the original
          </button>
        )}
      </div>
      <SnippetOutput state={state} label={`Output of example ${index}`} />
      <p className="visually-hidden" role="status">
        {snippetAnnouncement(state)}
      </p>
    </section>
  );
}
