/**
 * The exercise editor (Monaco). Controlled: `value` comes from the learner's saved progress and
 * every edit goes out through `onChange`; outside changes (Reset, Undo reset, Import) are applied
 * as edits, so Ctrl+Z in the editor still works.
 */
import { useEffect, useRef, useState } from 'react';
import type { EditorMarker } from '../../state/exercise-run.ts';
import { monaco, themeFor } from './monaco-setup.ts';

export interface CodeEditorProps {
  /** Unique per exercise; names the editor's model. */
  exerciseId: string;
  /** The file shown, in an exercise of several (its tab's name); else main.js or main.ts. */
  fileName?: string;
  /** A file the learner reads but does not change. */
  readOnly?: boolean;
  /**
   * The other files of an exercise of several, as models beside this one, so that the type
   * checker resolves `import ... from './table.js'` and checks what is imported.
   */
  siblings?: readonly { name: string; source: string }[];
  language: 'js' | 'ts';
  value: string;
  onChange(value: string): void;
  onRun(): void;
  onSubmit(): void;
  markers: EditorMarker[];
  ariaLabel: string;
  theme: 'light' | 'dark';
  accessibilitySupport: 'auto' | 'on' | 'off';
  /** Asked once the editor exists: true moves focus into it (it replaced a focused placeholder). */
  focusOnMount?(): boolean;
}

/** Editor height follows its content between these bounds, in pixels. */
const MIN_HEIGHT = 160;
const MAX_HEIGHT = 560;

export default function MonacoCodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;
  const applying = useRef(false);
  // What the editor's type checker says of the code, in words (squiggles are not read aloud).
  const [problems, setProblems] = useState<string[] | undefined>(undefined);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const { exerciseId, language, value, fileName } = latest.current;
    // main.js / main.ts, or the file's own name: the name run errors and stack traces give it too.
    const uri = monaco.Uri.parse(`file:///exercises/${exerciseId}/${fileName ?? `main.${language}`}`);
    monaco.editor.getModel(uri)?.dispose();
    const model = monaco.editor.createModel(value, language === 'ts' ? 'typescript' : 'javascript', uri);
    const editor = monaco.editor.create(element, {
      model,
      ariaLabel: latest.current.ariaLabel,
      readOnly: latest.current.readOnly === true,
      accessibilitySupport: latest.current.accessibilitySupport,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      wordWrap: 'on',
      fontSize: 14,
      tabSize: 2,
      lineNumbersMinChars: 3,
      // The default dims the last line's number below WCAG contrast.
      renderFinalNewline: 'on',
      // Unused code is faded below WCAG contrast, and what a learner defines at the top level
      // (route, examples) is never read in their own file: the course reads it, so it is not unused.
      showUnused: false,
      fixedOverflowWidgets: true,
      scrollbar: { alwaysConsumeMouseWheel: false },
    });
    editorRef.current = editor;
    if (latest.current.focusOnMount?.()) editor.focus();
    const fit = () => {
      element.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, editor.getContentHeight()))}px`;
    };
    fit();
    const showProblems = () => {
      const found = monaco.editor
        .getModelMarkers({ resource: uri })
        .filter((m) => m.owner !== 'course' && m.severity === monaco.MarkerSeverity.Error)
        .sort((a, b) => a.startLineNumber - b.startLineNumber || a.startColumn - b.startColumn)
        .map((m) => `line ${m.startLineNumber}: ${m.message.split('\n')[0] ?? ''}`);
      setProblems(found);
    };
    const subscriptions = [
      monaco.editor.onDidChangeMarkers((changed) => {
        if (changed.some((u) => u.toString() === uri.toString())) showProblems();
      }),
      editor.onDidContentSizeChange(fit),
      model.onDidChangeContent(() => {
        if (!applying.current) latest.current.onChange(model.getValue());
      }),
      editor.addAction({
        id: 'course.run',
        label: 'Run the examples',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
        run: () => latest.current.onRun(),
      }),
      editor.addAction({
        id: 'course.submit',
        label: 'Submit: run every check',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.Enter],
        run: () => latest.current.onSubmit(),
      }),
    ];
    return () => {
      subscriptions.forEach((s) => s?.dispose());
      editor.dispose();
      model.dispose();
      editorRef.current = undefined;
    };
  }, [props.exerciseId, props.language, props.fileName]);

  useEffect(() => editorRef.current?.updateOptions({ readOnly: props.readOnly === true }), [props.readOnly]);

  // A key, not the array: a new array comes with every render.
  const siblingsKey = JSON.stringify(props.siblings ?? []);
  useEffect(() => {
    const siblings = JSON.parse(siblingsKey) as { name: string; source: string }[];
    const { exerciseId, language } = latest.current;
    const made = siblings.map(({ name, source }) => {
      const uri = monaco.Uri.parse(`file:///exercises/${exerciseId}/${name}`);
      const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(source, language === 'ts' ? 'typescript' : 'javascript', uri);
      if (model.getValue() !== source) model.setValue(source);
      return model;
    });
    return () => made.forEach((m) => m.dispose());
  }, [siblingsKey]);

  // Outside changes to the code become an undoable edit.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || model.getValue() === props.value) return;
    applying.current = true;
    try {
      editorRef.current?.pushUndoStop();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: props.value }], () => null);
      editorRef.current?.pushUndoStop();
    } finally {
      applying.current = false;
    }
  }, [props.value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      'course',
      props.markers
        .filter((m) => m.line >= 1 && m.line <= model.getLineCount())
        .map((m) => ({
          severity: monaco.MarkerSeverity.Error,
          message: m.message,
          startLineNumber: m.line,
          startColumn: Math.max(1, m.column),
          endLineNumber: m.line,
          endColumn: model.getLineMaxColumn(m.line),
        })),
    );
  }, [props.markers]);

  useEffect(() => {
    editorRef.current?.updateOptions({ accessibilitySupport: props.accessibilitySupport, ariaLabel: props.ariaLabel });
  }, [props.accessibilitySupport, props.ariaLabel]);

  useEffect(() => {
    monaco.editor.setTheme(themeFor(props.theme));
  }, [props.theme]);

  return (
    <>
      <div ref={host} className="monaco-host" data-testid="code-editor" />
      <p className="editor-problems muted" role="status" data-testid="editor-problems" data-problems={problems?.join('\n')}>
        {problems === undefined
          ? ''
          : problems.length === 0
            ? 'The editor finds no problems in your code.'
            : `The editor finds ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''}`}
      </p>
    </>
  );
}
