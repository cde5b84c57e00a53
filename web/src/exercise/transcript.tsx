/**
 * Under a failed check: the messages that went into the learner's function and what came back,
 * in order, as a two-column table, with the answer the check looked at marked. For the capstone
 * this is the SDK client's exchange (initialize, the initialized notification, tools/list...).
 */
import type { Transcript as TranscriptData } from '../../../runner/core/index.ts';

export function Transcript({ transcript }: { transcript: TranscriptData }) {
  const fn = transcript.entries[0]?.fn ?? 'your function';
  const caption =
    transcript.scope === 'test'
      ? `What this check sent to ${fn}, and what came back`
      : `This check sent nothing itself; the exchange so far, and what ${fn} answered`;
  return (
    <div className="transcript" tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Sent to {fn}</th>
            <th scope="col">{fn} answered</th>
          </tr>
        </thead>
        <tbody>
          {transcript.entries.map((entry, i) => (
            <tr key={i} className={entry.marked ? 'transcript-marked' : undefined}>
              <td>
                <code>{entry.input}</code>
              </td>
              <td>
                <code>{entry.output}</code>
                {entry.marked && <span className="badge">this check looked at it</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {transcript.omitted > 0 && <p className="muted">{transcript.omitted} more {transcript.omitted === 1 ? 'call' : 'calls'} not shown.</p>}
    </div>
  );
}
