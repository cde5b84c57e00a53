import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../core/index.ts';
import { BOM, CSV_COLUMNS, csvReport } from './csv.ts';
import { mistake, row } from '../test-rows.ts';

const parse = (text: string) => {
  expect(text.startsWith(BOM)).toBe(true);
  return Papa.parse<Record<string, string>>(text.slice(BOM.length).trimEnd(), { header: true });
};
const blank = { cause: '', typed_name: '', name_mismatch: '', exported_at: '', committed_at: '', solution_revealed: '', hints_seen: '', late: '', counted: '' };

describe('the CSV report', () => {
  it('writes one row per submission that a CSV parser reads back, cell for cell, after a UTF-8 BOM', () => {
    const rows = [
      row({ file: 'submissions/route/ann/route.js', learner: 'Ann "A." Smith, jr', tests: 'ppf', mistakes: [mistake('zero-id'), mistake('bare-result')] }),
      { ...row({ file: 'submissions/route/bo/work.json', learner: 'Bø\nline two', tests: 'ppp' }), typedName: 'Zoë', nameMismatch: true, work: { exportedAt: '2026-05-01T10:00:00.000Z', solutionRevealed: true, hintsSeen: 2 }, committedAt: '2026-05-01T11:00:00+02:00', late: false, counted: true },
      row({ file: 'submissions/route/cy.js', learner: 'cy', tests: '' }),
    ];
    const text = csvReport(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = parse(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
    expect(parsed.data).toEqual([
      { ...blank, learner: 'Ann "A." Smith, jr', exercise: 'route', status: 'fail', passed: '2', total: '3', score: '66.7', misconceptions: 'zero-id; bare-result', feedback: 'You zero-id.', file: 'submissions/route/ann/route.js' },
      {
        ...blank,
        learner: 'Bø\nline two',
        exercise: 'route',
        status: 'pass',
        passed: '3',
        total: '3',
        score: '100',
        misconceptions: '',
        feedback: '',
        file: 'submissions/route/bo/work.json',
        typed_name: 'Zoë',
        name_mismatch: 'yes',
        exported_at: '2026-05-01T10:00:00.000Z',
        committed_at: '2026-05-01T11:00:00+02:00',
        solution_revealed: 'yes',
        hints_seen: '2',
        late: 'no',
        counted: 'yes',
      },
      { ...blank, learner: 'cy', exercise: 'route', status: 'error', cause: 'error', passed: '', total: '', score: '0', misconceptions: '', feedback: 'SyntaxError: Unexpected token (1:5). Fix the line and run again.', file: 'submissions/route/cy.js' },
    ]);
  });

  it('labels a run stopped by its cause, never by a known mistake, and gives a failure with no known mistake its first failed check', () => {
    const stopped: RunResult = {
      version: 3,
      status: 'fail',
      tests: [
        { name: 'examples > ping', status: 'error', cause: 'timeout', message: 'route(…) did not finish within 1000 ms and was stopped.', test_code: '', hidden: false, duration: 1000 },
        { name: 'errors > unknown', status: 'error', cause: 'timeout', message: 'route(…) did not finish within 1000 ms and was stopped.', test_code: '', hidden: true, duration: 1000 },
      ],
    };
    const loop = { ...row({ file: 'loop.js', tests: 'ee', mistakes: [mistake('bare-result', false)] }), result: stopped };
    const unexplained: RunResult = { version: 3, status: 'fail', tests: [{ name: 'examples > ping', status: 'fail', message: 'expected 1 to be 2', test_code: '', hidden: false, duration: 1 }] };
    const failing = { ...row({ file: 'odd.js', tests: 'f' }), result: unexplained };
    const [a, b] = parse(csvReport([loop, failing])).data;
    // Counted as an error, as the report's headline and run errors table count it.
    expect(a).toMatchObject({ status: 'error', cause: 'timeout', misconceptions: '', feedback: '"examples > ping": route(…) did not finish within 1000 ms and was stopped.' });
    expect(b).toMatchObject({ status: 'fail', cause: '', misconceptions: '', feedback: '"examples > ping": expected 1 to be 2' });
  });

  it('prefers the diagnosis already on the result to the fingerprint one of older files', () => {
    const diagnosed = row({ file: 'a.js', tests: 'pf', mistakes: [mistake('zero-id')] });
    diagnosed.result.mistakes = [{ mutant: 'drops-id', sentence: 'You drop the id.', checks: ['examples > ping'] }];
    expect(parse(csvReport([diagnosed])).data[0]).toMatchObject({ misconceptions: 'drops-id', feedback: 'You drop the id.' });
  });

  it('escapes a learner name a spreadsheet would run as a formula', () => {
    const parsed = parse(csvReport([row({ file: 'x.js', learner: '=HYPERLINK("http://x")', tests: 'p' })]));
    expect(parsed.data[0]?.learner).toBe(`'=HYPERLINK("http://x")`);
  });

  it('is the BOM and the header alone for an empty class', () => {
    expect(csvReport([])).toBe(`${BOM}${CSV_COLUMNS.join(',')}\r\n`);
  });
});
