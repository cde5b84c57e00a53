/** Multiple-choice questions: whether the chosen options are exactly the correct ones. */
import type { QuestionOption } from '../../../runner/content/index.ts';

/** True when `chosen` (option indexes) is exactly the set of correct options. */
export function isCorrectChoice(options: readonly QuestionOption[], chosen: readonly number[]): boolean {
  const picked = new Set(chosen);
  return options.every((option, i) => option.correct === picked.has(i)) && chosen.every((i) => i >= 0 && i < options.length);
}

/** Questions with several correct options use checkboxes; the others a radio group. */
export function allowsSeveral(options: readonly QuestionOption[]): boolean {
  return options.filter((o) => o.correct).length > 1;
}
