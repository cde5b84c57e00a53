/**
 * Under a failed check: the calls that went into the learner's functions and what came back, in
 * order, one row per call named by its own function (a stateful exercise calls several), with
 * the answer the check looked at marked; for a generated check also what a correct
 * implementation answers. For the capstone this is the SDK client's exchange (initialize, the
 * initialized notification, tools/list...). A call whose router talked to a client the check
 * played shows that conversation under its answer, message by message.
 */
import type { ExchangeLine, Transcript as TranscriptData } from '../../../runner/core/index.ts';

/** A call's conversation with the client a check played: every message in order, with who sent it. */
function Exchange({ lines, label }: { lines: readonly ExchangeLine[]; label: string }) {
  return (
    <ol className="exchange" aria-label={label}>
      {lines.map((line, i) => (
        <li key={i} className={`exchange-${line.from}`}>
          <span className="exchange-from">{line.from === 'router' ? 'router → client' : 'client → router'}</span> <code>{line.message}</code>
          {line.dropped && <span className="badge">dropped: sent after the client cancelled</span>}
        </li>
      ))}
    </ol>
  );
}

export function Transcript({ transcript }: { transcript: TranscriptData }) {
  const caption = transcript.scope === 'test' ? 'What this check called, and what came back' : 'This check called nothing itself: the exchange so far, and what came back';
  const expected = transcript.entries.some((e) => e.expected !== undefined);
  return (
    <div className="transcript" tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">Your code answered</th>
            {expected && <th scope="col">A correct one answers</th>}
          </tr>
        </thead>
        <tbody>
          {transcript.entries.map((entry, i) => (
            <tr key={i} className={entry.marked ? 'transcript-marked' : undefined}>
              <td>
                <code>
                  {entry.fn}({entry.input})
                </code>
              </td>
              <td>
                <code>{entry.output}</code>
                {entry.marked && <span className="badge">{expected ? 'the first wrong answer' : 'this check looked at it'}</span>}
                {entry.exchange && <Exchange lines={entry.exchange} label="The conversation your code had" />}
              </td>
              {expected && (
                <td>
                  <code>{entry.expected ?? ''}</code>
                  {entry.expectedExchange && <Exchange lines={entry.expectedExchange} label="The conversation a correct one has" />}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {transcript.omitted > 0 && <p className="muted">{transcript.omitted} more {transcript.omitted === 1 ? 'call' : 'calls'} not shown.</p>}
    </div>
  );
}
