/**
 * What the status line says after an examples exercise is checked: validity first (an invalid
 * example must be fixed before its catches mean anything), then how many known mistakes the
 * examples catch. The run itself goes through the same `reduceRun` as any exercise.
 */
import type { ExamplesReport, RunResult } from '../../../runner/core/index.ts';
import { announce, type RunState } from './exercise-run.ts';

/** The status line when the examples could not be checked at all, by cause. */
const RUN_ERROR_HEADLINES: Partial<Record<NonNullable<RunResult['cause']>, string>> = {
  syntax: 'Your examples have a syntax error, so none was checked.',
  'no-examples': 'There are no examples to check yet.',
  'too-large': 'Your examples could not be checked.',
  'load-threw': 'Your code threw while loading, before any example was checked.',
  timeout: 'Your code did not finish, so no example was checked.',
  memory: 'Your code used too much memory, so no example was checked.',
  cancelled: 'The check was cancelled.',
  'tests-broken': 'The examples could not be checked. This is not your fault.',
};

const examples = (n: number) => `${n} ${n === 1 ? 'example' : 'examples'}`;

/** "They catch 5 of the 8 known mistakes; 3 are not caught yet." and the like; `one` for a subject in the singular. */
export function catchesSentence(report: ExamplesReport, subject = 'They', one = false): string {
  const { caught, mutants, missed, threshold } = report;
  const verb = one ? 'catches' : 'catch';
  if (missed === 0) return `${subject} ${verb} all ${mutants} known mistakes.`;
  const needed = threshold < mutants ? ` (${threshold} needed to pass)` : '';
  return `${subject} ${verb} ${caught.length} of the ${mutants} known mistakes${needed}; ${missed} ${missed === 1 ? 'is' : 'are'} not caught yet.`;
}

/** One sentence for a finished check of examples. */
export function summarizeExamples(result: RunResult): string {
  const report = result.examples;
  if (!report) return RUN_ERROR_HEADLINES[result.cause ?? 'crashed'] ?? 'Your examples could not be checked.';
  const { total, valid, invalid } = report;
  if (invalid.length > 0) {
    const head = `${invalid.length} of ${examples(total)} ${invalid.length === 1 ? 'is' : 'are'} not valid: fix ${invalid.length === 1 ? 'it' : 'them'} first.`;
    const subject = valid === 1 ? 'The valid one' : `The ${valid} valid ones`;
    return valid > 0 ? `${head} ${catchesSentence(report, subject, valid === 1)}` : head;
  }
  const all = total === 1 ? 'Your example is valid.' : `All ${total} examples are valid.`;
  return `${all} ${catchesSentence(report, total === 1 ? 'It' : 'They', total === 1)}${result.status === 'pass' ? ' Well done!' : ''}`;
}

/** The sentence announced in the live region when a check of examples starts or ends. */
export function announceExamples(state: RunState): string {
  if (state.phase === 'running') return 'Checking your examples…';
  return state.phase === 'done' ? summarizeExamples(state.result) : announce(state);
}
