/**
 * The class report as one self-contained HTML file: inline CSS and SVG charts (charts.ts), no
 * script and nothing fetched (its Content-Security-Policy forbids both), so it opens offline
 * from a CI artifact. Light and dark follow `prefers-color-scheme`. Each chart is an image with a
 * title and description, and the same figures are in a table beside it, with captions and header
 * cells a screen reader can move through.
 */
import { barChartSvg, type BarChart } from './charts.ts';
import { escapeMarkup } from './escape.ts';
import { countedStatus, diagnosisLabel, diagnosisOf } from '../../shared/diagnosis.ts';
import { scoreOf } from '../summarize.ts';
import { countText, percentText, plural } from '../../shared/words.ts';
import type { ClassRow, ClassSummary, ExerciseSummary } from '../types.ts';

/** Most failing tests drawn in one chart; the table beside it lists every test. */
const CHART_TESTS = 30;

/** Markup already escaped (or built here), which the `html` tag inserts as it is. */
class Raw {
  constructor(readonly html: string) {}
}

type Value = string | number | Raw | readonly Value[] | undefined | false;

function insert(value: Value): string {
  if (value === undefined || value === false) return '';
  if (value instanceof Raw) return value.html;
  if (Array.isArray(value)) return value.map(insert).join('');
  return escapeMarkup(String(value));
}

