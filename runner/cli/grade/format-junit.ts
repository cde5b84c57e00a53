/**
 * `course grade --format junit`: one <testsuite> per submission, one <testcase> per test, so CI
 * systems (GitHub, GitLab, Jenkins) show each learner's results: a check run a learner can read,
 * so a hidden check shows its name and kind of failure, never its message, input or expected value. A submission that could not run
 * at all becomes a single errored test case named "loads and defines the functions", and a file
 * that is not a submission (the wrong language, notes.txt) one named "is a submission of this
 * exercise". Each suite's `time` is the wall time of reading and grading its file.
 */
import junit from 'junit-report-builder';
import type { TestResult } from '../../core/index.ts';
import type { GradedSubmission } from './grade-submissions.ts';
import { caughtLines, examplesLine, thoroughEnough } from './examples-lines.ts';
import { diagnosisOf, testFeedback } from '../shared/diagnosis.ts';

/** Everything a reader needs to see why a test failed, as the element's body. */
function details(test: TestResult): string {
  const check = test.check;
  const parts = [test.message ?? ''];
  if (check?.input) parts.push(`Input: ${check.input}`);
  if (check?.expected !== undefined) parts.push(`Expected: ${check.expected}`);
  if (check?.received !== undefined) parts.push(`Received: ${check.received}`);
  if (check?.diff) parts.push(check.diff);
  return parts.filter(Boolean).join('\n');
}

/** The submissions of one exercise as test suites of `builder`. */
function addSuites(builder: ReturnType<typeof junit.newBuilder>, exercise: string, graded: readonly GradedSubmission[]): void {
  for (const entry of graded) {
    const { file, learner, result, graded: isSubmission, duration } = entry;
    const suite = builder.testSuite().name(file).time(duration / 1000).property('exercise', exercise).property('learner', learner).property('status', result.status);
    // What stopped the run, or the known mistakes the failed tests point at (id, score, sentence).
    const diagnosis = diagnosisOf(entry);
    if (diagnosis.kind === 'error') suite.property('cause', diagnosis.cause);
    if (diagnosis.kind === 'mistakes') for (const m of diagnosis.mistakes) suite.property('misconception', `${m.mutant}${m.score === undefined ? '' : ` (${m.score})`}: ${m.sentence}`);
    if (diagnosis.sentence) suite.property('feedback', diagnosis.sentence);
    if (result.tests.length === 0) {
      const test = suite.testCase().className(file).name(isSubmission ? 'loads and defines the functions' : 'is a submission of this exercise').time(0);
      if (result.status === 'error') test.error(result.message ?? 'The run ended in an error.', result.cause ?? 'error');
      if (result.output) test.standardOutput(result.output);
      continue;
    }
    for (const test of result.tests) {
      const testCase = suite.testCase().className(file).name(test.name).time(test.duration / 1000);
      // A CI check run shows this to the learner: a hidden check by its name and the kind of
      // failure only, as their feedback file does (its message can hold its expected value).
      if (test.hidden && test.status !== 'pass') {
        if (test.status === 'fail') testCase.failure(testFeedback(test), 'AssertionError');
        else testCase.error(testFeedback(test), test.cause ?? 'error');
        if (test.output) testCase.standardOutput(test.output);
        continue;
      }
      if (test.status === 'fail') testCase.failure(test.message ?? 'The test failed.', 'AssertionError');
      if (test.status === 'error') testCase.error(test.message ?? 'The test could not finish.', test.cause ?? 'error', details(test));
      const out = [test.status === 'fail' ? details(test) : '', test.output ?? ''].filter(Boolean).join('\n\n');
      if (out) testCase.standardOutput(out);
    }
    // An examples exercise: one more test case, for how many known mistakes the examples catch.
    if (result.examples) {
      const report = result.examples;
      suite.property('examples', examplesLine(report));
      const testCase = suite.testCase().className(file).name('catches the known mistakes').time(0);
      if (!thoroughEnough(report)) testCase.failure(examplesLine(report), 'NotThorough');
      const caught = caughtLines(report);
      if (caught.length) testCase.standardOutput(caught.join('\n'));
    }
  }
}

export function junitReport(exercise: string, graded: readonly GradedSubmission[]): string {
  const builder = junit.newBuilder().name(`course grade ${exercise}`);
  addSuites(builder, exercise, graded);
  return builder.build();
}

/** Several exercises in one document (`course report --junit`): each submission's suite names its exercise in a property. */
export function junitClassReport(groups: readonly { exercise: string; graded: readonly GradedSubmission[] }[]): string {
  const builder = junit.newBuilder().name('course report');
  for (const { exercise, graded } of groups) addSuites(builder, exercise, graded);
  return builder.build();
}
