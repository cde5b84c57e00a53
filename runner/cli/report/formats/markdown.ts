/**
 * The class report in GitHub-flavoured Markdown, for a CI job summary ($GITHUB_STEP_SUMMARY): the
 * class's counts, then per exercise the score distribution, each test's failure rate and the
 * known mistakes ranked by how many submissions show them. Built as an mdast tree and written by
 * mdast-util-to-markdown, so test names and learner sentences (pipes, backticks, angle brackets)
 * are escaped by the same code that defines the syntax.
 *
 * GitHub takes at most 1 MiB of summary per step. The figures grow with exercises and tests, not
 * with submissions, so a class fits; should a course be that large, the per-test tables are cut
 * (the HTML report keeps them whole) and the text says so.
 */
import type { PhrasingContent, RootContent, Table, TableCell } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { countText, percentText, plural } from '../../shared/words.ts';
import type { ClassSummary, ExerciseSummary } from '../types.ts';

/** GitHub-flavoured Markdown, tables without padding to align their pipes. */
const write = (children: RootContent[]) => toMarkdown({ type: 'root', children }, { extensions: [gfmToMarkdown({ tablePipeAlign: false })] });

/** GitHub's limit for one step's job summary, in bytes. */
export const SUMMARY_LIMIT = 1024 * 1024;

type Cell = string | PhrasingContent[];
type Align = 'left' | 'right' | null;

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const paragraph = (...children: PhrasingContent[]): RootContent => ({ type: 'paragraph', children });
const heading = (depth: 1 | 2 | 3, value: string): RootContent => ({ type: 'heading', depth, children: [text(value)] });

function table(align: Align[], header: string[], rows: Cell[][]): Table {
  const cell = (c: Cell): TableCell => ({ type: 'tableCell', children: typeof c === 'string' ? [text(c)] : c });
  return { type: 'table', align, children: [header, ...rows].map((r) => ({ type: 'tableRow', children: r.map(cell) })) };
}

/** A bar of block characters, for reading a table's shape at a glance. */
function bar(count: number, max: number, width = 20): string {
  if (count === 0 || max === 0) return '';
  return '█'.repeat(Math.max(1, Math.round((count / max) * width)));
}

function overview(summary: ClassSummary): RootContent[] {
  const { totals, exercises } = summary;
  const nodes: RootContent[] = [
    heading(1, 'Class report'),
    paragraph(
      text(
        `${countText(totals.total, 'submission')} from ${countText(summary.learners, 'learner')} in ${countText(exercises.length, 'exercise')}: ` +
          `${totals.pass} pass, ${totals.fail} fail, ${totals.error} error. Read from ${countText(summary.inputs.length, 'results file')}.`,
      ),
    ),
  ];
  if (summary.duplicates.length) {
    const first = summary.duplicates[0];
    nodes.push(
      paragraph(
        text(`${plural(summary.duplicates.length, 'submission was', 'submissions were')} in more than one results file and count once (for example `),
        code(first?.file ?? ''),
        text(` of ${first?.exercise} in ${first?.kept} and ${first?.dropped}).`),
      ),
    );
  }
  if (summary.skipped.length) {
    const first = summary.skipped[0];
    nodes.push(paragraph(text(`${plural(summary.skipped.length, 'file beside the submissions is', 'files beside the submissions are')} not a submission and ${summary.skipped.length === 1 ? 'was' : 'were'} not graded (for example `), code(first?.file ?? ''), text(').')));
  }
  nodes.push(
    table(
      ['left', 'right', 'right', 'right', 'right', 'right'],
      ['Exercise', 'Submissions', 'Pass', 'Fail', 'Error', 'Median score'],
      exercises.map((e) => [[code(e.exercise)], String(e.counts.total), String(e.counts.pass), String(e.counts.fail), String(e.counts.error), e.medianScore === undefined ? '–' : percentText(e.medianScore / 100)]),
    ),
  );
  return nodes;
}

