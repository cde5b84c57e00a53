/**
 * Cuts a lesson's Markdown body into segments: prose, diagrams, runnable snippets, predictions,
 * questions and embedded exercises. The body is parsed with remark (GFM + directives) only to find
 * where blocks start and end; every piece of Markdown handed on is a slice of the ORIGINAL text,
 * so the web renders exactly what the author wrote. That also turns text directives back into
 * text for free: remark-directive reads `10:30` or `a:b` in prose as directives, and the slice
 * keeps the characters as written, so only block-level directives are ever interpreted.
 */
import type { Root, RootContent } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Diagnostic } from './diagnostic.ts';
import { diagnostic } from './position.ts';
import type { SourcePosition } from './position.ts';
import { checkProse, LANGUAGE } from './markdown-blocks.ts';
import type { Cutter } from './markdown-blocks.ts';
import { cutPredict } from './predict.ts';
import { cutQuestion } from './question.ts';
import type { LessonSegment } from './types.ts';

export interface SegmentsOptions {
  /** Path of the lesson relative to the course root, used in diagnostics. */
  file: string;
  /** The Markdown after the front matter. */
  body: string;
  /** 1-based line of the file where `body` starts, so positions are lines of the file. */
  bodyStartLine: number;
}

/** Where a lesson embeds an exercise, for the course-wide checks. */
export interface ExerciseRef extends SourcePosition {
  id: string;
}

export interface SegmentsResult {
  segments: LessonSegment[];
  diagnostics: Diagnostic[];
  exerciseRefs: ExerciseRef[];
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/** Parses `body` and returns its segments in reading order, with any problems found. */
export function cutSegments(options: SegmentsOptions): SegmentsResult {
  const { file, body, bodyStartLine } = options;
  const tree = processor.parse(body) as Root;
  const diagnostics: Diagnostic[] = [];
  const segments: LessonSegment[] = [];
  const exerciseRefs: ExerciseRef[] = [];
  const cut: Cutter = {
    file,
    body,
    at: (node) => ({ line: (node.position?.start.line ?? 1) + bodyStartLine - 1, column: node.position?.start.column ?? 1 }),
    slice: (from, to) => body.slice(from.position?.start.offset ?? 0, to.position?.end.offset ?? 0),
    report: (rule, message, node, severity = 'error') => diagnostics.push(diagnostic(file, rule, severity, message, cut.at(node))),
  };

  let prose: RootContent[] = [];
  const flush = () => {
    const first = prose[0];
    const last = prose.at(-1);
    if (first && last) {
      const markdown = cut.slice(first, last);
      if (markdown.trim()) segments.push({ kind: 'markdown', line: cut.at(first).line, markdown });
    }
    prose = [];
  };

  for (const node of tree.children) {
    const segment = blockSegment(node, cut, exerciseRefs);
    if (segment === undefined) {
      checkProse(node, cut);
      prose.push(node);
    } else {
      flush();
      if (segment) segments.push(segment);
    }
  }
  flush();

  const questionIds = new Map<string, number>();
  for (const segment of segments) {
    if (segment.kind !== 'question' || !segment.id) continue;
    const first = questionIds.get(segment.id);
    if (first === undefined) questionIds.set(segment.id, segment.line);
    else {
      const message = `The question id \`${segment.id}\` is already used at line ${first}; give each question of a lesson its own id, since progress is saved by id.`;
      diagnostics.push(diagnostic(file, 'question/duplicate-id', 'error', message, { line: segment.line, column: 1 }));
    }
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return { segments, diagnostics, exerciseRefs };
}

/**
 * The segment for a top-level block: `undefined` when the block is prose, `null` when it is an
 * interactive block too broken to show (its problems are reported).
 */
function blockSegment(node: RootContent, cut: Cutter, refs: ExerciseRef[]): LessonSegment | null | undefined {
  const line = cut.at(node).line;
  if (node.type === 'code') {
    const words = (node.meta ?? '').split(/\s+/);
    if (node.lang === 'mermaid') return { kind: 'mermaid', line, source: node.value };
    if (!words.includes('runnable')) return undefined;
    const language = LANGUAGE[node.lang ?? ''];
    if (!language) {
      cut.report('lesson/runnable-language', `A runnable block must be \`js\` or \`ts\`, not \`${node.lang ?? '(none)'}\`; write \`\`\`js runnable.`, node);
      return undefined;
    }
    return { kind: 'runnable', line, language, code: node.value };
  }
  if (node.type === 'leafDirective' && node.name === 'exercise') {
    const id = node.attributes?.id ?? '';
    if (!id) {
      cut.report('lesson/exercise-no-id', 'Name the exercise to embed: `::exercise{id=<folder name under exercises/>}`.', node);
      return null;
    }
    refs.push({ id, ...cut.at(node) });
    return { kind: 'exercise', line, id };
  }
  if (node.type === 'containerDirective' && node.name === 'predict') return cutPredict(node, cut);
  if (node.type === 'containerDirective' && node.name === 'question') return cutQuestion(node, cut);
  return undefined;
}

