/** One lesson: its text and interactive blocks in reading order, then links to its neighbours. */
import { useDeferredValue, useEffect, useRef } from 'react';
import type { Lesson, LessonSegment } from '../../../runner/content/index.ts';
import type { PageExercise } from '../course/page-exercise.ts';
import type { CourseOutline, LessonBundle } from '../course/split.ts';
import { useCourseOutline } from '../course-store.ts';
import { DiagnosticList } from './diagnostic-list.tsx';
import { ExamplesPanel } from '../exercise/examples-panel.tsx';
import { ExercisePanel } from '../exercise/exercise-panel.tsx';
import { Markdown } from '../markdown/markdown.tsx';
import { MarkdownTreesContext } from '../markdown/markdown-trees.ts';
import { stripLeadingTitle } from '../markdown/strip-title.ts';
import { predictionKey } from '../state/progress.ts';
import { hrefOf } from '../state/route.ts';
import { MermaidDiagram } from './mermaid-diagram.tsx';
import { Prediction } from './prediction.tsx';
import { Question } from './question.tsx';
import { RunnableExample } from './runnable-example.tsx';

interface SegmentProps {
  segment: LessonSegment;
  lesson: Lesson;
  exercises: PageExercise[];
  /** 1-based position among the segments of the same kind. */
  index: number;
}

function Segment({ segment, lesson, exercises, index }: SegmentProps) {
  switch (segment.kind) {
    case 'markdown':
      // course/rendered-markdown.ts lists the strings rendered here, to build their trees.
      return <Markdown>{index === 1 ? stripLeadingTitle(segment.markdown) : segment.markdown}</Markdown>;
    case 'mermaid':
      return <MermaidDiagram source={segment.source} label={`Diagram ${index}`} />;
    case 'runnable':
      return <RunnableExample code={segment.code} language={segment.language} index={index} />;
    case 'predict':
      return (
        <Prediction
          storageKey={predictionKey(lesson.id, index - 1)}
          prompt={segment.prompt}
          code={segment.code}
          language={segment.language}
          explanation={segment.explanation}
        />
      );
    case 'question':
      return <Question storageKey={`${lesson.id}/${segment.id}`} prompt={segment.prompt} options={segment.options} />;
    case 'exercise': {
      const exercise = exercises.find((e) => e.id === segment.id);
      if (!exercise) return <MissingExercise id={segment.id} />;
      // One panel per kind of exercise.
      return exercise.kind === 'examples' ? <ExamplesPanel exercise={exercise} /> : <ExercisePanel exercise={exercise} />;
    }
  }
}

/** 1-based position of each segment among the segments of its kind (Example 2, Diagram 1...). */
function numberByKind(segments: LessonSegment[]): number[] {
  const counts = new Map<string, number>();
  return segments.map((s) => {
    const n = (counts.get(s.kind) ?? 0) + 1;
    counts.set(s.kind, n);
    return n;
  });
}

/**
 * Segments in the first commit. The rest follows in a deferred render, which React does in slices
 * between frames, so the lesson's opening text paints without waiting for the whole page to be
 * built (bench/README.md, section 3). Two segments fill a first screen in every lesson so far.
 */
const FIRST_SEGMENTS = 2;

export interface LessonPageProps {
  /** The lesson, its exercises and its Markdown parsed at build time. */
  bundle: LessonBundle;
  outline: CourseOutline;
}

export function LessonPage({ bundle, outline }: LessonPageProps) {
  const { lesson, exercises } = bundle;
  const heading = useRef<HTMLHeadingElement>(null);
  const numbers = numberByKind(lesson.segments);
  const position = outline.lessons.findIndex((l) => l.id === lesson.id);
  const previous = position > 0 ? outline.lessons[position - 1] : undefined;
  const next = position >= 0 ? outline.lessons[position + 1] : undefined;
  // The page is mounted afresh for each lesson (keyed by id in app.tsx), so the initial value
  // applies to every lesson opened.
  const shown = useDeferredValue(lesson.segments.length, Math.min(FIRST_SEGMENTS, lesson.segments.length));
  const complete = shown >= lesson.segments.length;

  useEffect(() => {
    document.title = `${lesson.title} · Build a JSON-RPC router`;
    // A new page: start reading at its title, as after a full page load.
    heading.current?.focus();
    window.scrollTo(0, 0);
  }, [lesson.id, lesson.title]);

  return (
    <MarkdownTreesContext value={bundle.markdown}>
      <article className="lesson" aria-busy={!complete}>
        <p className="lesson-order muted">Lesson {lesson.order}</p>
        <h1 ref={heading} tabIndex={-1}>
          {lesson.title}
        </h1>
        {lesson.segments.slice(0, shown).map((segment, i) => (
          <Segment key={`${segment.kind}-${segment.line}-${i}`} segment={segment} lesson={lesson} exercises={exercises} index={numbers[i] ?? 1} />
        ))}
        {complete && lesson.specs.length > 0 && (
          <section className="specs" aria-labelledby="specs-title">
            <h2 id="specs-title">Specifications used in this lesson</h2>
            <ul>
              {lesson.specs.map((spec) => (
                <li key={spec.url}>
                  <a href={spec.url} target="_blank" rel="noreferrer">
                    {spec.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {complete && (
          <nav className="lesson-nav" aria-label="Lessons">
            {previous ? <a href={hrefOf({ page: 'lesson', lessonId: previous.id })}>← {previous.title}</a> : <a href={hrefOf({ page: 'home' })}>← All lessons</a>}
            {next ? <a href={hrefOf({ page: 'lesson', lessonId: next.id })}>{next.title} →</a> : <a href={hrefOf({ page: 'home' })}>All lessons →</a>}
          </nav>
        )}
      </article>
    </MarkdownTreesContext>
  );
}

/**
 * An exercise the lesson embeds that did not load. The instructors' preview says why, with the
 * problems of its own folder (the box at the top of the page lists every problem); a learner's
 * build says only that it is missing, and whom to tell.
 */
function MissingExercise({ id }: { id: string }) {
  const { diagnostics } = useCourseOutline();
  if (!import.meta.env.DEV) return <p className="notice">The exercise "{id}" is missing from this build of the course. Please tell your instructor.</p>;
  const own = diagnostics.filter((d) => d.file.startsWith(`exercises/${id}/`));
  return (
    <div className="notice" role="note" aria-label={`The exercise ${id} did not load`}>
      {own.length ? (
        <>
          <p>The exercise "{id}" did not load because of {own.length === 1 ? 'this problem in its files' : 'these problems in its files'} (all content problems are listed at the top of the page, and by `npx course check`):</p>
          <DiagnosticList diagnostics={own} />
        </>
      ) : (
        <p>The exercise "{id}" did not load: an exercise it depends on has problems, the course has no folder exercises/{id}/ with a task.md, or the lesson's id is misspelt. All content problems are listed at the top of the page, and by `npx course check`.</p>
      )}
    </div>
  );
}
