/** The reference solution beside the learner's code; the Monaco diff editor loads on demand. */
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { useColorScheme } from '../hooks/use-color-scheme.ts';
import { usePreferences } from '../hooks/use-preferences.ts';

const MonacoSolutionDiff = lazy(() => import('./monaco/monaco-solution-diff.tsx'));

export interface SolutionDiffProps {
  exerciseId: string;
  language: 'js' | 'ts';
  learnerCode: string;
  solution: string;
  /** The file compared, in an exercise of several files. */
  fileName?: string;
}

export function SolutionDiff(props: SolutionDiffProps) {
  const theme = useColorScheme();
  const { screenReader } = usePreferences();
  const plain = (
    <pre tabIndex={0} aria-label={props.fileName ? `Reference solution of ${props.fileName}` : 'Reference solution'} className="code-block">
      <code>{props.solution}</code>
    </pre>
  );
  return (
    <div className="solution">
      <p className="muted">
        {props.fileName ? `${props.fileName}: left, yours (unchanged); right, the reference solution's.` : 'Left: your code (unchanged). Right: the reference solution.'} Your editor keeps your code; copy what you need.
      </p>
      <ErrorBoundary fallback={() => plain}>
        <Suspense fallback={plain}>
          <MonacoSolutionDiff {...props} theme={theme} accessibilitySupport={screenReader} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
