/**
 * What every benchmark section returns and how `npm run bench` prints them: one table, each row
 * a measured figure beside the baseline it is compared with (measured in the same run) and the
 * ratio, with the goal it answers to. Figures are strings already formatted with their units,
 * so a section decides its own precision; `raw` keeps the numbers for the JSON report.
 */

export interface BenchGoal {
  /** The goal as a reader checks it, e.g. "< 5x floor" or ">= 100 submissions/s". */
  text: string;
  met: boolean;
}

export interface BenchRow {
  /** What was measured, e.g. "course grade, 1,000 submissions". */
  measure: string;
  /** The figure, with units: "159.7 submissions/s", "16.4 ms median, 24.2 ms p95". */
  value: string;
  /** The baseline measured beside it in the same run, with units, or omitted. */
  baseline?: string;
  /** value / baseline (or the reverse, whichever reads as "times better/worse"), e.g. "217x". */
  ratio?: string;
  goal?: BenchGoal;
  /** Plain numbers behind the row (for `--json` and for other sections), e.g. { perSecond: 159.7 }. */
  raw?: Record<string, number | string | boolean>;
}

export interface BenchSection {
  /** Number and title as in the issue: "1. Grading throughput (CLI)". */
  title: string;
  rows: BenchRow[];
  /** Short lines printed under the section: conditions (load, sample sizes), checks done. */
  notes: string[];
  /**
   * Correctness problems that make the figures meaningless (a verdict that changed, shards
   * disagreeing with one run). Any of them makes `npm run bench` exit 1.
   */
  failures: string[];
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The sections as one Markdown table (pasteable into a closing note), then their notes. */
export function formatReport(sections: readonly BenchSection[]): string {
  const lines = ['| section | measure | value | baseline (same run) | ratio | goal |', '|---|---|---|---|---|---|'];
  for (const section of sections) {
    section.rows.forEach((row, i) => {
      const goal = row.goal ? `${row.goal.met ? 'met' : '**MISSED**'}: ${row.goal.text}` : '';
      lines.push(`| ${i === 0 ? cell(section.title) : ''} | ${cell(row.measure)} | ${cell(row.value)} | ${cell(row.baseline ?? '')} | ${cell(row.ratio ?? '')} | ${cell(goal)} |`);
    });
  }
  for (const section of sections) {
    if (!section.notes.length && !section.failures.length) continue;
    lines.push('', `${section.title}:`);
    for (const note of section.notes) lines.push(`- ${note}`);
    for (const failure of section.failures) lines.push(`- FAILED CHECK: ${failure}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Formats a count with thousands separators: 10000 -> "10,000". */
export const count = (n: number) => n.toLocaleString('en-US');

/** Median, p95 and min of samples (nearest-rank). */
export function stats(samples: readonly number[]): { median: number; p95: number; min: number; n: number } {
  if (!samples.length) throw new Error('stats: no samples; a benchmark series must run at least once.');
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] as number, n: sorted.length };
}

/** What `npm run bench` gives each section: where to print progress (stderr, not the table). */
export interface BenchContext {
  log(line: string): void;
}

/** The options every section takes (`npm run bench -- --quick`). */
export interface SectionOptions {
  /** Smaller samples: checks that the section works, its figures are not the ones to report. */
  quick: boolean;
  /**
   * A git ref whose tree is measured beside the current one, where a section supports it
   * (`npm run bench -- --before main`): the before and after of a change in one run.
   */
  before?: string;
}
