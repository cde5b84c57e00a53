/**
 * The `:::predict` block of a lesson: a prompt, ONE js/ts code block, then the explanation shown
 * once the learner has answered. The answer itself is never written: it is the snippet's output.
 */
import type { Code } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { checkProse, contentOf, LANGUAGE, span } from './markdown-blocks.ts';
import type { Cutter } from './markdown-blocks.ts';
import type { LessonSegment } from './types.ts';

/** Cuts a predict block into its segment; `null` when it has no code block to show. */
export function cutPredict(node: ContainerDirective, cut: Cutter): LessonSegment | null {
  const children = contentOf(node);
  for (const child of children) checkProse(child, cut);
  const codes = children.filter((child): child is Code => child.type === 'code');
  const [code, extra] = codes;
  if (!code) {
    cut.report('predict/no-code', 'A `:::predict` block needs one ```js code block: the snippet whose output the learner predicts.', node);
    return null;
  }
  if (extra) {
    cut.report('predict/many-code', 'A `:::predict` block holds exactly one code block; move the others out or merge them.', extra);
  }
  const language = LANGUAGE[code.lang ?? ''];
  if (!language) {
    cut.report('predict/language', `The snippet of a \`:::predict\` block must be \`js\` or \`ts\`, not \`${code.lang ?? '(none)'}\`; write \`\`\`js.`, code);
  }
  const index = children.indexOf(code);
  const before = children.slice(0, index);
  const after = children.slice(index + 1).filter((child) => child !== extra);
  const prompt = span(before, cut);
  const explanation = span(after, cut);
  if (!prompt.trim()) {
    cut.report('predict/no-prompt', 'Start the `:::predict` block with the question, e.g. "What does this print?".', node, 'warning');
  }
  if (!explanation.trim()) {
    cut.report('predict/no-explanation', 'Explain the output after the code block of this `:::predict`; the explanation is shown once the learner has answered.', node);
  }
  return { kind: 'predict', line: cut.at(node).line, prompt, language: language ?? 'js', code: code.value, explanation };
}

