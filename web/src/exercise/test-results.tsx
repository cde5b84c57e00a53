/**
 * Results of a Run or Submit: the failures first, in file order, each with the failing input,
 * expected and received values, a line diff and the console output of that test; then the passes,
 * folded while there are failures. Hidden tests show their name and values only, never their code.
 */
import type { RunResult, TestResult } from '../../../runner/core/index.ts';
import { InlineText } from './inline-text.tsx';
import { Transcript } from './transcript.tsx';

const statusText: Record<TestResult['status'], string> = { pass: 'Passed', fail: 'Failed', error: 'Error' };
const statusIcon: Record<TestResult['status'], string> = { pass: '✓', fail: '✗', error: '!' };

export function Block({ label, text, className }: { label: string; text: string; className?: string }) {
  return (
    <div className={className ? `result-block ${className}` : 'result-block'}>
      <div className="result-label">{label}</div>
      <pre tabIndex={0} aria-label={label}>
        {text}
      </pre>
    </div>
  );
}

/**
 * What a generated check does not count as a difference, in a sentence. Where its input came from
 * is already in the test's message (grading core), so it is not said again here.
 */
function freedomsNote(g: TestResult['generated']): string | undefined {
  return g?.freedoms?.length ? `Not counted as differences: ${g.freedoms.join('; ')}.` : undefined;
}

/** The name a learner reads: describe blocks joined, the visible group's prefix dropped. */
export function displayName(test: TestResult): string {
  return test.name.replace(/^examples > /, '');
}

function TestHead({ test }: { test: TestResult }) {
  return (
    <>
      <span className="test-status" aria-hidden="true">
        {statusIcon[test.status]}
      </span>
      <span className="visually-hidden">{statusText[test.status]}: </span>
      <span className="test-name">{displayName(test)}</span>
      {test.hidden && <span className="badge">hidden check</span>}
    </>
  );
}

/** One test; a failure's details fold away, the first one open, so a long list stays readable. */
function TestItem({ test, open }: { test: TestResult; open: boolean }) {
  if (test.status === 'pass') {
    return (
      <li className="test test-pass">
        <div className="test-head">
          <TestHead test={test} />
        </div>
        {test.output && <Block label="Console output during this check" text={test.output} className="console" />}
      </li>
    );
  }
  const { check } = test;
  return (
    <li className={`test test-${test.status}`}>
      <details open={open}>
        <summary className="test-head">
          <TestHead test={test} />
        </summary>
        <div className="test-details">
          {/* The message already names the line when there is one (grading core). */}
          {test.message && (
            <p className="test-message">
              <InlineText text={test.message} />
            </p>
          )}
          {/* The matcher's own words under the course's sentence, when they differ. */}
          {check && check.message !== test.message && (
            <p className="matcher-message muted">
              <InlineText text={check.message} />
            </p>
          )}
          {freedomsNote(test.generated) && <p className="muted generated-note">{freedomsNote(test.generated)}</p>}
          {check?.input !== undefined && <Block label="Input" text={check.input} />}
          {check?.diff ? (
            <Block label="Expected (-) and received (+)" text={check.diff} className="diff" />
          ) : (
            <>
              {check?.expected !== undefined && <Block label="Expected" text={check.expected} className="expected" />}
              {check?.received !== undefined && <Block label="Received" text={check.received} className="received" />}
            </>
          )}
          {test.transcript && <Transcript transcript={test.transcript} />}
          {!test.hidden && test.test_code && (
            <details>
              <summary>Test code</summary>
              <pre tabIndex={0}>{test.test_code}</pre>
            </details>
          )}
          {test.output && <Block label="Console output during this check" text={test.output} className="console" />}
        </div>
      </details>
    </li>
  );
}

export interface TestResultsProps {
  result: RunResult;
  mode: 'run' | 'submit';
}

export function TestResults({ result, mode }: TestResultsProps) {
  // Failures first, in test order, the first one open; the passes after them, folded while there
  // are failures to read (a long run's first failure would otherwise sit among dozens of passes).
  const failures = result.tests.filter((t) => t.status !== 'pass');
  const passes = result.tests.filter((t) => t.status === 'pass');
  const firstFailure = failures[0];
  const label = mode === 'run' ? 'Results of the examples' : 'Results of all checks';
  const passList = (
    <ol className="test-list" aria-label={failures.length ? `Passed ${mode === 'run' ? 'examples' : 'checks'}` : label}>
      {passes.map((test) => (
        <TestItem key={test.name} test={test} open={false} />
      ))}
    </ol>
  );
  return (
    <div className="results">
      {result.status === 'error' && result.message && (
        <div className="run-error">
          <p>
            <InlineText text={result.message} />
          </p>
        </div>
      )}
      {result.output && <Block label="Console output while your code loaded" text={result.output} className="console" />}
      {failures.length > 0 && (
        <ol className="test-list" aria-label={label}>
          {failures.map((test) => (
            <TestItem key={test.name} test={test} open={test === firstFailure} />
          ))}
        </ol>
      )}
      {passes.length > 0 &&
        (failures.length > 0 ? (
          <details className="passed-tests">
            <summary>
              {passes.length} {mode === 'run' ? (passes.length === 1 ? 'example' : 'examples') : passes.length === 1 ? 'check' : 'checks'} passed
            </summary>
            {passList}
          </details>
        ) : (
          passList
        ))}
    </div>
  );
}
