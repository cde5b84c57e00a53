/**
 * Issue 26's own test of an assessed build: "every line of 40+ letters and digits of a hidden
 * part, compared with the built files". The hidden part of a tests file is every line the visible
 * cut (runner/content/visible-tests.ts, as the build calls it) does not ship; a line is compared
 * by its letters and digits only, because the build ships a tests file inside a JS string, where
 * quotes, backslashes and newlines come escaped.
 * The lines of hidden groups, and the comments right above them, are found here without the
 * cutter, so a cutter that shipped one fails the test; which helpers and their comments only the
 * hidden groups use is the cutter's call (its own unit test and the helper canary check that).
 */
import type { Node } from 'acorn';
import { parseTestsModule } from '../runner/content/index.ts';

/** The letters and digits of `text`, in order (any script: `é` and `ｐ` count, as the build keeps them). */
export const lettersAndDigits = (text: string): string => text.replace(/[^\p{L}\p{N}]/gu, '');

/** A line of a tests file's hidden part, and its letters and digits (`key`). */
export interface HiddenLine {
  file: string;
  /** 1-based. */
  line: number;
  text: string;
  key: string;
}

/** The threshold: a shorter line (`});`, `it('x', () => {`) could be anyone's. */
export const MIN_LETTERS_AND_DIGITS = 40;

type Statement = Node & { type: string; loc: { start: { line: number }; end: { line: number } }; expression?: Call };
type Call = Node & { type: string; callee: Call; object?: Call; name?: string; arguments?: { type: string; value?: unknown }[] };

/**
 * The 1-based lines of the top-level groups a learner never sees, and of the comment right above
 * each (no blank line between): every `describe`, `it` or `test` but the first
 * `describe('examples', ...)`. Found without the cutter, so a cutter that kept one of these lines
 * would not also call it visible.
 */
function hiddenGroupLines(file: string, source: string): Set<number> {
  const { program } = parseTestsModule(file, source);
  if (!program) throw new Error(`hiddenGroupLines: ${file} does not parse.`);
  const lines = source.split('\n');
  const out = new Set<number>();
  let examplesSeen = false;
  for (const statement of program.body as Statement[]) {
    const call = statement.type === 'ExpressionStatement' ? statement.expression : undefined;
    if (call?.type !== 'CallExpression') continue;
    // describe.skip(...), describe.each(table)(...): the name is the outer call's first argument.
    let root: Call = call.callee;
    while (root.type === 'MemberExpression' || root.type === 'CallExpression') root = (root.type === 'MemberExpression' ? root.object : root.callee) as Call;
    if (root.type !== 'Identifier' || !['describe', 'it', 'test'].includes(root.name ?? '')) continue;
    if (!examplesSeen && root.name === 'describe' && call.arguments?.[0]?.value === 'examples') {
      examplesSeen = true;
      continue;
    }
    let first = statement.loc.start.line;
    while (first > 1 && /^\s*(\/\/|\/\*|\*)/.test(lines[first - 2] as string)) first--;
    for (let line = first; line <= statement.loc.end.line; line++) out.add(line);
  }
  return out;
}

/**
 * The hidden part of a tests file, as lines of `MIN_LETTERS_AND_DIGITS` or more letters and digits:
 * every line its cut `visible` does not ship (hidden groups, and the helpers and comments only they
 * use; a line is shipped when its trimmed text is a line of the cut), and every line of a hidden
 * group or of the comment above one, whatever the cut holds. With it, `shipped`: the lines of the
 * cut a learner may get, so the cut's lines that are hidden-group text found nowhere else in the
 * file are left out of it (else a cut that leaked a line would excuse itself).
 */
export function hiddenPart(file: string, source: string, visible: string): { lines: HiddenLine[]; shipped: string } {
  const sourceLines = source.split('\n');
  const groups = hiddenGroupLines(file, source);
  const inGroups = new Set(sourceLines.filter((_, i) => groups.has(i + 1)).map((text) => text.trim()));
  const outside = new Set(sourceLines.filter((_, i) => !groups.has(i + 1)).map((text) => text.trim()));
  const cut = visible.split('\n');
  const cutLines = new Set(cut.map((text) => text.trim()));
  const lines = sourceLines.flatMap((text, i) => {
    const key = lettersAndDigits(text);
    return key.length >= MIN_LETTERS_AND_DIGITS && (groups.has(i + 1) || !cutLines.has(text.trim())) ? [{ file, line: i + 1, text, key }] : [];
  });
  const shipped = cut.filter((text) => !inGroups.has(text.trim()) || outside.has(text.trim())).join('\n');
  return { lines, shipped };
}

/**
 * `lines` split into those the build must not hold and those shipped anyway: a hidden line whose
 * letters and digits are also in a shipped source (`shipped`: what `hiddenPart` says the cuts may
 * ship, where an import the cut rewrote keeps its names; the tasks, the lessons, the starters) is
 * not hidden, since the same text reaches the learner from there.
 */
export function splitShipped(lines: HiddenLine[], shipped: string[]): { hidden: HiddenLine[]; shippedAnyway: HiddenLine[] } {
  const all = shipped.map(lettersAndDigits).join('\n');
  const hidden: HiddenLine[] = [];
  const shippedAnyway: HiddenLine[] = [];
  for (const line of lines) (all.includes(line.key) ? shippedAnyway : hidden).push(line);
  return { hidden, shippedAnyway };
}
