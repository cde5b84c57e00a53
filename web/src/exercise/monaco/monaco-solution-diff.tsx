/**
 * The reference solution beside the learner's code (Monaco diff editor, read-only). It never
 * touches the learner's model: both sides are copies.
 */
import { useEffect, useRef } from 'react';
import { monaco, themeFor } from './monaco-setup.ts';

export interface SolutionDiffProps {
  exerciseId: string;
  language: 'js' | 'ts';
  learnerCode: string;
  solution: string;
  /** The file compared, in an exercise of several files. */
  fileName?: string;
  theme: 'light' | 'dark';
  accessibilitySupport: 'auto' | 'on' | 'off';
}

export default function MonacoSolutionDiff({ exerciseId, language, learnerCode, solution, fileName, theme, accessibilitySupport }: SolutionDiffProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const lang = language === 'ts' ? 'typescript' : 'javascript';
    const original = monaco.editor.createModel(learnerCode, lang, monaco.Uri.parse(`file:///diff/${exerciseId}/yours/${fileName ?? `main.${language}`}`));
    const modified = monaco.editor.createModel(solution, lang, monaco.Uri.parse(`file:///diff/${exerciseId}/reference/${fileName ?? `main.${language}`}`));
    const diff = monaco.editor.createDiffEditor(element, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      renderSideBySide: true,
      // Below this width the diff shows inline, which reads better on a phone.
      renderSideBySideInlineBreakpoint: 700,
      useInlineViewWhenSpaceIsLimited: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      wordWrap: 'on',
      fontSize: 14,
      accessibilitySupport,
      renderFinalNewline: 'on',
      ariaLabel: 'Reference solution',
      originalAriaLabel: 'Your code',
      modifiedAriaLabel: 'Reference solution',
    });
    diff.setModel({ original, modified });
    // Height follows the taller side's content (wrapped lines included), within bounds.
    const fit = () => {
      const content = Math.max(diff.getOriginalEditor().getContentHeight(), diff.getModifiedEditor().getContentHeight());
      element.style.height = `${Math.min(640, Math.max(160, content + 8))}px`;
    };
    const subscriptions = [diff.getOriginalEditor().onDidContentSizeChange(fit), diff.getModifiedEditor().onDidContentSizeChange(fit)];
    fit();
    return () => {
      subscriptions.forEach((s) => s.dispose());
      diff.dispose();
      original.dispose();
      modified.dispose();
    };
  }, [exerciseId, language, learnerCode, solution, fileName, accessibilitySupport]);

  useEffect(() => {
    monaco.editor.setTheme(themeFor(theme));
  }, [theme]);

  return <div ref={host} className="monaco-host monaco-diff" />;
}
