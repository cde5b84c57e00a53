/**
 * One feedback file per learner (`course report --feedback <folder>`), safe to hand out: the
 * learner's own submissions only, and of each its score, what stopped it or the known mistake
 * it looks like (the sentence written for learners), and the checks it did not pass. A visible
 * check (an example) shows its message and its input, expected and received values, as the
 * course shows them; a hidden check shows its name and the kind of failure only
 * (shared/diagnosis.ts), never its code, its input or its expected value. Nothing of another
 * learner, of the class's figures, or of the signals meant for the teacher (typed name, hints,
 * revealed solution) is in it.
 *
 * Files are named after the learner's folder, with anything but letters, digits, `.`, `_` and
 * `-` replaced, and numbered when two names come out the same.
 */
import { diagnosisOf, testFeedback } from '../../shared/diagnosis.ts';
import { scoreOf } from '../summarize.ts';
import type { ClassRow } from '../types.ts';

/** A safe file name for `learner` (see the module comment), without extension. */
export function feedbackName(learner: string): string {
  const name = learner.normalize('NFC').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '');
  return name.slice(0, 80) || 'learner';
}

/** Text in Markdown as text: nothing in it starts a heading, list, link or code. */
const escaped = (text: string) => text.replace(/[\\`*_[\]<|]/g, (c) => `\\${c}`);
/**
 * A course sentence in Markdown: its inline code (`route`, as the page shows it) stays code,
 * everything else is text; one line.
 */
function plain(text: string): string {
  const oneLine = text.replace(/\r?\n/g, ' ');
  let out = '';
  let at = 0;
  for (const span of oneLine.matchAll(/`[^`]+`/g)) {
    out += escaped(oneLine.slice(at, span.index)) + span[0];
    at = span.index + span[0].length;
  }
  return out + escaped(oneLine.slice(at));
}
/** A value shown as code, fenced so that no backtick in it ends the fence. */
function codeBlock(text: string): string {
  const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${fence}\n${text}\n${fence}`;
}

function submissionSection(row: ClassRow, several: boolean): string[] {
  const score = scoreOf(row);
  const diagnosis = diagnosisOf(row);
  const lines: string[] = [];
  const file = row.file.split('/').pop() ?? row.file;
  lines.push(several ? `### ${plain(file)}${row.counted ? ' (this one counts)' : ''}` : `Your file: ${plain(file)}`, '');
  if (row.late) lines.push('This work came after the deadline, so it does not count unless your teacher decides otherwise.', '');
  lines.push(score ? `Checks passed: ${score.passed} of ${score.total} (${Math.round(score.percent)}%).` : 'Your code did not reach the checks, so no check passed.', '');
  if (diagnosis.kind === 'pass') lines.push('Every check passed. Well done.', '');
  else if (diagnosis.kind === 'mistakes') lines.push(`What your results look like: ${plain(diagnosis.sentence)}`, '');
  else if (diagnosis.kind === 'error') lines.push(`What stopped your code: ${plain(diagnosis.sentence)}`, '');
  const failed = row.result.tests.filter((t) => t.status !== 'pass');
  if (failed.length) {
    lines.push('Checks that did not pass:', '');
    for (const test of failed) {
      lines.push(`- ${plain(testFeedback(test))}`);
      // A visible check's values are the learner's to see (the course shows them too).
      if (!test.hidden && test.check) {
        for (const [label, value] of [['Input', test.check.input], ['Expected', test.check.expected], ['Received', test.check.received]] as const) {
          if (value !== undefined) lines.push('', `  ${label}:`, '', codeBlock(value).replace(/^/gm, '  '));
        }
        lines.push('');
      }
    }
    lines.push('');
  }
  return lines;
}

/** The feedback file of each learner: file name (with .md) -> Markdown. */
export function feedbackFiles(rows: readonly ClassRow[], exercises: readonly string[]): Map<string, string> {
  const byLearner = new Map<string, ClassRow[]>();
  for (const row of rows) {
    const list = byLearner.get(row.learner) ?? [];
    list.push(row);
    byLearner.set(row.learner, list);
  }
  const files = new Map<string, string>();
  const learners = [...byLearner.keys()].sort((a, b) => a.localeCompare(b, 'en'));
  for (const learner of learners) {
    const own = byLearner.get(learner) as ClassRow[];
    const lines = [`# Feedback for ${plain(learner)}`, ''];
    for (const exercise of exercises) {
      const mine = own.filter((r) => r.exercise === exercise);
      if (!mine.length) continue;
      lines.push(`## ${plain(exercise)}`, '');
      for (const row of mine) lines.push(...submissionSection(row, mine.length > 1));
    }
    let name = feedbackName(learner);
    for (let n = 2; files.has(`${name}.md`); n++) name = `${feedbackName(learner)}-${n}`;
    files.set(`${name}.md`, `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`);
  }
  return files;
}
