/**
 * The proof behind `course check`: each reference solution passes, each starter fails, each
 * mutant fails (and which test catches it), and every lesson snippet runs. Problems become
 * diagnostics in the content model's shape, so they print like the loader's own.
 */
import type { Diagnostic } from '../content/diagnostic.ts';
import type { Course, Exercise, Lesson, LessonSegment, Mutant } from '../content/types.ts';
import type { RunResult, RunStatus, TestResult } from '../core/result.ts';
import { mapLimit } from './concurrency.ts';
import type { GradeService } from '../node/grade-service.ts';

export interface MutantReport {
  name: string;
  mistake: string;
  /** Full name of the first test that fails against the mutant; null when none does. */
  caughtBy: string | null;
  status: RunStatus;
}

export interface ExerciseReport {
  id: string;
  /** The solution's run status: `pass` is required. */
  solution: RunStatus;
  /** The starter's run status: anything but `pass` is required. */
  starter: RunStatus;
  mutants: MutantReport[];
}

export interface CheckReport {
  diagnostics: Diagnostic[];
  exercises: ExerciseReport[];
}

type Job =
  | { kind: 'solution' | 'starter'; exercise: Exercise }
  | { kind: 'mutant'; exercise: Exercise; mutant: Mutant }
  | { kind: 'snippet'; lesson: Lesson; segment: Extract<LessonSegment, { kind: 'runnable' | 'predict' }> };

const MESSAGE_CAP = 300;

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_CAP ? `${line.slice(0, MESSAGE_CAP - 1)}…` : line;
}

function firstFailing(result: RunResult): TestResult | undefined {
  return result.tests.find((t) => t.status !== 'pass');
}

/** Why a run that had to pass did not: the run error, or each failing test and its message. */
function failures(result: RunResult): string {
  if (result.status === 'error' && result.tests.length === 0) return clip(result.message ?? 'the run ended in an error');
  return result.tests
    .filter((t) => t.status !== 'pass')
    .map((t) => `"${t.name}" (${clip(t.message ?? t.status)})`)
    .join('; ');
}

function at(file: string, rule: string, severity: Diagnostic['severity'], message: string, line = 1, column = 1): Diagnostic {
  return { file, line, column, rule, severity, message };
}

/**
 * Grades every solution, starter and mutant and runs every lesson snippet through `service`,
 * with as many in flight as it allows. Returns the new diagnostics (not the loader's) and a
 * report per exercise, in course order.
 */
export async function checkCourse(course: Course, service: GradeService): Promise<CheckReport> {
  const jobs: Job[] = [];
  for (const exercise of course.exercises) {
    jobs.push({ kind: 'solution', exercise }, { kind: 'starter', exercise });
    for (const mutant of exercise.mutants) jobs.push({ kind: 'mutant', exercise, mutant });
  }
  for (const lesson of course.lessons) {
    for (const segment of lesson.segments) {
      if (segment.kind === 'runnable' || segment.kind === 'predict') jobs.push({ kind: 'snippet', lesson, segment });
    }
  }

  const diagnostics: Diagnostic[] = [];
  const reports = new Map<string, ExerciseReport>(
    course.exercises.map((e) => [e.id, { id: e.id, solution: 'error', starter: 'error', mutants: [] }]),
  );
  const mutantReports = new Map<string, MutantReport>();

  await mapLimit(jobs, service.concurrency, async (job) => {
    if (job.kind === 'snippet') {
      diagnostics.push(...(await checkSnippet(job.lesson, job.segment, service)));
      return;
    }
    const { exercise } = job;
    const source = job.kind === 'mutant' ? job.mutant.source : exercise[job.kind];
    const result = await service.grade({ exercise, source, mode: 'submit' });
    const report = reports.get(exercise.id) as ExerciseReport;
    const file = (kind: string) => `${exercise.dir}/${kind}.${exercise.language}`;
    if (job.kind === 'solution') {
      report.solution = result.status;
      if (result.status !== 'pass') {
        const place = result.place ?? firstFailing(result)?.place;
        const message = `The reference solution does not pass the tests: ${failures(result)}. Fix the solution or the tests.`;
        diagnostics.push(at(file('solution'), 'solution/fails', 'error', message, place?.line, place?.column));
      }
    } else if (job.kind === 'starter') {
      report.starter = result.status;
      if (result.status === 'pass') {
        const message = 'The starter passes every test, so the exercise asks nothing. Remove part of the work from the starter, or add tests it fails.';
        diagnostics.push(at(file('starter'), 'starter/passes', 'error', message));
      }
    } else if (job.kind === 'mutant') {
      const caught = firstFailing(result);
      mutantReports.set(job.mutant.file, { name: job.mutant.name, mistake: job.mutant.mistake, caughtBy: caught?.name ?? null, status: result.status });
      if (result.status === 'pass') {
        const message = `No test catches this mutant (${job.mutant.mistake || 'no mistake named'}): it passes every test. Add a hidden test that fails for this mistake.`;
        diagnostics.push(at(job.mutant.file, 'mutant/survives', 'error', message));
      } else if (!caught) {
        const message = `The mutant does not even run (${clip(result.message ?? 'run error')}), so it proves nothing about the tests. Make it a plausible solution with one mistake.`;
        diagnostics.push(at(job.mutant.file, 'mutant/does-not-run', 'warning', message, result.place?.line, result.place?.column));
      }
    }
  });

  for (const exercise of course.exercises) {
    const report = reports.get(exercise.id) as ExerciseReport;
    report.mutants = exercise.mutants.map((m) => mutantReports.get(m.file) as MutantReport);
  }
  diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return { diagnostics, exercises: [...reports.values()] };
}

async function checkSnippet(lesson: Lesson, segment: Extract<LessonSegment, { kind: 'runnable' | 'predict' }>, service: GradeService): Promise<Diagnostic[]> {
  const result = await service.runSnippet({ code: segment.code, language: segment.language });
  const what = segment.kind === 'runnable' ? 'runnable example' : 'prediction snippet';
  if (result.error) {
    const where = result.error.place ? ` at line ${result.error.place.line} of the snippet` : '';
    const message = `The ${what} fails${where}: ${clip(result.error.message)}. Learners would see this error; fix the snippet.`;
    return [at(lesson.file, 'lesson/snippet-throws', 'error', message, segment.line)];
  }
  if (segment.kind === 'predict' && result.output.length === 0) {
    const message = 'The prediction snippet prints nothing, so there is no answer to predict. Make it log the value the prompt asks about.';
    return [at(lesson.file, 'lesson/predict-silent', 'error', message, segment.line)];
  }
  return [];
}
