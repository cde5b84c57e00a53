/**
 * Under a failed check: the calls that went into the learner's functions and what came back, in
 * order, one row per call named by its own function (a stateful exercise calls several), with
 * the answer the check looked at marked; for a generated check also what a correct
 * implementation answers. For the capstone this is the SDK client's exchange (initialize, the
 * initialized notification, tools/list...).
 */
import type { Transcript as TranscriptData } from '../../../runner/core/index.ts';

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
              </td>
              {expected && (
                <td>
                  <code>{entry.expected ?? ''}</code>
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
