/**
 * The `:::question{id=...}` block of a lesson: a prompt, then a GFM task list whose `[x]` items
 * are the correct options. Each item's first paragraph is the option; the rest of the item is the
 * feedback shown once it is chosen (a leading "Feedback:" is dropped).
 */
import type { List, ListItem } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { checkProse, contentOf, span } from './markdown-blocks.ts';
import type { Cutter } from './markdown-blocks.ts';
import type { LessonSegment, QuestionOption } from './types.ts';
import { KEBAB } from './kebab.ts';

const FEEDBACK_LABEL = /^Feedback:[ \t]*/i;
/** A task-list item's checkbox and the space after it. */
const CHECKBOX = /^\[[ xX]\][ \t]*/;

/** Cuts a question block into its segment, reporting every problem of its shape. */
export function cutQuestion(node: ContainerDirective, cut: Cutter): LessonSegment {
  const id = node.attributes?.id ?? '';
  if (!id) {
    cut.report('question/no-id', 'Give the question an id, e.g. `:::question{id=no-id-reply}`; progress is saved by it.', node);
  } else if (!KEBAB.test(id)) {
    cut.report('question/bad-id', `The question id \`${id}\` must be kebab-case (lowercase letters, digits, single dashes).`, node);
  }
  const children = contentOf(node);
  for (const child of children) checkProse(child, cut);
  const index = children.findIndex((child) => child.type === 'list');
  const list = children[index] as List | undefined;
  const prompt = span(index < 0 ? children : children.slice(0, index), cut);
  if (!prompt.trim()) cut.report('question/no-prompt', 'Start the question block with the question itself, before the options.', node);
  const rest = index < 0 ? [] : children.slice(index + 1);
  if (rest[0]) {
    cut.report('question/trailing-content', 'Text after the options of a question is not shown; move it into the prompt or into an option\'s feedback.', rest[0], 'warning');
  }

  const options = (list?.children ?? []).map((item) => option(item, cut));
  const line = cut.at(node).line;
  if (options.length < 2) {
    const message = `A question needs at least two options as a task list (\`- [x] right\`, \`- [ ] wrong\`); this one has ${options.length}.`;
    cut.report('question/too-few-options', message, list ?? node);
  } else if (!options.some((o) => o.correct)) {
    cut.report('question/no-correct-option', 'Mark the correct option(s) with `[x]`; none is marked.', list ?? node);
  }
  return { kind: 'question', line, id, prompt, options };
}

function option(item: ListItem, cut: Cutter): QuestionOption {
  if (typeof item.checked !== 'boolean') {
    cut.report('question/no-checkbox', 'Start each option with `[ ]` (wrong) or `[x]` (correct).', item);
  }
  const [first, ...more] = item.children;
  const indent = itemIndent(item, cut.body);
  let text = first ? dedent(cut.slice(first, first), indent) : '';
  let feedback = dedent(span(more, cut), indent);
  // "Feedback:" on the line right after the option, without a blank line, is still feedback.
  const inline = /\n[ \t]*Feedback:/i.exec(text);
  if (inline) {
    feedback = [text.slice(inline.index + 1).trimStart(), feedback].filter(Boolean).join('\n\n');
    text = text.slice(0, inline.index);
  }
  // GFM takes the checkbox off the item, but when the option starts with inline code the
  // paragraph's position still covers it (remark's task-list extension): cut it from the text.
  if (typeof item.checked === 'boolean') {
    if (first?.position?.start.offset === contentOffset(item, cut.body)) text = text.replace(CHECKBOX, '');
    const marker = /^\[[ xX]?\]/.exec(text.trim());
    if (marker) cut.report('question/marker-in-text', `This option's text starts with \`${marker[0]}\`, which learners would see and which gives the answer away: write one checkbox, \`- [x] \` or \`- [ ] \`, then the option.`, item);
  }
  feedback = feedback.replace(FEEDBACK_LABEL, '');
  if (!feedback.trim()) {
    cut.report('question/no-feedback', 'Add feedback under this option (an indented paragraph after a blank line) saying why it is right or wrong.', item);
  }
  return { text: text.trim(), correct: item.checked === true, feedback: feedback.trim() };
}

/** Where the item's content starts, after its `- ` or `1. `: where its checkbox is. */
function contentOffset(item: ListItem, body: string): number | undefined {
  const start = item.position?.start.offset;
  if (start === undefined) return undefined;
  return start + (/^(?:[-*+]|\d{1,9}[.)])( {1,4}|\t)?/.exec(body.slice(start))?.[0].length ?? 2);
}

/** Width of `- ` or `1. ` (plus the item's own indentation): the indentation of its content. */
function itemIndent(item: ListItem, body: string): number {
  const start = item.position?.start;
  if (!start || start.offset === undefined) return 0;
  const marker = /^(?:[-*+]|\d{1,9}[.)])( {1,4}|\t)?/.exec(body.slice(start.offset));
  return start.column - 1 + (marker?.[0].length ?? 2);
}

/** Removes up to `indent` leading spaces from every line after the first. */
function dedent(text: string, indent: number): string {
  return indent > 0 ? text.replace(new RegExp(`\\n {0,${indent}}`, 'g'), '\n') : text;
}
