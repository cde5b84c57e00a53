import { describe, expect, it } from 'vitest';
import type { ExamplesReport, RunResult } from '../../../runner/core/index.ts';
import { announceExamples, summarizeExamples } from './examples-run.ts';

const caught = (n: number) => Array.from({ length: n }, (_, i) => ({ mutant: `m${i}`, catches: `a router that does m${i}`, by: 1 }));
const report = (extra: Partial<ExamplesReport>): ExamplesReport => ({ total: 3, valid: 3, invalid: [], mutants: 8, caught: caught(8), missed: 0, threshold: 8, ...extra });
const result = (examples: ExamplesReport, status: RunResult['status']): RunResult => ({ version: 3, status, tests: [], examples });
const invalid = (example: number) => ({ example, reason: 'disagrees' as const, message: `Your example ${example} ...` });

describe('summarizeExamples', () => {
  it.each([
    ['every example valid, every mistake caught', result(report({}), 'pass'), 'All 3 examples are valid. They catch all 8 known mistakes. Well done!'],
    ['one example, valid, catching all', result(report({ total: 1, valid: 1 }), 'pass'), 'Your example is valid. It catches all 8 known mistakes. Well done!'],
    ['one invalid, one valid', result(report({ total: 2, valid: 1, invalid: [invalid(2)], caught: caught(5), missed: 3 }), 'fail'), '1 of 2 examples is not valid: fix it first. The valid one catches 5 of the 8 known mistakes; 3 are not caught yet.'],
    ['valid, but missing some', result(report({ caught: caught(5), missed: 3 }), 'fail'), 'All 3 examples are valid. They catch 5 of the 8 known mistakes; 3 are not caught yet.'],
    ['valid, missing one, over a lower threshold', result(report({ caught: caught(7), missed: 1, threshold: 6 }), 'pass'), 'All 3 examples are valid. They catch 7 of the 8 known mistakes (6 needed to pass); 1 is not caught yet. Well done!'],
    ['one invalid among valid ones', result(report({ valid: 2, invalid: [invalid(3)], caught: caught(5), missed: 3 }), 'fail'), '1 of 3 examples is not valid: fix it first. The 2 valid ones catch 5 of the 8 known mistakes; 3 are not caught yet.'],
    ['all invalid', result(report({ total: 2, valid: 0, invalid: [invalid(1), invalid(2)], caught: [], missed: 8 }), 'fail'), '2 of 2 examples are not valid: fix them first.'],
  ])('%s', (_name, r, sentence) => {
    expect(summarizeExamples(r)).toBe(sentence);
  });

  it('names what stopped the check when it could not run', () => {
    expect(summarizeExamples({ version: 3, status: 'error', cause: 'syntax', message: 'Syntax error on line 2', tests: [] })).toBe('Your examples have a syntax error, so none was checked.');
    expect(summarizeExamples({ version: 3, status: 'error', cause: 'no-examples', message: 'x', tests: [] })).toBe('There are no examples to check yet.');
    expect(summarizeExamples({ version: 3, status: 'error', cause: 'crashed', message: 'x', tests: [] })).toBe('Your examples could not be checked.');
  });
});

describe('announceExamples', () => {
  it('says what is going on in each phase', () => {
    expect(announceExamples({ phase: 'idle' })).toBe('');
    expect(announceExamples({ phase: 'running', mode: 'submit', runId: 1, source: '' })).toBe('Checking your examples…');
    expect(announceExamples({ phase: 'failed', mode: 'submit', runId: 1, source: '', message: 'The code runner could not start.' })).toBe('The code runner could not start.');
    expect(announceExamples({ phase: 'done', mode: 'submit', runId: 1, source: '', result: result(report({}), 'pass') })).toMatch(/Well done!$/);
  });
});
