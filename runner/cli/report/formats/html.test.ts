import { describe, expect, it } from 'vitest';
import { htmlReport } from './html.ts';
import { summarizeClass } from '../summarize.ts';
import { mistake, row } from '../test-rows.ts';

describe('the HTML report', () => {
  const rows = [
    row({ file: 'a.js', learner: '<img src=x onerror=alert(1)>', tests: 'ppp' }),
    row({ file: 'b.js', learner: 'b', tests: 'pff', mistakes: [mistake('zero-id')] }),
    row({ file: 'c.js', learner: 'c', tests: '' }),
  ];
  const summary = summarizeClass({ rows, exercises: ['empty', 'route'], duplicates: [], inputs: ['r.json'], repeated: [], skipped: [] });

  it('is one page with no script and nothing to fetch, whatever the learners typed', async () => {
    const page = await htmlReport(summary, rows);
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(page).not.toMatch(/<script|<link|<img|<iframe|<object|\ssrc="|href="(?!#)|url\(/i);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('@media (prefers-color-scheme: dark)');
  });

  it('has per exercise a section with the charts (images with a title and description) and their tables', async () => {
    const page = await htmlReport(summary, rows);
    expect(page).toContain('<section aria-labelledby="exercise-1"><h2 id="exercise-1">empty</h2><p>No submissions.</p></section>');
    for (const heading of ['Scores', 'Tests by failure rate', 'Known mistakes', 'Submissions']) expect(page).toContain(`<h3>${heading}</h3>`);
    const charts = page.match(/<svg[^>]*>/g) ?? [];
    expect(charts).toHaveLength(3);
    for (const svg of charts) expect(svg).toMatch(/role="img" aria-labelledby="(exercise-2-\w+)-title \1-desc"/);
    expect(page).toContain('<title id="exercise-2-scores-title">Scores of route</title>');
    expect(page).toMatch(/<desc id="exercise-2-scores-desc">Bar chart of 2 scored submissions .*100%: 1\.<\/desc>/);
    expect(page).toContain('<caption>Tests of route, most failed first</caption>');
    expect(page).toContain('<caption>Known mistakes in route, shown by most submissions first. Exact: of those submissions, how many fail exactly the checks the mistake');
  });

  it('shows who got what first: every submission open in a table, above the charts', async () => {
    const page = await htmlReport(summary, rows);
    const section = page.slice(page.indexOf('<h2 id="exercise-2">'));
    expect(section.indexOf('<h3>Submissions</h3>')).toBeLessThan(section.indexOf('<h3>Scores</h3>'));
    expect(section).toContain('<caption>Every submission of route (3): who got what</caption>');
    expect(page).not.toMatch(/<details><summary>Every submission/);
  });
});
