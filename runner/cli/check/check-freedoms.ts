/**
 * What `course check` proves about the freedoms a task grants (issue: every freedom proved,
 * mechanically). The tests file declares them with `taskFreedoms`, each with the words of task.md
 * that grant it; this file checks that the words are in task.md, that every sentence of task.md
 * that grants something is declared, and reads the run of each derived variant (the reference with
 * every answer varied through one freedom, runner/core/check/derived-variant.ts): a check that
 * fails it is stricter than the task.
 */
import type { CodeExercise, Diagnostic } from '../../content/index.ts';
import type { RunResult } from '../../core/index.ts';
import type { InspectedFreedom } from '../shared/inspect-tests.ts';
import { clip } from '../shared/one-line.ts';

/** Text with every run of whitespace as one space, for finding the task's words as written. */
function spaced(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** The line of `text` at an index of `spaced(text)`. */
function lineAt(text: string, spacedIndex: number): number {
  let seen = 0;
  let line = 1;
  for (let i = 0; i < text.length && seen < spacedIndex; i++) {
    const ch = text[i] as string;
    if (ch === '\n') line += 1;
    // A run of whitespace counts as one character of the spaced text.
    if (/\s/.test(ch) && i > 0 && /\s/.test(text[i - 1] as string)) continue;
    seen += 1;
  }
  return line;
}

/** The line of the tests file where the declaration quotes `words` (1 when not found). */
function quotedLine(tests: string, words: string): number {
  const at = spaced(tests).indexOf(spaced(words).slice(0, 40));
  return at < 0 ? 1 : lineAt(tests, at);
}

/**
 * Words by which a task text grants a freedom of the answer. A sentence that holds one must be
 * declared (taskFreedoms), so that a derived variant proves the checks accept what it grants.
 */
const GRANTING = /\b(?:of your choice|(?:is|are) yours|(?:is|are) free\b|is fine|(?:is|are) allowed|in any order|(?:may|can) add|may echo|written in any case)/gi;

/** Where each sentence of the spaced text starts and ends (a sentence ends at `. `, `; ` or a blank line). */
function sentenceAround(text: string, at: number): [number, number] {
  const before = Math.max(text.lastIndexOf('. ', at), text.lastIndexOf('; ', at), text.lastIndexOf('\n\n', at));
  const ends = ['. ', '; ', '\n\n'].map((s) => text.indexOf(s, at)).filter((i) => i >= 0);
  return [before < 0 ? 0 : before + 1, ends.length ? Math.min(...ends) : text.length];
}

function at(file: string, rule: string, severity: Diagnostic['severity'], message: string, line = 1): Diagnostic {
  return { file, line, column: 1, rule, severity, message };
}

/** Problems of the declaration itself: words not in task.md, a freedom without vary, granting sentences not declared. */
export function freedomDiagnostics(exercise: Pick<CodeExercise, 'dir' | 'task' | 'taskLine' | 'tests' | 'testsFile'>, freedoms: readonly InspectedFreedom[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const task = spaced(exercise.task);
  const taskFile = `${exercise.dir}/task.md`;
  const granted: [number, number][] = [];
  for (const f of freedoms) {
    for (const words of f.grants) {
      const found = task.indexOf(spaced(words).trim());
      if (found >= 0) granted.push([found, found + spaced(words).trim().length]);
      else {
        const message = `The freedom "${f.name}" is declared as granted by "${clip(words)}", which task.md does not say (whitespace aside): quote the task's own words, or state the freedom in the task.`;
        out.push(at(exercise.testsFile, 'freedom/not-in-task', 'error', message, quotedLine(exercise.tests, words)));
      }
    }
    if (!f.varies) {
      const message = `The freedom "${f.name}" has no vary(value, call), so no derived variant proves that every check accepts what it allows: give it one that returns another answer the freedom counts as the same.`;
      out.push(at(exercise.testsFile, 'freedom/no-vary', 'error', message, quotedLine(exercise.tests, f.grants[0] ?? f.name)));
    }
  }
  // A sentence of the task that grants something no declaration quotes (the task text's own
  // lines, so the index maps back through the front matter's offset).
  const text = exercise.task;
  for (const match of text.matchAll(GRANTING)) {
    const [start, end] = sentenceAround(text, match.index);
    const sentence = spaced(text.slice(start, end)).trim();
    const s = task.indexOf(sentence);
    if (s >= 0 && granted.some(([a, b]) => a < s + sentence.length && b > s)) continue;
    const line = exercise.taskLine + text.slice(0, match.index).split('\n').length - 1;
    const message = `This sentence grants a freedom ("${match[0]}") that the tests file does not declare: "${clip(sentence)}". Declare it in taskFreedoms([[freedom, 'these words'], ...]) with a vary, so a derived variant proves the checks accept it (or reword the sentence if it grants nothing about the answers).`;
    out.push(at(taskFile, 'freedom/not-declared', 'warning', message, line));
  }
  return out;
}

/** What the derived variant of one freedom showed: the checks that reject it, or that it varied nothing. */
export function derivedDiagnostics(exercise: Pick<CodeExercise, 'testsFile' | 'tests'>, freedom: InspectedFreedom, result: RunResult, itLine: (name: string) => number): Diagnostic[] {
  const failing = result.tests.filter((t) => t.status !== 'pass');
  if (result.status === 'error' && result.tests.length === 0) {
    return [at(exercise.testsFile, 'freedom/variant-error', 'error', `The derived variant of the freedom "${freedom.name}" did not run: ${clip(result.message ?? 'the run ended in an error')}.`)];
  }
  if (failing.length > 0) {
    return failing.map((t) => {
      const message = `The check "${t.name}" rejects the reference's answers varied by the freedom "${freedom.name}", which the task grants ("${clip(freedom.grants[0] ?? '')}"): ${clip(t.message ?? t.status).replace(/\.$/, "")}. The check is stricter than the task: compare through the freedom (its \`same\`), or assert only what the task fixes.`;
      return at(exercise.testsFile, 'freedom/check-rejects', 'error', message, itLine(t.name));
    });
  }
  if (result.varied === 0) {
    const message = `The derived variant of the freedom "${freedom.name}" changed no answer of the reference in any check, so nothing proves that the checks accept it: make its vary change the answers it applies to, or draw inputs where it applies.`;
    return [at(exercise.testsFile, 'freedom/never-varied', 'warning', message, quotedLine(exercise.tests, freedom.grants[0] ?? freedom.name))];
  }
  return [];
}
