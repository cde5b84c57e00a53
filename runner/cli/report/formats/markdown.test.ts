import { describe, expect, it } from 'vitest';
import { markdownReport, renderMarkdown } from './markdown.ts';
import { summarizeClass } from '../summarize.ts';
import { mistake, row } from '../test-rows.ts';
import type { ClassRow } from '../types.ts';

const summary = (rows: ClassRow[], exercises = [...new Set(rows.map((r) => r.exercise))].sort()) => summarizeClass({ rows, exercises, duplicates: [], inputs: ['r.json'], repeated: [], skipped: [] });

describe('the Markdown report', () => {
  const rows = [
    row({ file: 'a.js', learner: 'a', tests: 'ppp' }),
    row({ file: 'b.js', learner: 'b', tests: 'pff', mistakes: [{ ...mistake('zero-id'), sentence: 'You treat `id: 0` | as "no id" <b>here</b>.' }] }),
    row({ file: 'c.js', learner: 'c', tests: '' }),
  ];

  it('has the overview, then per exercise the scores, the tests by failure rate and the known mistakes', () => {
    const md = renderMarkdown(summary(rows, ['empty', 'route']));
    expect(md).toMatch(/^# Class report\n\n3 submissions from 3 learners in 2 exercises: 1 pass, 1 fail, 1 error\./);
    expect(md).toContain('| `route` | 3 | 1 | 1 | 1 | 67% |');
    expect(md).toContain('## empty\n\nNo submissions.');
    expect(md).toContain('### Scores of route (tests passed)');
    expect(md).toContain('| 100% | 1 | ████████████████████ |');
    expect(md).toContain('1 submission did not reach the tests and has no score.');
    expect(md).toMatch(/### Tests of route by failure rate\n\n\| Test \| Failed \| Rate \|\n\| :- \| -: \| -: \|\n\| t2 \| 1 of 2 \| 50% \|\n\| t3 \| 1 of 2 \| 50% \|\n/);
    expect(md).toContain('1 test passed in every submission that ran it.');
    expect(md).toContain('### Known mistakes in route');
  });

  it('escapes what learners and authors wrote: a pipe stays in its cell, HTML stays text', () => {
    const md = renderMarkdown(summary(rows));
    const line = md.split('\n').find((l) => l.startsWith('| `zero-id`'));
    expect(line).toBeDefined();
    // Four cells: the pipe of the sentence is escaped, the tag is not live HTML.
    expect(line?.split(/(?<!\\)\|/).length).toBe(6);
    expect(line).toContain('\\<b>');
  });

  it('notes the duplicates it dropped', () => {
    const s = { ...summary(rows), duplicates: [{ exercise: 'route', file: 'a.js', kept: 'r1.json', dropped: 'r2.json' }] };
    expect(renderMarkdown(s)).toContain('1 submission was in more than one results file and count once (for example `a.js` of route in r1.json and r2.json).');
  });

  it('stays under the limit by listing fewer tests, then the overview alone', () => {
    const many = Array.from({ length: 40 }, (_, i) => row({ file: `s${i}.js`, learner: `s${i}`, tests: 'f'.repeat(60) }));
    const full = renderMarkdown(summary(many));
    const limit = Buffer.byteLength(full) - 1;
    const cut = markdownReport(summary(many), [], limit);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(limit);
    expect(cut).toContain('40 more failing tests are listed in the HTML report.');
    const overview = markdownReport(summary(many), [], 700);
    expect(Buffer.byteLength(overview)).toBeLessThanOrEqual(700);
    expect(overview).toContain('too long for a job summary');
    expect(markdownReport(summary(many))).toBe(full);
  });
});
