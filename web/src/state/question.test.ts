import { describe, expect, it } from 'vitest';
import { allowsSeveral, isCorrectChoice } from './question.ts';

const o = (correct: boolean) => ({ text: 't', correct, feedback: 'f' });

describe('isCorrectChoice', () => {
  it.each([
    [[o(false), o(true)], [1], true],
    [[o(false), o(true)], [0], false],
    [[o(false), o(true)], [], false],
    [[o(true), o(true), o(false)], [0, 1], true],
    [[o(true), o(true), o(false)], [0], false],
    [[o(true), o(true), o(false)], [0, 1, 2], false],
    [[o(true)], [0, 5], false],
  ])('%#', (options, chosen, ok) => {
    expect(isCorrectChoice(options, chosen)).toBe(ok);
  });

  it('uses checkboxes only when several options are correct', () => {
    expect(allowsSeveral([o(true), o(false)])).toBe(false);
    expect(allowsSeveral([o(true), o(true)])).toBe(true);
  });
});
