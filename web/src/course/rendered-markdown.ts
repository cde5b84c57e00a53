/**
 * Every Markdown string a lesson page renders through `<Markdown>`, exactly as rendered: the
 * course plugin builds a tree for each, and a string missing here is parsed in the page instead
 * (slower, but still right). Keep in step with the components that render Markdown.
 */
import type { Exercise, Lesson, LessonSegment } from '../../../runner/content/index.ts';
import { stripLeadingTitle } from '../markdown/strip-title.ts';

function ofSegment(segment: LessonSegment, firstProse: boolean): string[] {
  switch (segment.kind) {
    case 'markdown':
      // lesson-page.tsx drops the title line of the first prose segment.
      return [firstProse ? stripLeadingTitle(segment.markdown) : segment.markdown];
    case 'predict':
      return [segment.prompt, segment.explanation];
    case 'question':
      return [segment.prompt, ...segment.options.flatMap((o) => [o.text, o.feedback])];
    case 'mermaid':
    case 'runnable':
    case 'exercise':
      return [];
    default:
      // A new segment kind fails to compile here until its Markdown is listed.
      return segment satisfies never;
  }
}

/** The distinct Markdown strings of a lesson page: its segments, then its exercises' tasks and hints. */
export function renderedMarkdown(lesson: Lesson, exercises: readonly Pick<Exercise, 'task' | 'hints'>[]): string[] {
  const firstProse = lesson.segments.find((s) => s.kind === 'markdown');
  const strings = [
    ...lesson.segments.flatMap((s) => ofSegment(s, s === firstProse)),
    ...exercises.flatMap((e) => [e.task, ...e.hints]),
  ];
  return [...new Set(strings)];
}
