/**
 * The report formats of `course conform`, as `course grade` has them: text for a person, JSON for
 * tools, JUnit for CI (one test case per scenario, named after it, with the suite's own messages
 * and the specification's sections of each failed check).
 */
import type { ConformanceCheck, ScenarioResult } from './suite.ts';

/** What every format renders from. */
export interface ConformReport {
  /** The suite that judged, and the protocol revision whose scenarios it ran. */
  suite: { name: string; version: string; revision: string };
  exercise: string;
  /** The submission, as named on the command line. */
  file: string;
  scenarios: ScenarioResult[];
  summary: { scenarios: number; passed: number; failed: number };
  /** The server's own log meanwhile (the code's console output, what went wrong), its last lines. */
  serverLog: string[];
  /** Wall time of the suite's run, in seconds. */
  seconds: number;
}

const notPassed = (check: ConformanceCheck) => check.status === 'FAILURE' || check.status === 'WARNING';

/** A check that did not pass, in lines: its name, the suite's words, and where the rule is. */
function checkLines(check: ConformanceCheck): string[] {
  const lines = [`${check.status === 'WARNING' ? 'warning' : 'failed'}: ${check.name}: ${check.message ?? check.description}`];
  for (const ref of check.specReferences) lines.push(`  spec: ${ref.url || ref.id}`);
  return lines;
}

export function textReport(report: ConformReport): string {
  const { suite, summary } = report;
  const lines = [`${report.file} (exercise ${report.exercise}) against ${suite.name} ${suite.version} (${suite.revision}), ${summary.scenarios} server scenario${summary.scenarios === 1 ? '' : 's'}:`, ''];
  // Failures first, each with what failed; the passes after them, with any warning.
  const ordered = [...report.scenarios.filter((s) => s.status === 'fail'), ...report.scenarios.filter((s) => s.status === 'pass')];
  for (const s of ordered) {
    lines.push(`${s.status === 'fail' ? 'FAIL' : 'PASS'} ${s.scenario}`);
    for (const check of s.checks.filter(notPassed)) lines.push(...checkLines(check).map((l) => `     ${l}`));
  }
  lines.push('', `${summary.passed} of ${summary.scenarios} scenarios passed${summary.failed ? `, ${summary.failed} failed` : ''} (${report.seconds.toFixed(1)} s).`);
  return `${lines.join('\n')}\n`;
}

export function jsonReport(report: ConformReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

export async function junitReport(report: ConformReport): Promise<string> {
  const { default: junit } = await import('junit-report-builder');
  const builder = junit.newBuilder().name(`course conform ${report.exercise}`);
  const suite = builder
    .testSuite()
    .name(`${report.suite.name} ${report.suite.version}`)
    .time(report.seconds)
    .property('exercise', report.exercise)
    .property('file', report.file);
  for (const s of report.scenarios) {
    const testCase = suite.testCase().className(report.exercise).name(s.scenario);
    const failures = s.checks.filter((c) => c.status === 'FAILURE');
    if (s.status === 'fail') testCase.failure(failures.map((c) => `${c.name}: ${c.message ?? c.description}`).join('\n') || 'The scenario reported no check.', 'ConformanceFailure');
    const details = s.checks.filter(notPassed).flatMap(checkLines);
    if (details.length) testCase.standardOutput(details.join('\n'));
  }
  return builder.build();
}

export const CONFORM_FORMATS: Readonly<Record<string, (report: ConformReport) => string | Promise<string>>> = { text: textReport, json: jsonReport, junit: junitReport };
