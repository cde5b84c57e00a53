/**
 * Monaco, configured once for the course: Vite-bundled workers, the JSON-RPC ambient types, no
 * DOM library (learner code runs in a worker without a DOM), every file its own module so two
 * exercises on one page never clash over `const handlers`. This module is the lazy Monaco chunk.
 */
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker';
import { jsonRpcTypes } from './jsonrpc-types.ts';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker();
  },
};

const { typescript } = monaco;
const compilerOptions = {
  target: typescript.ScriptTarget.ESNext,
  allowJs: true,
  checkJs: true,
  strict: false,
  noEmit: true,
  // File names, as the language service takes them (the tsconfig short form, 'es2023', finds nothing
  // here, and every built-in, Error and JSON included, was "Cannot find name"). ES2023 is what the
  // learner realm has: Node 20's V8, the same in the browser (runner/core/guest/realm.ts).
  lib: ['lib.es2023.d.ts'],
  // TypeScript's ModuleDetectionKind.Force: each learner file is a module, not a global script.
  moduleDetection: 3,
};
for (const defaults of [typescript.javascriptDefaults, typescript.typescriptDefaults]) {
  defaults.setCompilerOptions(compilerOptions);
  defaults.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false });
  defaults.addExtraLib(jsonRpcTypes, 'file:///course/jsonrpc.d.ts');
}

// vs-dark's comment green is just under WCAG AA contrast on its background; lighten it.
monaco.editor.defineTheme('course-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [{ token: 'comment', foreground: '8ab877' }],
  colors: {},
});

/** Monaco theme name for the page's colour scheme. */
export function themeFor(scheme: 'light' | 'dark'): string {
  return scheme === 'dark' ? 'course-dark' : 'vs';
}

export { monaco };
