import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvReport } from './csv.ts';
import { mistake, row } from '../test-rows.ts';

describe('the CSV report', () => {
  it('writes one row per submission that a CSV parser reads back, cell for cell', () => {
    const rows = [
      row({ file: 'submissions/route/ann/route.js', learner: 'Ann "A." Smith, jr', tests: 'ppf', mistakes: [mistake('zero-id'), mistake('bare-result')] }),
      row({ file: 'submissions/route/bo/route.js', learner: 'Bø\nline two', tests: 'ppp' }),
      row({ file: 'submissions/route/cy.js', learner: 'cy', tests: '' }),
    ];
    const text = csvReport(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.trimEnd(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
    expect(parsed.data).toEqual([
      { learner: 'Ann "A." Smith, jr', exercise: 'route', status: 'fail', passed: '2', total: '3', score: '66.7', misconceptions: 'zero-id; bare-result', feedback: 'You zero-id.', file: 'submissions/route/ann/route.js' },
      { learner: 'Bø\nline two', exercise: 'route', status: 'pass', passed: '3', total: '3', score: '100', misconceptions: '', feedback: '', file: 'submissions/route/bo/route.js' },
      { learner: 'cy', exercise: 'route', status: 'error', passed: '', total: '', score: '', misconceptions: '', feedback: 'SyntaxError: Unexpected token (1:5). Fix the line and run again.', file: 'submissions/route/cy.js' },
    ]);
  });

  it('escapes a learner name a spreadsheet would run as a formula', () => {
    const parsed = Papa.parse<Record<string, string>>(csvReport([row({ file: 'x.js', learner: '=HYPERLINK("http://x")', tests: 'p' })]).trimEnd(), { header: true });
    expect(parsed.data[0]?.learner).toBe(`'=HYPERLINK("http://x")`);
  });

  it('is the header alone for an empty class', () => {
    expect(csvReport([])).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });
});
