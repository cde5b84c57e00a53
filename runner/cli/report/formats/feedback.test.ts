import { describe, expect, it } from 'vitest';
import { feedbackFiles } from './feedback.ts';
import { row } from '../test-rows.ts';

describe('a feedback file', () => {
  it('keeps the course’s inline code as code and the rest as text', () => {
    const failing = row({ file: 'ann/route.js', learner: 'ann', tests: 'pf', mistakes: [{ mutant: 'zero-id', sentence: 'Your `route` treats *id 0* as <missing> [see hint].', score: 1, exact: true }] });
    const text = [...feedbackFiles([failing], ['route']).values()][0] ?? '';
    expect(text).toContain('What your results look like: Your `route` treats \\*id 0\\* as \\<missing> \\[see hint\\].');
    expect(text).not.toContain('\\`route\\`');
  });
});
