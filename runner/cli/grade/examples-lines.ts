/**
 * What the reports of `course grade` say of an examples exercise beyond its examples (each is a
 * test of the result): how many known mistakes the examples catch, and the sentence of each one
 * caught. Mistakes not caught are counted, never named, as on the page.
 */
import type { ExamplesReport } from '../../core/index.ts';

/** "3 of 3 examples valid; they catch 5 of 8 known mistakes (8 needed)." */
export function examplesLine(report: ExamplesReport): string {
  const needed = report.threshold === report.mutants ? 'all needed' : `${report.threshold} needed`;
  return `${report.valid} of ${report.total} examples valid; they catch ${report.caught.length} of ${report.mutants} known mistakes (${needed}).`;
}

/** One line per mistake caught, as learners read it. */
export function caughtLines(report: ExamplesReport): string[] {
  return report.caught.map((c) => `caught: ${c.catches} (example ${c.by})`);
}

/** Whether the examples catch enough mistakes; validity is each example's own test. */
export function thoroughEnough(report: ExamplesReport): boolean {
  return report.caught.length >= report.threshold;
}