function exerciseSection(e: ExerciseSummary, maxTests: number): RootContent[] {
  const { counts } = e;
  const nodes: RootContent[] = [heading(2, e.exercise)];
  if (counts.total === 0) return [...nodes, paragraph(text('No submissions.'))];
  const notGraded = e.notGraded ? ` (${plural(e.notGraded, 'file is', 'files are')} not a submission)` : '';
  const median = e.medianScore === undefined ? '' : ` Median score ${percentText(e.medianScore / 100)}.`;
  nodes.push(paragraph(text(`${countText(counts.total, 'submission')} from ${countText(e.learners, 'learner')}: ${counts.pass} pass, ${counts.fail} fail, ${counts.error} error${notGraded}.${median}`)));

  nodes.push(heading(3, `Scores of ${e.exercise} (tests passed)`));
  const max = Math.max(...e.distribution.map((b) => b.count));
  nodes.push(table(['left', 'right', 'left'], ['Score', 'Submissions', ''], e.distribution.map((b) => [b.label, String(b.count), bar(b.count, max)])));
  if (e.unscored) nodes.push(paragraph(text(`${countText(e.unscored, 'submission')} did not reach the tests and ${e.unscored === 1 ? 'has' : 'have'} no score.`)));

  nodes.push(heading(3, `Tests of ${e.exercise} by failure rate`));
  const failing = e.tests.filter((t) => t.failed > 0);
  const shown = failing.slice(0, maxTests);
  if (shown.length) {
    nodes.push(table(['left', 'right', 'right'], ['Test', 'Failed', 'Rate'], shown.map((t) => [[text(t.name), ...(t.hidden ? [] : [text(' (example)')])], `${t.failed} of ${t.ran}`, percentText(t.rate)])));
  }
  const passedByAll = e.tests.length - failing.length;
  const notes = [
    failing.length > shown.length ? `${plural(failing.length - shown.length, 'more failing test is', 'more failing tests are')} listed in the HTML report.` : '',
    passedByAll ? `${countText(passedByAll, 'test')} passed in every submission that ran ${passedByAll === 1 ? 'it' : 'them'}.` : '',
    e.tests.length === 0 ? 'No submission reached the tests.' : '',
  ].filter(Boolean);
  if (notes.length) nodes.push(paragraph(text(notes.join(' '))));

  nodes.push(heading(3, `Known mistakes in ${e.exercise}`));
  if (e.mistakes.length) {
    nodes.push(
      table(
        ['left', 'right', 'right', 'left'],
        ['Mistake', 'Submissions', 'Exact', 'What the learner reads'],
        e.mistakes.map((m) => [[code(m.mutant)], String(m.submissions), String(m.exact), m.sentence]),
      ),
      paragraph(text('Exact: of those submissions, how many fail exactly the checks the mistake\'s mutant fails, no more and no fewer.')),
    );
  } else {
    nodes.push(paragraph(text('No submission looks like a known mistake.')));
  }
  if (e.unexplained) nodes.push(paragraph(text(`${plural(e.unexplained, 'submission fails', 'submissions fail')} tests in a way no known mistake explains.`)));
  if (e.causes.length) {
    nodes.push(heading(3, `Run errors in ${e.exercise}`));
    nodes.push(table(['left', 'right'], ['Cause', 'Submissions'], e.causes.map((c) => [[code(c.cause)], String(c.submissions)])));
  }
  return nodes;
}

/** The whole report; `maxTests` caps each exercise's list of failing tests. */
export function renderMarkdown(summary: ClassSummary, options: { maxTests?: number; roster?: readonly string[] } = {}): string {
  const maxTests = options.maxTests ?? Infinity;
  const roster = options.roster?.length ? [heading(2, 'Roster'), { type: 'list', ordered: false, spread: false, children: options.roster.map((line) => ({ type: 'listItem', spread: false, children: [paragraph(text(line))] })) } as RootContent] : [];
  return write([...overview(summary), ...roster, ...summary.exercises.flatMap((e) => exerciseSection(e, maxTests))]);
}

/**
 * The report for a job summary: whole when it fits in {@link SUMMARY_LIMIT}, else with fewer
 * tests per exercise, else the overview alone. `limit` is for tests.
 */
export function markdownReport(summary: ClassSummary, roster: readonly string[] = [], limit = SUMMARY_LIMIT): string {
  const fits = (markdown: string) => Buffer.byteLength(markdown) <= limit;
  for (const maxTests of [Infinity, 20, 5]) {
    const markdown = renderMarkdown(summary, { maxTests, roster });
    if (fits(markdown)) return markdown;
  }
  // Past that, the overview alone; and for a course of thousands of exercises, its first lines.
  const note = paragraph(text('The report per exercise is too long for a job summary: read it in the HTML report.'));
  const short = write([...overview(summary), note]);
  return fits(short) ? short : write([...overview(summary).slice(0, 2), note]);
}
