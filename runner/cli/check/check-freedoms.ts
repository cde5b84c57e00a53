/**
 * What `course check` proves about the freedoms a task grants (issue: every freedom proved,
 * mechanically). The tests file declares them with `taskFreedoms`, each with the words of task.md
 * that grant it; this file checks that the words are in task.md, that every sentence of task.md
 * that grants something is declared, and reads the run of each derived variant (the reference with
 * every answer varied through one freedom, runner/core/check/derived-variant.ts): a check that
 * fails it is stricter than the task.
 */
import { diagnostic, type CodeExercise, type Diagnostic } from '../../content/index.ts';
import type { RunResult } from '../../core/index.ts';
import type { InspectedFreedom } from '../shared/inspect-tests.ts';
import { clip } from '../shared/one-line.ts';

/** Where `words` stand in `text` as written there, any run of whitespace matching any other; undefined when they do not. */
function wordsIn(text: string, words: string): { index: number; end: number } | undefined {
  const tokens = words.trim().split(/\s+/).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const match = new RegExp(tokens.join('\\s+')).exec(text);
  return match ? { index: match.index, end: match.index + match[0].length } : undefined;
}

/** The 1-based line of an index of `text`. */
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The line of the tests file where the declaration quotes `words` (its first words; 1 when not found). */
function quotedLine(tests: string, words: string): number {
  const found = wordsIn(tests, words.trim().split(/\s+/).slice(0, 4).join(' '));
  return found ? lineOf(tests, found.index) : 1;
}

/**
 * Words by which a task text grants a freedom of the answer. A sentence that holds one must be
 * declared (taskFreedoms), so that a derived variant proves the checks accept what it grants.
 */
const GRANTING = /\b(?:of your choice|(?:is|are) yours|(?:is|are) free\b|is fine|(?:is|are) allowed|in any order|(?:may|can) add|may echo|written in any case)/gi;

/** Where the sentence around `at` starts and ends (a sentence ends at `. `, `; ` or a blank line). */
function sentenceAround(text: string, at: number): [number, number] {
  const before = Math.max(text.lastIndexOf('. ', at), text.lastIndexOf('; ', at), text.lastIndexOf('\n\n', at));
  const ends = ['. ', '; ', '\n\n'].map((s) => text.indexOf(s, at)).filter((i) => i >= 0);
  return [before < 0 ? 0 : before + 1, ends.length ? Math.min(...ends) : text.length];
}

const at = (file: string, rule: string, severity: Diagnostic['severity'], message: string, line = 1): Diagnostic => diagnostic(file, rule, severity, message, { line, column: 1 });

/** Problems of the declaration itself: words not in task.md, a freedom without vary, granting sentences not declared. */
export function freedomDiagnostics(exercise: Pick<CodeExercise, 'dir' | 'task' | 'taskLine' | 'tests' | 'testsFile'>, freedoms: readonly InspectedFreedom[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const text = exercise.task;
  const taskFile = `${exercise.dir}/task.md`;
  const granted: { index: number; end: number }[] = [];
  for (const f of freedoms) {
    for (const words of f.grants) {
      const found = wordsIn(text, words);
      if (found) granted.push(found);
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
  // A sentence of the task that grants something no declaration quotes (lines counted from the
  // task text's first line, after the front matter).
  for (const match of text.matchAll(GRANTING)) {
    const [start, end] = sentenceAround(text, match.index);
    if (granted.some((g) => g.index < end && g.end > start)) continue;
    const sentence = text.slice(start, end).replace(/\s+/g, ' ').trim();
    const line = exercise.taskLine + lineOf(text, match.index) - 1;
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
