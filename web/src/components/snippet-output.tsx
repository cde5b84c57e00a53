/** Console output of a snippet run, or why it did not run. */
import type { SnippetRunState } from '../state/snippet.ts';
import { errorText, outputText } from '../state/snippet.ts';

export function SnippetOutput({ state, label }: { state: SnippetRunState; label: string }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'running') return <p className="snippet-status">Running…</p>;
  if (state.phase === 'failed') return <p className="snippet-error">{state.message}</p>;
  const text = outputText(state.result);
  const { error } = state.result;
  return (
    <div className="snippet-output">
      <pre tabIndex={0} aria-label={label} className={text ? 'console' : 'console console-empty'}>
        {text || 'The code printed nothing.'}
      </pre>
      {error && error.cause !== 'cancelled' && <p className="snippet-error">{errorText(error)}</p>}
    </div>
  );
}

/** What the live region says when a snippet run ends. */
export function snippetAnnouncement(state: SnippetRunState): string {
  if (state.phase === 'failed') return state.message;
  if (state.phase !== 'done') return '';
  if (state.result.error && state.result.error.cause !== 'cancelled') return `The code stopped with an error: ${errorText(state.result.error)}`;
  const lines = state.result.output.length;
  return lines === 0 ? 'The code ran and printed nothing.' : `The code ran and printed ${lines} ${lines === 1 ? 'line' : 'lines'}.`;
}
