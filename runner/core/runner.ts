import type { CourseRunner } from './runner-api.ts';
import { gradeExamples } from './examples/index.ts';
import { grade, type GradeEnvironment } from './grade.ts';
import { runSnippet } from './snippet.ts';

/** A {@link CourseRunner} over any sandbox host: the browser and Node differ only in `env`. */
export function createRunner(env: GradeEnvironment): CourseRunner {
  return {
    // One grader per kind of exercise.
    grade: ({ exercise, ...submission }) => (exercise.kind === 'examples' ? gradeExamples({ ...submission, exercise }, env) : grade({ ...submission, exercise }, env)),
    runSnippet: (request) => runSnippet(request, env.host),
  };
}
