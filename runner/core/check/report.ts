/**
 * A failed generated check as the learner reads it: the smallest input found, written as the
 * calls they can paste into their editor; what a correct implementation answers and what theirs
 * answered (with the task's freedoms taken out of both, so the diff shows only what matters); a
 * headline in the course's words; and, for a case of several calls, the whole exchange with the
 * first wrong answer marked.
 */
import { processError } from '@vitest/utils/error';
import type { DecodeFn } from '../codec/index.ts';
import { describeValue, oneLine } from '../codec/describe.ts';
import { conversationDifference, exchangeLines, isConversation, replyText } from '../conversation-text.ts';
import { headline } from '../headline.ts';
import { hasClient } from './client-peer.ts';
import { PRINT_LIMITS, printable } from '../printable.ts';
import type { FailedCheck, TestResult, Transcript, TranscriptEntry } from '../result.ts';
import { tooLargeText } from '../learner-session.ts';
import { placeText, thrownText, toPlace } from '../run-text.ts';
import type { TextBudget } from '../text-cap.ts';
import { callOf, sameAnswers, valueOf } from './compare.ts';
import type { CheckFailure } from './failure.ts';
import { normalized } from './freedoms.ts';
import { callText, jsLiteral } from './js-literal.ts';
import type { CallSpec, Outcome } from './types.ts';

