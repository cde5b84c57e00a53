import { describe, expect, it } from 'vitest';
import { count, formatReport, stats, type BenchSection } from './report.ts';

describe('stats', () => {
  it('takes nearest-rank median and p95 and the minimum', () => {
    const samples = Array.from({ length: 20 }, (_, i) => 20 - i); // 20..1, unsorted on purpose
    expect(stats(samples)).toEqual({ median: 10, p95: 19, min: 1, n: 20 });
    expect(stats([7])).toEqual({ median: 7, p95: 7, min: 7, n: 1 });
  });

  it('refuses an empty series instead of reporting NaN', () => {
    expect(() => stats([])).toThrow(/no samples/);
  });
});

describe('formatReport', () => {
  const section = (over: Partial<BenchSection>): BenchSection => ({ title: '9. Demo', rows: [], notes: [], failures: [], ...over });

  it('prints one Markdown table, the section title on its first row only, then notes and failed checks', () => {
    const text = formatReport([
      section({
        rows: [
          { measure: 'a', value: '1 ms', baseline: '2 ms', ratio: '0.5x', goal: { text: '< 1x', met: true } },
          { measure: 'b', value: '3 ms', goal: { text: '< 1 ms', met: false } },
        ],
        notes: ['load 2.0'],
        failures: ['a verdict changed'],
      }),
    ]);
    expect(text.split('\n')).toEqual([
      '| section | measure | value | baseline (same run) | ratio | goal |',
      '|---|---|---|---|---|---|',
      '| 9. Demo | a | 1 ms | 2 ms | 0.5x | met: < 1x |',
      '|  | b | 3 ms |  |  | **MISSED**: < 1 ms |',
      '',
      '9. Demo:',
      '- load 2.0',
      '- FAILED CHECK: a verdict changed',
      '',
    ]);
  });

  it('escapes pipes so a cell cannot break the table', () => {
    const text = formatReport([section({ rows: [{ measure: 'x | y', value: 'a|b' }] })]);
    expect(text).toContain('| x \\| y | a\\|b |');
  });
});

describe('count', () => {
  it('groups thousands', () => {
    expect([count(100), count(1000), count(10_000)]).toEqual(['100', '1,000', '10,000']);
  });
});
