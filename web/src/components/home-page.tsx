/** The course home: every lesson with its summary and how many of its exercises are passed. */
import { useEffect, useRef } from 'react';
import type { CourseOutline } from '../course/split.ts';
import { useProgress } from '../progress-hooks.ts';
import { exerciseProgress } from '../state/progress.ts';
import { hrefOf } from '../state/route.ts';

export function HomePage({ outline }: { outline: CourseOutline }) {
  const { progress } = useProgress();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'Build a JSON-RPC router';
  }, []);

  return (
    <div className="home">
      <h1 ref={heading} tabIndex={-1}>
        Build a JSON-RPC router
      </h1>
      <p className="lead">
        Learn JSON-RPC 2.0 and the Model Context Protocol by writing the message router at their heart, one small exercise at a time.
        Your code runs in your browser and is saved as you type.
      </p>
      {outline.lessons.length === 0 && <p className="notice">This course has no lessons yet.</p>}
      <ol className="lesson-list" aria-label="Lessons">
        {outline.lessons.map((lesson) => {
          const exercises = lesson.exerciseIds;
          const passed = exercises.filter((id) => exerciseProgress(progress, id).passed).length;
          const done = exercises.length > 0 && passed === exercises.length;
          return (
            <li key={lesson.id} className={done ? 'lesson-card lesson-done' : 'lesson-card'}>
              <h2>
                <a href={hrefOf({ page: 'lesson', lessonId: lesson.id })}>
                  <span className="muted">{lesson.order}. </span>
                  {lesson.title}
                </a>
              </h2>
              <p>{lesson.summary}</p>
              {exercises.length > 0 && (
                <div className="lesson-progress">
                  <span className="progress-bar" aria-hidden="true">
                    <span style={{ width: `${(100 * passed) / exercises.length}%` }} />
                  </span>
                  <span>
                    {done ? 'Done: ' : ''}
                    {passed} of {exercises.length} {exercises.length === 1 ? 'exercise' : 'exercises'} passed
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