const ANSI = /\u001b\[[0-9;]*m/g;
const plain = (value: unknown) => (typeof value === 'string' ? value.replace(ANSI, '') : undefined);

/** What an outcome is, as one line of a transcript. */
function outcomeText(outcome: Outcome | undefined, name: string, decode: DecodeFn): string {
  if (!outcome) return '(not called: an earlier call threw)';
  if (outcome.kind === 'returned') return oneLine(valueOf(outcome, decode), 1_000);
  if (outcome.kind === 'threw') return thrownText(name, outcome.error);
  return outcome.expanded ? `an answer too large to compare (over ${outcome.limit.toLocaleString('en')} objects written out)` : `an answer too large to compare (over ${outcome.limit.toLocaleString('en')} characters)`;
}

/** The JSON-RPC method of a call's first argument, when it is a message. */
function methodOf(call: CallSpec): string | undefined {
  const first = call[1] as { method?: unknown } | null | undefined;
  return first && typeof first === 'object' && typeof first.method === 'string' && first.method.length <= 60 ? first.method : undefined;
}

/** The first call of the case whose answer differs, by the check's own comparison. */
function firstDifferent(failure: CheckFailure['facts'], decode: DecodeFn): number {
  const { smallest, expected, freedoms } = failure;
  for (let i = 0; i < expected.length; i++) {
    const got = smallest.received.slice(i, i + 1);
    if (!sameAnswers(got, expected.slice(i, i + 1), smallest.calls.slice(i, i + 1), freedoms, decode)) return i;
  }
  return Math.min(smallest.received.length, expected.length - 1);
}

export interface CheckReportContext {
  decode: DecodeFn;
  budget: TextBudget;
}

/**
 * Where the input was found, for the learner: "the smallest failing input found among 200
 * generated ones". Said once per result, in its message; the rest of the result (`check.message`,
 * `generated`) does not repeat it in words.
 */
function provenance(facts: CheckFailure['facts']): string {
  if (facts.kind === 'fault') return `generated input ${facts.firstIndex + 1} of ${facts.runs}`;
  return facts.steps > 0 ? `the smallest failing input found among ${facts.runs} generated ones` : `generated input ${facts.firstIndex + 1} of ${facts.runs}`;
}

/** The test result of a failed generated check. */
export function checkFailureResult(failure: CheckFailure, common: Omit<TestResult, 'status'>, context: CheckReportContext): TestResult {
  const { facts } = failure;
  const { decode, budget } = context;
  const { calls, received } = facts.smallest;
  const at = firstDifferent(facts, decode);
  const call = calls[at] as CallSpec;
  const [name, ...args] = call;
  const inputText = budget.cap(calls.map(([n, ...a]) => callText(n, a, 1_000)).join('\n'), 'input');
  // One call is its Input line, unless a client talked with it: its conversation is the transcript's.
  const transcript = calls.length > 1 || calls.some(hasClient) ? transcriptOf(facts, at, context) : undefined;
  const generated = { generated: { runs: facts.runs, seed: facts.seed, firstIndex: facts.firstIndex, steps: facts.steps, ...(facts.freedoms.length ? { freedoms: facts.freedoms.map((f) => f.says) } : {}) } };
  const step = calls.length > 1 ? `, call ${at + 1} of ${calls.length}` : '';
  const where = provenance(facts);

  if (facts.kind === 'fault' && facts.fault) {
    const message = budget.cap(`On ${where}${step}: ${facts.fault.message}`, 'message');
    return { ...common, status: 'error', cause: facts.fault.cause, message, check: { message, input: inputText }, ...(transcript ? { transcript } : {}), ...generated };
  }
  const mine = received[at];
  const want = facts.expected[at] as Outcome;
  const wantValue = want.kind === 'returned' ? normalized(valueOf(want, decode), facts.freedoms, callOf(call)) : undefined;
  if (!mine || mine.kind !== 'returned') {
    // The cause first, as a fixed test's call reports it; where the input came from after it.
    const what = !mine ? `\`${name}\` was never called` : mine.kind === 'threw' ? `${thrownText(name, mine.error)}${placeText(toPlace(mine.error))}` : tooLargeText(name, mine).replace(/\. Return only the reply itself\.$/, '');
    const message = budget.cap(`${what} (on ${where}${step}; a correct one answers ${oneLine(wantValue, 300)}).`, 'message');
    const place = mine?.kind === 'threw' ? toPlace(mine.error) : undefined;
    const check: FailedCheck = { message, input: inputText, expected: budget.cap(describeValue(wantValue, { insertionOrder: true }), 'expected') };
    return { ...common, status: 'error', cause: mine?.kind === 'too-large' ? 'too-large' : 'threw', message, ...(place ? { place } : {}), check, ...(transcript ? { transcript } : {}), ...generated };
  }
  const gotValue = normalized(valueOf(mine, decode), facts.freedoms, callOf(call));
  const method = methodOf(call);
  // Two conversations: where they part says more than the shapes of two { reply, exchange } objects.
  const parted = hasClient(args) && isConversation(gotValue) && isConversation(wantValue) ? conversationDifference(gotValue, wantValue) : undefined;
  const lead = parted ?? headline({ message: 'expected received to strictly equal expected', actual: gotValue, expected: wantValue, actualIsReturned: true, functionName: name, ...(method ? { method } : {}) });
  // vitest's own printer and diff, over bounded copies, as for every other failed check.
  const processed = processError({ message: 'answers differ', actual: printable(gotValue), expected: printable(wantValue) }, { maxDepth: PRINT_LIMITS.maxDepth }) as { expected?: unknown; actual?: unknown; diff?: unknown };
  // The freedoms travel in `generated.freedoms` (the page shows them under the message).
  const matcher = `${callText(name, args, 300)} answered differently from a correct implementation.`;
  const check: FailedCheck = {
    message: budget.cap(matcher, 'message'),
    input: inputText,
    ...(plain(processed.expected) !== undefined ? { expected: budget.cap(plain(processed.expected) as string, 'expected') } : {}),
    ...(plain(processed.actual) !== undefined ? { received: budget.cap(plain(processed.actual) as string, 'received') } : {}),
    ...(plain(processed.diff) ? { diff: budget.cap(plain(processed.diff) as string, 'diff') } : {}),
  };
  const message = budget.cap(lead ? `${lead} (${capitalFree(where)}${step}.)` : `${capitalFree(where)}${step}: ${matcher}`, 'message');
  return { ...common, status: 'fail', message, check, ...(transcript ? { transcript } : {}), ...generated };
}

function capitalFree(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The case's calls with the learner's answers and a correct one's, the first wrong one marked. */
function transcriptOf(facts: CheckFailure['facts'], at: number, context: CheckReportContext): Transcript {
  const { decode, budget } = context;
  const entries: TranscriptEntry[] = facts.smallest.calls.map((call, i) => {
    const [name, ...args] = call;
    const want = facts.expected[i];
    const got = facts.smallest.received[i];
    // A call with a client answers with its conversation: the reply in the cell, the messages as rows.
    const talk = (outcome: Outcome | undefined) => {
      const value = outcome?.kind === 'returned' && hasClient(args) ? valueOf(outcome, decode) : undefined;
      return isConversation(value) ? value : undefined;
    };
    const mine = talk(got);
    const theirs = talk(want);
    return {
      fn: name,
      input: budget.cap(args.map((a) => jsLiteral(a, 500)).join(', '), 'transcript'),
      output: budget.cap(mine ? replyText(mine) : outcomeText(got, name, decode), 'transcript'),
      ...(want ? { expected: budget.cap(theirs ? replyText(theirs) : outcomeText(want, name, decode), 'transcript') } : {}),
      ...(mine ? { exchange: exchangeLines(mine, budget) } : {}),
      ...(theirs ? { expectedExchange: exchangeLines(theirs, budget) } : {}),
      ...(i === at ? { marked: true as const } : {}),
    };
  });
  return { scope: 'test', entries, omitted: 0 };
}
