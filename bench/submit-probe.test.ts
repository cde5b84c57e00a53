import { describe, expect, it } from 'vitest';
import { readingProblem, type SubmitReading } from './submit-probe.ts';

describe('readingProblem', () => {
  const passed: SubmitReading = { clickedAt: 100, verdictAt: 380, paintedAt: 390, status: 'pass', summary: 'All 41 checks passed. Well done!', mistakes: [] };
  const failed: SubmitReading = { clickedAt: 100, verdictAt: 420, paintedAt: 431, status: 'fail', summary: '38 of 41 checks passed.', mistakes: ['error-id-null'] };

  it('accepts the verdict each submission must get', () => {
    expect(readingProblem(passed, { status: 'pass' }, 'ref')).toBeUndefined();
    expect(readingProblem(failed, { status: 'fail', mutant: 'error-id-null' }, 'mutant')).toBeUndefined();
  });

  it.each([
    ['a wrong verdict', passed, { status: 'fail' as const }, /expected fail, the page showed pass/],
    ['a summary that does not say the verdict', { ...passed, summary: 'Running all checks…' }, { status: 'pass' as const }, /not a passing Submit's summary/],
    ['the runner failing to start', { ...passed, status: 'failed', summary: 'The code runner could not start.' }, { status: 'pass' as const }, /expected pass, the page showed failed/],
    ['the mutant not named', { ...failed, mistakes: ['jsonrpc-number'] }, { status: 'fail' as const, mutant: 'error-id-null' }, /"error-id-null" was not named \(named: jsonrpc-number\)/],
    ['no paint seen', { ...passed, paintedAt: undefined }, { status: 'pass' as const }, /no complete Submit/],
    ['times out of order', { ...passed, verdictAt: 50 }, { status: 'pass' as const }, /out of order/],
  ])('rejects %s', (_, reading, expected, message) => {
    expect(readingProblem(reading, expected, 'x')).toMatch(message);
  });
});
