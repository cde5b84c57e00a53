/**
 * A verdict does not hang on the seed: every mutant and variant of the course gets the same
 * status when its generated checks draw other cases. A check's seed comes from the exercise id
 * and the check's name (check/plan-cache.ts), so grading under another id draws other values
 * from the same arbitraries; a mistake a check catches under one seed and not another is caught
 * by luck, and a correct variant that fails under another seed meets a case the text allows.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCourse, type CodeExercise } from '../content/index.ts';
import { createProcessGrader } from './process-grader.ts';
import { readCourseFiles } from './read-course.ts';

/** Other seeds than the one every run uses: two more draws of every generated check. */
const SALTS = ['#seed-2', '#seed-3'];
const grader = createProcessGrader({ processes: 2, perProcess: 1 });
afterAll(() => grader.close());

const { course } = loadCourse(await readCourseFiles(join(import.meta.dirname, '..', '..')));
const exercises = course.exercises.filter((e): e is CodeExercise => e.kind === 'code');

describe('verdicts under other seeds', () => {
  it.each(exercises.map((e) => [e.id, e] as const))('%s: every mutant fails and every variant passes under each seed', async (_id, exercise) => {
    const subjects = [...exercise.mutants.map((m) => ({ name: `mutants/${m.name}`, source: m.source, want: 'fail' })), ...exercise.variants.map((v) => ({ name: `variants/${v.name}`, source: v.source, want: 'pass' }))];
    const graded = await Promise.all(
      subjects.flatMap((s) => SALTS.map(async (salt) => ({ subject: s.name, salt, want: s.want, status: (await grader.grade({ exercise: { ...exercise, id: exercise.id + salt }, source: s.source, mode: 'submit' })).status }))),
    );
    // A mutant may end in an error (a loop it was made with): it is caught all the same.
    const wrong = graded.filter((g) => (g.want === 'pass' ? g.status !== 'pass' : g.status === 'pass')).map((g) => `${g.subject} ${g.status} under ${g.salt}`);
    expect(wrong).toEqual([]);
  }, 600_000);
});
