import { describe, expect, it } from 'vitest';
import type { Exercise, Lesson } from '../../../runner/content/index.ts';
import { renderedMarkdown } from './rendered-markdown.ts';

const lesson = {
  segments: [
    { kind: 'markdown', line: 1, markdown: '# Title\n\nIntro' },
    { kind: 'runnable', line: 2, language: 'js', code: 'console.log(1)' },
    { kind: 'predict', line: 3, prompt: 'Predict', language: 'js', code: 'x', explanation: 'Because' },
    { kind: 'markdown', line: 4, markdown: '# Kept\n\nLater' },
    { kind: 'question', line: 5, id: 'q', prompt: 'Ask', options: [{ text: 'A', correct: true, feedback: 'Yes' }, { text: 'B', correct: false, feedback: '' }] },
    { kind: 'mermaid', line: 6, source: 'graph TD' },
    { kind: 'exercise', line: 7, id: 'e' },
  ],
} as Lesson;
const exercise = { task: 'Task', hints: ['Hint 1', 'Intro'] } as Exercise;

describe('renderedMarkdown', () => {
  it('lists each string the page renders once, the first prose without its title', () => {
    expect(renderedMarkdown(lesson, [exercise])).toEqual(['\nIntro', 'Predict', 'Because', '# Kept\n\nLater', 'Ask', 'A', 'Yes', 'B', '', 'Task', 'Hint 1', 'Intro']);
  });
});
