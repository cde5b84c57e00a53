/**
 * What a failed test leaves for naming the learner's mistake: inputs, and what the learner's code
 * answered to them. A known mistake (a mutant) is named only where it answers exactly that, so
 * the evidence is the very calls: a generated check's smallest failing case and a few more of its
 * failing cases; a fixed test's own calls, replayed after the calls of the run before it (the
 * state they left), when the run is short enough to have kept them all.
 */
import type { CheckFailureFacts } from '../check/failure.ts';
import type { EncodedCase } from '../check/types.ts';
import type { CallRecord } from '../learner-session.ts';

export type Evidence =
  | { test: string; kind: 'generated'; facts: CheckFailureFacts }
  | {
      test: string;
      kind: 'calls';
      /** One case: the calls before the test (when all were kept), then the test's own. */
      replay: EncodedCase;
      /** The test's own calls: their place in `replay` and how each ended for the learner. */
      own: { at: number; record: CallRecord }[];
    };

/**
 * The evidence of a fixed test that failed: its calls, and the run's earlier calls when `history`
 * holds all of them (`complete`). None when it made no call, or a call ran out of time (a mutant
 * that loops tells nothing apart).
 */
export function callsEvidence(test: string, own: readonly CallRecord[], history: readonly CallRecord[], complete: boolean): Evidence | undefined {
  if (own.length === 0) return undefined;
  if (own.some((c) => c.outcome === undefined || ('failed' in c.outcome && (c.outcome.cause === 'timeout' || c.outcome.cause === 'run-timeout')))) return undefined;
  // History ends with this test's own calls.
  const before = complete ? history.slice(0, history.length - own.length) : [];
  // A call made with a client is replayed with that client, as its transcript shows it.
  const replay = [...before, ...own].map((c) => ({ name: c.name, args: c.sent, ...(c.peer ? { peer: c.peer } : {}) }));
  return { test, kind: 'calls', replay, own: own.map((record, i) => ({ at: before.length + i, record })) };
}
