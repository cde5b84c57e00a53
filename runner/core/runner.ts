import type { CourseRunner } from './runner-api.ts';
import { grade, type GradeEnvironment } from './grade.ts';
import { runSnippet } from './snippet.ts';

/** A {@link CourseRunner} over any sandbox host: the browser and Node differ only in `env`. */
export function createRunner(env: GradeEnvironment): CourseRunner {
  return {
    grade: (request) => grade(request, env),
    runSnippet: (request) => runSnippet(request, env.host),
  };
}
