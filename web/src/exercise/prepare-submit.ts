/**
 * What a first Submit needs, prepared while the learner works on the exercise (from their first
 * edit, never on page load): the runner's chunk and its sandbox frame, the mutants' chunk (a
 * failing Submit names the known mistake), and the reference solution's answers to the generated
 * checks. Those come from grading the reference itself once, in the background: the runner keeps
 * a reference's answers per case (runner/core/check/answers-cache.ts) and the plans of the checks,
 * so a Submit then runs the learner's code alone instead of opening a second sandbox for the
 * reference and crossing every case there first. Once per exercise and page; nothing is shown.
 */
import type { CourseRunner } from '../../../runner/core/index.ts';
import type { MutantSuspects, PageCodeExercise } from '../course/page-exercise.ts';

/** How long a Submit waits for a preparation in flight before it grades on its own. */
const SUBMIT_WAITS_MS = 3_000;

const prepared = new Map<string, Promise<void>>();

/** Starts preparing `exercise`'s first Submit, unless it was started before on this page. */
export function prepareSubmit(exercise: PageCodeExercise, runner: () => Promise<CourseRunner>, suspects: (id: string) => Promise<MutantSuspects | null>): void {
  if (prepared.has(exercise.id)) return;
  const solution = exercise.solution;
  const work = (async () => {
    const [ready] = await Promise.all([runner(), suspects(exercise.id)]);
    // An assessed build ships no reference: its checks compare with nothing here.
    if (solution !== undefined) await ready.grade({ exercise, source: solution, mode: 'submit' });
  })().catch(() => {
    // A preparation that failed leaves the Submit to do the work itself, and to report any error.
  });
  prepared.set(exercise.id, work);
}

/**
 * Resolves when `id`'s preparation is done (at once when none was started), or after
 * {@link SUBMIT_WAITS_MS}: a Submit waits for it, since it needs the same answers and would
 * otherwise compute them a second time beside it.
 */
export function preparedSubmit(id: string): Promise<void> {
  const work = prepared.get(id);
  if (!work) return Promise.resolve();
  return Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, SUBMIT_WAITS_MS))]);
}
