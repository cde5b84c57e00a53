/**
 * The exercise editor as the panel uses it: Monaco is fetched (a separate chunk) only when the
 * editor comes near the viewport. Until then the code shows as text; if Monaco cannot load, a
 * plain text area takes its place so the learner can still work.
 */
import { lazy, Suspense, useRef } from 'react';
import { CodeArea } from '../components/code-area.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { useColorScheme } from '../hooks/use-color-scheme.ts';
import { useInView } from '../hooks/use-in-view.ts';
import { usePreferences } from '../hooks/use-preferences.ts';
import type { CodeEditorProps } from './monaco/monaco-code-editor.tsx';

const MonacoCodeEditor = lazy(() => import('./monaco/monaco-code-editor.tsx'));

export type EditorProps = Omit<CodeEditorProps, 'theme' | 'accessibilitySupport' | 'focusOnMount'>;

function Placeholder({ value, onFocusChange }: { value: string; onFocusChange(focused: boolean): void }) {
  return (
    <div className="editor-placeholder">
      <pre tabIndex={0} aria-label="Your code (the editor is loading)" onFocus={() => onFocusChange(true)} onBlur={() => onFocusChange(false)}>
        <code>{value}</code>
      </pre>
      <p className="muted">Loading the editor…</p>
    </div>
  );
}

export function CodeEditor(props: EditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  // A keyboard user who tabbed onto the placeholder keeps focus when the real editor replaces it.
  const placeholderFocused = useRef(false);
  const onFocusChange = (focused: boolean) => {
    placeholderFocused.current = focused;
  };
  const theme = useColorScheme();
  const { screenReader } = usePreferences();
  const fallback = () => (
    <div>
      <p className="notice">The full editor could not load; you can still edit your code here.</p>
      <CodeArea value={props.value} onChange={props.onChange} onRun={props.onRun} label={props.ariaLabel} />
    </div>
  );
  return (
    <div ref={ref} className="code-editor">
      {inView ? (
        <ErrorBoundary fallback={fallback}>
          <Suspense fallback={<Placeholder value={props.value} onFocusChange={onFocusChange} />}>
            <MonacoCodeEditor {...props} theme={theme} accessibilitySupport={screenReader} focusOnMount={() => placeholderFocused.current} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <Placeholder value={props.value} onFocusChange={onFocusChange} />
      )}
    </div>
  );
}
