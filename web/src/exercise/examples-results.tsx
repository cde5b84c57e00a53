/**
 * Results of checking an examples exercise: each example, valid or not (with why, in the
 * learner's words, and never the correct reply), then the known mistakes the valid ones catch,
 * each by its "caught" sentence. Mistakes not caught are only counted; a hint may name one.
 */
import type { ExamplesReport, RunResult, TestResult } from '../../../runner/core/index.ts';
import { Block } from './test-results.tsx';

function ExampleItem({ test }: { test: TestResult }) {
  const valid = test.status === 'pass';
  const title = test.name.replace(/^example/, 'Example');
  return (
    <li className={`test test-${valid ? 'pass' : 'fail'}`}>
      <div className="test-head">
        <span className="test-status" aria-hidden="true">
          {valid ? '✓' : '✗'}
        </span>
        <span className="test-name">{title}</span>
        <span className="visually-hidden">: </span>
        <span className="badge">{valid ? 'valid' : 'not valid'}</span>
      </div>
      {!valid && (
        <div className="test-details">
          {test.message && <p className="test-message">{test.message}</p>}
          {test.check?.input !== undefined && <Block label="Call" text={test.check.input} />}
          {test.check?.expected !== undefined && <Block label="The reply your example expects" text={test.check.expected} className="expected" />}
        </div>
      )}
    </li>
  );
}

export interface CaughtListProps {
  report: ExamplesReport;
  /** Hints not revealed yet: one may name a mistake the examples miss. */
  hintsLeft: number;
  /** Reveals the next hint and moves to it. */
  onShowHint(): void;
  idPrefix: string;
}

function CaughtList({ report, hintsLeft, onShowHint, idPrefix }: CaughtListProps) {
  if (report.valid === 0) return null;
  return (
    <section className="caught" aria-labelledby={`${idPrefix}-caught`}>
      <h3 id={`${idPrefix}-caught`}>
        Known mistakes caught: {report.caught.length} of {report.mutants}
      </h3>
      {report.caught.length > 0 && (
        <ul className="caught-list">
          {report.caught.map((c) => (
            <li key={c.mutant} data-mutant={c.mutant}>
              caught: {c.catches} <span className="muted">(example {c.by})</span>
            </li>
          ))}
        </ul>
      )}
      {report.missed > 0 && (
        <p className="missed">
          {report.missed} known {report.missed === 1 ? 'mistake is' : 'mistakes are'} not caught by any of your examples yet.{' '}
          {hintsLeft > 0 && (
            <button type="button" className="link-button" onClick={onShowHint}>
              Show a hint
            </button>
          )}
        </p>
      )}
    </section>
  );
}

export interface ExamplesResultsProps extends Omit<CaughtListProps, 'report'> {
  result: RunResult;
}

export function ExamplesResults({ result, ...caught }: ExamplesResultsProps) {
  return (
    <div className="results">
      {result.status === 'error' && result.message && (
        <div className="run-error">
          <p>{result.message}</p>
        </div>
      )}
      {result.output && <Block label="Console output while your code loaded" text={result.output} className="console" />}
      {result.tests.length > 0 && (
        <ol className="test-list" aria-label="Your examples">
          {result.tests.map((test) => (
            <ExampleItem key={test.name} test={test} />
          ))}
        </ol>
      )}
      {result.examples && <CaughtList report={result.examples} {...caught} />}
    </div>
  );
}
