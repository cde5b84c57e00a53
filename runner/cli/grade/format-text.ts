/** `course grade --format text`: one line per submission, then a summary line. */
import type { RunResult } from '../../core/index.ts';
import type { GradedSubmission, Summary } from './grade-submissions.ts';
import type { SkippedFile } from './types.ts';
import { examplesLine } from './examples-lines.ts';
import { countText } from '../shared/words.ts';
import { diagnosisOf } from '../shared/diagnosis.ts';

const MESSAGE_CAP = 160;

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_CAP ? `${line.slice(0, MESSAGE_CAP - 1)}…` : line;
}

/** The first thing to fix: the run's own error, else the first test that did not pass. */
export function firstProblem(result: RunResult): string {
  if (result.status === 'pass') return '';
  const test = result.tests.find((t) => t.status !== 'pass');
  // Examples that are all valid but catch too few mistakes: no test failed (the line under the row says more).
  if (!test && result.examples) return 'Its examples catch too few known mistakes.';
  if (result.tests.length === 0 || !test) return oneLine(result.message ?? 'The run ended in an error.');
  return oneLine(`${test.name}: ${test.message ?? test.status}`);
}

export function textReport(graded: readonly GradedSubmission[], summary: Summary, seconds: number, skipped: readonly SkippedFile[] = []): string {
  const width = Math.min(60, Math.max(4, ...graded.map((g) => g.file.length)));
  const lines = graded.flatMap((entry) => {
    const { file, result } = entry;
    const diagnosis = diagnosisOf(entry);
    const passed = result.tests.filter((t) => t.status === 'pass').length;
    const counts = `${passed}/${result.tests.length}`.padStart(7);
    const problem = firstProblem(result);
    const row = `${file.padEnd(width)}  ${result.status.toUpperCase().padEnd(5)} ${counts}${problem ? `  ${problem}` : ''}`;
    // The known mistake the failed tests point at, or the cause that stopped the run, one line under the row.
    const under =
      diagnosis.kind === 'mistakes'
        ? [`${' '.repeat(width)}  looks like: ${diagnosis.mistakes.map((m) => (m.score === undefined ? m.mutant : `${m.mutant} (${m.score})`)).join(', ')}: ${oneLine(diagnosis.sentence)}`]
        : diagnosis.kind === 'error' && result.status !== 'error'
          ? [`${' '.repeat(width)}  stopped by: ${diagnosis.cause}`]
          : [];
    // An examples exercise: validity and catches, one line under the row.
    const examples = result.examples ? [`${' '.repeat(width)}  examples: ${examplesLine(result.examples)}`] : [];
    return [row, ...under, ...examples];
  });
  if (skipped.length) lines.push('', 'Skipped, not submissions:', ...skipped.map((f) => `  ${f.file}: ${f.reason}`));
  const rate = seconds > 0 ? `, ${(summary.total / seconds).toFixed(1)} submissions/s` : '';
  lines.push('', `${countText(summary.total, 'submission')}: ${summary.pass} pass, ${summary.fail} fail, ${summary.error} error (${seconds.toFixed(2)} s${rate})`);
  return `${lines.join('\n')}\n`;
}