/** A template of markup whose values are escaped unless they are markup themselves. */
function html(strings: TemplateStringsArray, ...values: Value[]): Raw {
  return new Raw(strings.reduce((out, s, i) => out + s + (i < values.length ? insert(values[i] as Value) : ''), ''));
}

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --grid: #e6eaef; --bar: #0969da; --good: #1a7f37; --head: #f6f8fa; --link: #0550ae; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --grid: #262c36; --bar: #4493f8; --good: #3fb950; --head: #151b23; --link: #6cb6ff; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
header, main { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1.5rem; }
a { color: var(--link); }
h1 { font-size: 1.75rem; margin: 0 0 .5rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 .5rem; padding-top: 1rem; border-top: 1px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.75rem 0 .5rem; }
p { margin: .5rem 0; }
.muted { color: var(--muted); }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; padding: 0; }
table { border-collapse: collapse; margin: .75rem 0; font-size: .9rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid var(--line); padding: .3rem .55rem; vertical-align: top; text-align: left; }
thead th { background: var(--head); }
tbody th { font-weight: normal; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85em; }
.table-wrap { overflow-x: auto; }
figure { margin: .75rem 0; }
.pair { display: flex; flex-wrap: wrap; gap: 0 2rem; align-items: flex-start; }
figcaption { color: var(--muted); font-size: .9rem; }
figure svg { max-width: 100%; height: auto; }
figure svg text { fill: var(--fg); }
figure svg .role-axis-domain line, figure svg .role-axis-tick line { stroke: var(--muted); }
figure svg .role-axis-grid line { stroke: var(--grid); }
figure svg .bar path { fill: var(--bar); }
figure svg .bar-good path { fill: var(--good); }
details { margin: .75rem 0; }
summary { cursor: pointer; font-weight: 600; }
.status-pass { color: var(--good); }
`;

async function figure(chart: BarChart, caption: string): Promise<Raw> {
  return html`<figure>${new Raw(await barChartSvg(chart))}<figcaption>${caption}</figcaption></figure>`;
}

function scoresTable(e: ExerciseSummary): Raw {
  const rows = e.distribution.map((b) => html`<tr><th scope="row">${b.label}</th><td class="n">${b.count}</td></tr>`);
  return html`<div class="table-wrap"><table><caption>Submissions of ${e.exercise} by share of tests passed</caption><thead><tr><th scope="col">Score</th><th scope="col" class="n">Submissions</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function testsTable(e: ExerciseSummary): Raw {
  const rows = e.tests.map(
    (t) => html`<tr><th scope="row">${t.name}${t.hidden ? '' : ' (example)'}</th><td class="n">${t.failed}</td><td class="n">${t.ran}</td><td class="n">${percentText(t.rate)}</td></tr>`,
  );
  return html`<div class="table-wrap"><table><caption>Tests of ${e.exercise}, most failed first</caption><thead><tr><th scope="col">Test</th><th scope="col" class="n">Failed</th><th scope="col" class="n">Ran</th><th scope="col" class="n">Failure rate</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function mistakesTable(e: ExerciseSummary): Raw {
  const rows = e.mistakes.map(
    (m) => html`<tr><th scope="row"><code>${m.mutant}</code></th><td class="n">${m.submissions}</td><td class="n">${m.exact}</td><td>${m.sentence}${m.hint === undefined ? '' : ` (hint ${m.hint})`}</td></tr>`,
  );
  return html`<div class="table-wrap"><table><caption>Known mistakes in ${e.exercise}, shown by most submissions first. Exact: of those submissions, how many fail exactly the checks the mistake's mutant fails, no more and no fewer.</caption><thead><tr><th scope="col">Mistake</th><th scope="col" class="n">Submissions</th><th scope="col" class="n">Exact</th><th scope="col">What the learner reads</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** What the teacher should know of a row beyond its verdict: the work file's signals, lateness, a second submission. */
function signals(r: ClassRow): string {
  const notes: string[] = [];
  if (r.nameMismatch) notes.push(`typed name "${r.typedName}"`);
  if (r.work?.solutionRevealed) notes.push('solution revealed');
  if (r.work && r.work.hintsSeen > 0) notes.push(`${countText(r.work.hintsSeen, 'hint')} seen`);
  if (r.work) notes.push(`exported ${r.work.exportedAt}`);
  if (r.committedAt) notes.push(`committed ${r.committedAt}`);
  if (r.late) notes.push('late');
  if (r.counted === false && !r.late) notes.push('not counted (another submission is)');
  return notes.join('; ');
}

function submissionsTable(e: ExerciseSummary, rows: readonly ClassRow[]): Raw {
  const body = rows.map((r) => {
    const score = scoreOf(r);
    const diagnosis = diagnosisOf(r);
    const label = diagnosis.kind === 'mistakes' ? diagnosis.mistakes.map((m, i) => html`${i ? ', ' : ''}<code>${m.mutant}</code>`) : diagnosis.kind === 'error' ? html`<code>${diagnosisLabel(diagnosis)}</code>` : '';
    return html`<tr><th scope="row">${r.learner}</th><td><code>${r.file}</code></td><td class="status-${countedStatus(r)}">${countedStatus(r)}</td><td class="n">${score ? `${score.passed} of ${score.total}` : '–'}</td><td>${label}</td><td>${diagnosis.sentence}</td><td>${signals(r)}</td></tr>`;
  });
  return html`<div class="table-wrap"><table><caption>Every submission of ${e.exercise} (${rows.length}): who got what</caption><thead><tr><th scope="col">Learner</th><th scope="col">File</th><th scope="col">Status</th><th scope="col" class="n">Tests passed</th><th scope="col">Cause or mistake</th><th scope="col">Feedback</th><th scope="col">Signals</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

function causesTable(e: ExerciseSummary): Raw {
  const rows = e.causes.map((c) => html`<tr><th scope="row"><code>${c.cause}</code></th><td class="n">${c.submissions}</td></tr>`);
  return html`<div class="table-wrap"><table><caption>Runs of ${e.exercise} that ended in an error, by cause</caption><thead><tr><th scope="col">Cause</th><th scope="col" class="n">Submissions</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

async function exerciseSection(e: ExerciseSummary, index: number, rows: readonly ClassRow[]): Promise<Raw> {
  const id = `exercise-${index + 1}`;
  const { counts } = e;
  const parts: Raw[] = [];
  const notGraded = e.notGraded ? ` (${plural(e.notGraded, 'file is', 'files are')} not a submission)` : '';
  const median = e.medianScore === undefined ? '' : ` Median score: ${percentText(e.medianScore / 100)} of the tests passed.`;
  parts.push(html`<p>${countText(counts.total, 'submission')} from ${countText(e.learners, 'learner')}: ${counts.pass} pass, ${counts.fail} fail, ${counts.error} error${notGraded}.${median}</p>`);
  if (counts.total === 0) return html`<section aria-labelledby="${id}"><h2 id="${id}">${e.exercise}</h2><p>No submissions.</p></section>`;
  // Who got what first: the table a teacher opens the report for; the aggregates follow.
  parts.push(html`<h3>Submissions</h3>`, submissionsTable(e, rows));

  const scored = counts.total - e.unscored;
  parts.push(html`<h3>Scores</h3>`);
  parts.push(
    await figure(
      {
        id: `${id}-scores`,
        title: `Scores of ${e.exercise}`,
        description: `Bar chart of ${countText(scored, 'scored submission')} by share of tests passed, in bands of ten percent and 100% apart: ${e.distribution.map((b) => `${b.label}: ${b.count}`).join(', ')}.`,
        orientation: 'vertical',
        valueTitle: 'Submissions',
        categoryTitle: 'Tests passed',
        scale: 'count',
        bars: e.distribution.map((b) => ({ label: b.label, value: b.count, good: b.from === 100 })),
      },
      e.unscored ? `${countText(e.unscored, 'submission')} did not reach the tests and ${e.unscored === 1 ? 'is' : 'are'} not in the chart.` : 'Every submission reached the tests.',
    ),
  );
  parts.push(scoresTable(e));
  parts.push(html`<div class="pair">${parts.splice(-2)}</div>`);

  parts.push(html`<h3>Tests by failure rate</h3>`);
  const allFailing = e.tests.filter((t) => t.failed > 0);
  const failing = allFailing.slice(0, CHART_TESTS);
  if (failing.length) {
    const more = allFailing.length - failing.length;
    parts.push(
      await figure(
        {
          id: `${id}-tests`,
          title: `Failure rate of each test of ${e.exercise}`,
          description: `Bar chart of the ${failing.length === 1 ? 'test' : `${failing.length} tests`} most often failed, highest rate first: ${failing.map((t) => `${t.name}: ${percentText(t.rate)}`).join('; ')}.`,
          orientation: 'horizontal',
          valueTitle: 'Share of submissions that failed it',
          categoryTitle: 'Test',
          scale: 'rate',
          bars: failing.map((t) => ({ label: t.name, value: t.rate })),
        },
        more ? `The ${CHART_TESTS} most failed tests; ${plural(more, 'other failing test is', 'other failing tests are')} in the table.` : 'Tests no submission failed are in the table only.',
      ),
    );
  }
  parts.push(e.tests.length ? testsTable(e) : html`<p>No submission reached the tests.</p>`);

  parts.push(html`<h3>Known mistakes</h3>`);
  if (e.mistakes.length) {
    parts.push(
      await figure(
        {
          id: `${id}-mistakes`,
          title: `Known mistakes in ${e.exercise}`,
          description: `Bar chart of the submissions that look like each known mistake, most first: ${e.mistakes.map((m) => `${m.mutant}: ${m.submissions}`).join(', ')}.`,
          orientation: 'horizontal',
          valueTitle: 'Submissions',
          categoryTitle: 'Mistake',
          scale: 'count',
          bars: e.mistakes.map((m) => ({ label: m.mutant, value: m.submissions })),
        },
        'A submission is counted for a mistake when its failed tests are those of the mistake, or close to them (exact: the same tests).',
      ),
    );
    parts.push(mistakesTable(e));
  } else {
    parts.push(html`<p>No submission looks like a known mistake.</p>`);
  }
  if (e.unexplained) parts.push(html`<p>${plural(e.unexplained, 'submission fails', 'submissions fail')} tests in a way no known mistake explains.</p>`);
  if (e.causes.length) parts.push(html`<h3>Run errors</h3><p>Runs stopped by their own error (a loop, memory, a throw while loading...) are labelled by that cause, not by a known mistake.</p>`, causesTable(e));

  return html`<section aria-labelledby="${id}"><h2 id="${id}">${e.exercise}</h2>${parts}</section>`;
}

function overview(summary: ClassSummary): Raw {
  const rows = summary.exercises.map(
    (e, i) =>
      html`<tr><th scope="row"><a href="#exercise-${i + 1}">${e.exercise}</a></th><td class="n">${e.counts.total}</td><td class="n">${e.counts.pass}</td><td class="n">${e.counts.fail}</td><td class="n">${e.counts.error}</td><td class="n">${e.medianScore === undefined ? '–' : percentText(e.medianScore / 100)}</td></tr>`,
  );
  const { duplicates } = summary;
  const first = duplicates[0];
  const duplicateNote = first
    ? html`<p>${plural(duplicates.length, 'submission was', 'submissions were')} in more than one results file and ${duplicates.length === 1 ? 'counts' : 'count'} once (for example <code>${first.file}</code> of ${first.exercise}, in ${first.kept} and ${first.dropped}).</p>`
    : '';
  const skipped = summary.skipped.length
    ? html`<details><summary>${plural(summary.skipped.length, 'file beside the submissions is', 'files beside the submissions are')} not a submission and not graded</summary><ul>${summary.skipped.map((f) => html`<li><code>${f.file}</code> (${f.exercise}): ${f.reason}</li>`)}</ul></details>`
    : '';
  return html`<section aria-labelledby="overview"><h2 id="overview">Overview</h2>${duplicateNote}${skipped}<div class="table-wrap"><table><caption>Submissions by exercise</caption><thead><tr><th scope="col">Exercise</th><th scope="col" class="n">Submissions</th><th scope="col" class="n">Pass</th><th scope="col" class="n">Fail</th><th scope="col" class="n">Error</th><th scope="col" class="n">Median score</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

/** The whole page. `rows` are the class's submissions (for the per-exercise lists). */
export async function htmlReport(summary: ClassSummary, rows: readonly ClassRow[], roster: readonly string[] = []): Promise<string> {
  const { totals } = summary;
  const sections: Raw[] = [];
  // One at a time: Vega renders each chart in this process, and the order of the page is fixed.
  for (const [i, e] of summary.exercises.entries()) sections.push(await exerciseSection(e, i, rows.filter((r) => r.exercise === e.exercise)));
  const lead = `${countText(totals.total, 'submission')} from ${countText(summary.learners, 'learner')} in ${countText(summary.exercises.length, 'exercise')}: ${totals.pass} pass, ${totals.fail} fail, ${totals.error} error.`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Class report: ${countText(summary.exercises.length, 'exercise')}, ${countText(totals.total, 'submission')}</title>
<style>${new Raw(STYLE)}</style>
</head>
<body>
<header><h1>Class report</h1><p>${lead}</p><p class="muted">Read from ${countText(summary.inputs.length, 'results file')} of <code>course grade --format json</code>.</p>
<nav aria-label="Exercises"><ul>${summary.exercises.map((e, i) => html`<li><a href="#exercise-${i + 1}">${e.exercise}</a></li>`)}</ul></nav></header>
<main>
${overview(summary)}
${roster.length ? html`<section aria-labelledby="roster"><h2 id="roster">Roster</h2><ul>${roster.map((line) => html`<li>${line}</li>`)}</ul></section>` : ''}
${sections}
</main>
</body>
</html>
`;
  return page.html;
}
