/**
 * Parses every mermaid diagram of the lessons with mermaid's own parser, in Node, so a diagram
 * learners would see as "This diagram could not be drawn" is a `lesson/diagram` diagnostic at its
 * line instead (`course check`, the dev server's banner).
 *
 * mermaid parses without a DOM, except that some diagram types pass labels through DOMPurify,
 * which in Node (no window) has no `sanitize` or `addHook`. Parsing renders nothing, so those
 * become no-ops on the shared DOMPurify instance before mermaid loads (the app, in the browser,
 * never runs this file). mermaid is loaded on first use: it costs about half a second.
 */
import type { Diagnostic } from '../content/index.ts';
import type { Lesson } from '../content/index.ts';
import { importModule } from './import-module.ts';

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  parse(text: string): Promise<unknown>;
}

/** What mermaid's parsers attach to a syntax error (jison: `hash.loc`, 1-based lines). */
interface ParseError {
  message?: string;
  hash?: { loc?: { first_line?: number; first_column?: number } };
}

let loading: Promise<MermaidApi> | undefined;

async function loadMermaid(): Promise<MermaidApi> {
  const { default: purify } = (await importModule('dompurify')) as { default: Record<string, unknown> };
  // Only where DOMPurify could not set itself up (no window): never in a browser.
  purify.sanitize ??= (text: unknown) => text;
  purify.addHook ??= () => {};
  purify.removeHook ??= () => {};
  purify.removeHooks ??= () => {};
  const { default: mermaid } = (await importModule('mermaid')) as { default: MermaidApi };
  mermaid.initialize({ startOnLoad: false });
  return mermaid;
}

/** The first line of mermaid's message, without its ASCII-art pointer lines. */
function firstLine(message: string): string {
  const lines = message.split('\n').map((l) => l.trim()).filter(Boolean);
  const expecting = lines.find((l) => /^Expecting /.test(l));
  // The diagnostic carries the line in the lesson; mermaid's own line count is the diagram's.
  const head = (lines[0] ?? 'the diagram does not parse').replace(/:$/, '').replace(/ on line \d+$/, '');
  return expecting ? `${head}: ${expecting.replace(/, got /, '; got ')}` : head;
}

/**
 * Parses `source` (the text inside a ```mermaid fence whose first line is `fenceLine`) and returns
 * the problem as a diagnostic of `file`, or undefined when mermaid parses it.
 */
export async function checkDiagram(file: string, fenceLine: number, source: string): Promise<Diagnostic | undefined> {
  loading ??= loadMermaid();
  const mermaid = await loading;
  try {
    await mermaid.parse(source);
    return undefined;
  } catch (error) {
    const e = error as ParseError;
    const message = typeof e?.message === 'string' ? e.message : String(error);
    // jison's first_line is where the offending token starts (its last_line may be past the end,
    // where it noticed); without a place, the fence.
    const loc = e?.hash?.loc;
    const lineInDiagram = loc?.first_line === undefined ? 0 : Math.min(loc.first_line, source.split('\n').length);
    return {
      file,
      line: fenceLine + lineInDiagram,
      column: lineInDiagram > 0 && loc?.first_column !== undefined ? loc.first_column + 1 : 1,
      rule: 'lesson/diagram',
      severity: 'error',
      message: `This mermaid diagram does not parse (${firstLine(message)}), so learners would see "This diagram could not be drawn". Fix it; https://mermaid.live shows the same error.`,
    };
  }
}

/** Every diagram problem of `lessons`, in file and line order. */
export async function checkDiagrams(lessons: readonly Lesson[]): Promise<Diagnostic[]> {
  const found: Diagnostic[] = [];
  for (const lesson of lessons) {
    for (const segment of lesson.segments) {
      if (segment.kind !== 'mermaid') continue;
      const problem = await checkDiagram(lesson.file, segment.line, segment.source);
      if (problem) found.push(problem);
    }
  }
  return found;
}
