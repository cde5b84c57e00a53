/**
 * The proof behind `course check`: each reference solution passes, each starter fails, each
 * mutant fails (and which test catches it), every lesson snippet runs and every diagram parses.
 * Problems become diagnostics in the content model's shape, so they print like the loader's own.
 *
 * The work is done per unit, an exercise or a lesson. A unit whose files the loader already found
 * broken is not run where running could only repeat that problem (a tests file that does not
 * parse fails every run: its syntax error is the one diagnostic). A unit found in the cache
 * (check-cache.ts) is not run at all.
 */
import { FINGERPRINTS_FILE, taskExamples, type CodeExercise, type Course, type CourseFiles, type Diagnostic, type Exercise, type Fingerprints, type Lesson, type LessonSegment, type Mutant, type Variant } from '../../content/index.ts';
import { callArguments, comparison, makeDecoder, type RunResult, type TestResult } from '../../core/index.ts';
import type { GradeService } from '../../node/grade-service.ts';
import { ExamplesCheck, type ExamplesRun } from './check-examples.ts';
import { mapLimit } from '../shared/concurrency.ts';
import { inspectTests, type InspectedFreedom } from '../shared/inspect-tests.ts';
import { derivedDiagnostics, freedomDiagnostics } from './check-freedoms.ts';
import { clip } from '../shared/one-line.ts';
import type { CheckCache, CheckedUnit, CheckReport, ExerciseReport, MutantReport } from './types.ts';

export interface CheckCourseOptions {
  /** The loader's diagnostics: files with errors in them are not run. */
  loaded: readonly Diagnostic[];
  /** The course files, for the cache keys. */
  files: CourseFiles;
  cache?: CheckCache;
  /** Parses a lesson's diagrams (runner/node/diagrams.ts); omitted, diagrams are not checked. */
  checkDiagrams?: (lessons: readonly Lesson[]) => Promise<Diagnostic[]>;
  /**
   * Where an examples exercise finds the code exercise its `of` names, when that is not in
   * `course` (`course check --exercise`): looked up, not checked. Defaults to the course's.
   */
  others?: readonly Exercise[];
}

type Snippet = Extract<LessonSegment, { kind: 'runnable' | 'predict' }>;

type Job =
  | { kind: 'solution' | 'starter'; exercise: CodeExercise }
  | { kind: 'mutant'; exercise: CodeExercise; mutant: Mutant }
  | { kind: 'variant'; exercise: CodeExercise; variant: Variant }
  /** The reference with every answer varied through one declared freedom (check-freedoms.ts). */
  | { kind: 'derived'; exercise: CodeExercise; freedom: InspectedFreedom }
  | { kind: 'snippet'; lesson: Lesson; segment: Snippet }
  | ExamplesRun;


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

/** The line of the `it` that declares a test, found by its own name in the tests file (1 when not found). */
function itLine(tests: string, fullName: string): number {
  const own = fullName.split(' > ').at(-1) ?? fullName;
  const at = [`'${own}'`, `"${own}"`, `\`${own}\``].map((quoted) => tests.indexOf(quoted)).find((i) => i >= 0);
  return at === undefined ? 1 : tests.slice(0, at).split('\n').length;
}

const decodeCall = makeDecoder();
/** A task example and a recorded call match when their arguments are strictly equal, key order aside. */
const sameArguments = comparison('exact');

/** Fingerprints with mutants in name order, to compare two of them. */
const fingerprintsOrder = (f: Fingerprints) => ({ tests: f.tests, mutants: Object.fromEntries(Object.keys(f.mutants).sort().map((k) => [k, f.mutants[k]])) });

const byPlace = (a: Diagnostic, b: Diagnostic) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column);

/** One exercise's check: what to run, and how its results become diagnostics and a report. */
class ExerciseCheck {
  readonly diagnostics: Diagnostic[] = [];
  readonly report: ExerciseReport;
  private readonly mutants = new Map<string, MutantReport>();
  /** Mutant name -> tests it fails; and every test, from the solution's run. */
  private readonly failing = new Map<string, string[]>();
  private tests: string[] | undefined;
  private readonly variantRuns: { variant: Variant; result: RunResult }[] = [];
  private readonly derivedRuns: { freedom: InspectedFreedom; result: RunResult }[] = [];

  constructor(readonly exercise: CodeExercise) {
    this.report = { id: exercise.id, solution: 'not-run', starter: 'not-run', mutants: [] };
  }

  private file(kind: 'solution' | 'starter'): string {
    return `${this.exercise.dir}/${kind}.${this.exercise.language}`;
  }

  /** The runs worth doing: none when the tests cannot be collected, none of a file with errors. */
  async plan(broken: ReadonlySet<string>): Promise<Job[]> {
    const { exercise } = this;
    if (broken.has(exercise.testsFile)) return [];
    const inspected = await inspectTests(exercise);
    if (!inspected.ok) {
      // Every run would fail the same way; say it once, to the author, at its line.
      const message = `The tests file cannot be collected: ${clip(inspected.message)}. Fix the tests file; nothing of this exercise was run.`;
      this.diagnostics.push(at(exercise.testsFile, 'tests/collect', 'error', message, inspected.line));
      return [];
    }
    const jobs: Job[] = [];
    for (const kind of ['solution', 'starter'] as const) if (!broken.has(this.file(kind))) jobs.push({ kind, exercise });
    for (const mutant of exercise.mutants) {
      if (broken.has(mutant.file)) this.mutants.set(mutant.file, { name: mutant.name, mistake: mutant.mistake, caughtBy: null, status: 'not-run' });
      else jobs.push({ kind: 'mutant', exercise, mutant });
    }
    for (const variant of exercise.variants) if (!broken.has(variant.file)) jobs.push({ kind: 'variant', exercise, variant });
    this.diagnostics.push(...freedomDiagnostics(exercise, inspected.freedoms));
    if (!broken.has(this.file('solution'))) for (const freedom of inspected.freedoms) if (freedom.varies) jobs.push({ kind: 'derived', exercise, freedom });
    if (exercise.variants.length === 0) {
      const message = `The exercise has no correct alternatives; add variants/<style>.${exercise.language} files, each a correct solution in another style than the reference (a Map, a class, switch, async...), which must pass: they keep the checks from being stricter than the task.`;
      this.diagnostics.push(at(`${exercise.dir}/task.md`, 'exercise/no-variants', 'warning', message));
    }
    return jobs;
  }

  record(job: Exclude<Job, { kind: 'snippet' | 'examples' }>, result: RunResult): void {
    if (job.kind === 'solution') {
      this.report.solution = result.status;
      this.tests = result.tests.map((t) => t.name);
      this.checkTaskExamples(result);
      // A broken check is the tests file's mistake: said at the check's own `it`, in its words.
      // Unless the solution fails other checks too (a solution not written yet throws in every
      // check): then the solution is what to fix first.
      const failing = result.tests.filter((t) => t.status !== 'pass');
      const broken = failing.length > 0 && failing.every((t) => t.cause === 'tests-broken') ? failing[0] : undefined;
      if (broken) {
        const message = `The check "${broken.name}" is broken: ${broken.message ?? 'it could not run.'}`;
        this.diagnostics.push(at(this.exercise.testsFile, 'tests/broken-check', 'error', message, itLine(this.exercise.tests, broken.name)));
      } else if (result.status !== 'pass') {
        const place = result.place ?? firstFailing(result)?.place;
        const message = `The reference solution does not pass the tests: ${failures(result)}. Fix the solution or the tests.`;
        this.diagnostics.push(at(this.file('solution'), 'solution/fails', 'error', message, place?.line, place?.column));
      }
    } else if (job.kind === 'starter') {
      this.report.starter = result.status;
      if (result.status === 'pass') {
        const message = 'The starter passes every test, so the exercise asks nothing. Remove part of the work from the starter, or add tests it fails.';
        this.diagnostics.push(at(this.file('starter'), 'starter/passes', 'error', message));
      } else {
        // The checks the untouched starter passes score a learner who did nothing: said once, so
        // the author can see whether each one is meant (a starter that returns null rightly
        // passes "a notification gets null") or checks nothing (a `not.toBeNull()` that
        // `undefined` passes).
        const passed = result.tests.filter((t) => t.status === 'pass');
        if (passed.length > 0) {
          const first = passed[0] as (typeof passed)[number];
          const names = passed.map((t) => `"${t.name}" (line ${itLine(this.exercise.tests, t.name)})`).join('; ');
          const message = `The untouched starter passes ${passed.length} of ${result.tests.length} checks, so a learner who changed nothing scores ${Math.round((passed.length / result.tests.length) * 1000) / 10}%: ${names}. Keep those the starter rightly passes; make any other fail on it (assert what the answer is, not only what it is not).`;
          this.diagnostics.push(at(this.exercise.testsFile, 'starter/passes-checks', 'info', message, itLine(this.exercise.tests, first.name)));
        }
      }
    } else if (job.kind === 'derived') {
      this.report.freedoms = [...(this.report.freedoms ?? []), { name: job.freedom.name, status: result.status, varied: result.varied ?? 0 }];
      this.derivedRuns.push({ freedom: job.freedom, result });
    } else if (job.kind === 'variant') {
      this.report.variants = [...(this.report.variants ?? []), { name: job.variant.name, status: result.status }];
      this.variantRuns.push({ variant: job.variant, result });
    } else if (job.kind === 'mutant') {
      const caught = firstFailing(result);
      this.mutants.set(job.mutant.file, { name: job.mutant.name, mistake: job.mutant.mistake, caughtBy: caught?.name ?? null, status: result.status });
      if (caught) this.failing.set(job.mutant.name, result.tests.filter((t) => t.status !== 'pass').map((t) => t.name));
      if (result.status === 'pass') {
        const message = `No test catches this mutant (${job.mutant.mistake || 'no mistake named'}): it passes every test. Add a hidden test that fails for this mistake.`;
        this.diagnostics.push(at(job.mutant.file, 'mutant/survives', 'error', message));
      } else if (!caught) {
        const message = `The mutant does not even run (${clip(result.message ?? 'run error')}), so it proves nothing about the tests. Make it a plausible solution with one mistake.`;
        this.diagnostics.push(at(job.mutant.file, 'mutant/does-not-run', 'warning', message, result.place?.line, result.place?.column));
      }
    }
  }

  done(): CheckedUnit {
    // A variant is judged against the reference: with no passing reference there is no oracle.
    if (this.report.solution === 'pass') {
      for (const { variant, result } of this.variantRuns) {
        if (result.status === 'pass') continue;
        const place = result.place ?? firstFailing(result)?.place;
        const message = `This correct alternative does not pass: ${failures(result)}. A check is stricter than the task (or the task leaves something unsaid, or the variant is wrong): fix the check, the task text or the variant.`;
        this.diagnostics.push(at(variant.file, 'variant/fails', 'error', message, place?.line, place?.column));
      }
      for (const { freedom, result } of this.derivedRuns) this.diagnostics.push(...derivedDiagnostics(this.exercise, freedom, result, (name) => itLine(this.exercise.tests, name)));
    }
    this.report.mutants = this.exercise.mutants.map((m) => this.mutants.get(m.file) ?? { name: m.name, mistake: m.mistake, caughtBy: null, status: 'not-run' });
    this.checkFingerprints();
    return { diagnostics: this.diagnostics.sort(byPlace), report: this.report };
  }

  /**
   * Every concrete call the task text shows (`route({ jsonrpc: '2.0', id: 0, ... })`) must be made
   * by a visible example test: Run must test what learners read, not leave it to a hidden check.
   */
  private checkTaskExamples(result: RunResult): void {
    const { exercise } = this;
    const visibleCalls = result.tests
      .filter((t) => t.name.startsWith('examples > '))
      .flatMap((t) => t.calls ?? [])
      .map((c) => ({ fn: c.fn, args: callArguments(c.args, decodeCall) }));
    for (const example of taskExamples(exercise.task, exercise.functions, exercise.taskLine)) {
      if (visibleCalls.some((c) => c.fn === example.fn && sameArguments.agrees(example.args, c.args))) continue;
      const message = `The task shows ${clip(example.text)}, but no visible example test makes that call: add it to describe('examples', ...), so Run checks what the task text shows instead of leaving it to a hidden check.`;
      this.diagnostics.push(at(`${exercise.dir}/task.md`, 'task/example-not-tested', 'error', message, example.line, example.column));
    }
  }

  /**
   * Each mutant's fingerprint (the tests it fails) names a learner's mistake when their code
   * fails the same way: two mutants that fail the same tests cannot be told apart, and the
   * stored fingerprints.json must be what the tests say now.
   */
  private checkFingerprints(): void {
    const { exercise } = this;
    if (this.report.solution !== 'pass' || !this.tests || exercise.mutants.some((m) => !this.failing.has(m.name))) return;
    const mutants: Record<string, string[]> = {};
    for (const m of exercise.mutants) mutants[m.name] = this.failing.get(m.name) ?? [];
    this.report.fingerprints = { tests: this.tests, mutants };

    const seen = new Map<string, string>();
    for (const m of exercise.mutants) {
      const key = JSON.stringify([...(mutants[m.name] ?? [])].sort());
      const twin = seen.get(key);
      if (twin === undefined) {
        seen.set(key, m.name);
        continue;
      }
      const message = `This mutant fails exactly the checks that mutants/${twin} fails, so a learner whose code fails them could be told the wrong mistake. Add a hidden test that fails for one of the two mistakes only.`;
      this.diagnostics.push(at(m.file, 'mutant/same-fingerprint', 'error', message));
    }

    const stored = exercise.fingerprints;
    const file = `${exercise.dir}/${FINGERPRINTS_FILE}`;
    if (!stored) {
      // A new exercise: it works, but names no mistake until the file is written.
      const message = `The exercise has no ${FINGERPRINTS_FILE} yet, so the page and \`course grade\` cannot name learners' mistakes. Run \`course check --write-fingerprints\` and commit the file.`;
      this.diagnostics.push(at(file, 'fingerprints/missing', 'warning', message));
    } else if (JSON.stringify(fingerprintsOrder(stored)) !== JSON.stringify(fingerprintsOrder(this.report.fingerprints))) {
      const message = `${FINGERPRINTS_FILE} differs from the tests each mutant fails now, so learners would be told the wrong mistakes. Run \`course check --write-fingerprints\` and commit the file.`;
      this.diagnostics.push(at(file, 'fingerprints/stale', 'error', message));
    }
  }
}

/**
 * Checks every exercise and lesson of `course`, or takes its outcome from the cache. The runs go
 * through the service `openService` gives for their number (as many in flight as it allows),
 * opened only when something is left to run and closed at the end. Returns the new diagnostics
 * (not the loader's) and a report per exercise, in course order.
 */
export async function checkCourse(course: Course, openService: (runs: number) => GradeService, options: CheckCourseOptions): Promise<CheckReport> {
  const broken = new Set(options.loaded.filter((d) => d.severity === 'error').map((d) => d.file));
  const { cache } = options;
  const outcomes: CheckedUnit[] = [];
  const exerciseReports = new Map<string, ExerciseReport>();
  const store: Array<() => void> = [];
  let fromCache = 0;

  const jobs: Job[] = [];
  const checks = new Map<string, ExerciseCheck>();
  const others = options.others ?? course.exercises;
  for (const exercise of course.exercises) {
    // An examples exercise runs the solution and mutants of its `of`: its outcome depends on both folders.
    const of = exercise.kind === 'examples' ? others.find((e): e is CodeExercise => e.id === exercise.of && e.kind === 'code') : undefined;
    // The loader reports an `of` that names no code exercise; there is nothing to run then.
    if (exercise.kind === 'examples' && !of) continue;
    const key = cache === undefined ? undefined : [exercise, ...(of ? [of] : [])].map((e) => cache.keyOf(e.dir, options.files)).join('');
    const cached = key === undefined ? undefined : cache?.get(key);
    if (cached?.report) {
      fromCache += 1;
      outcomes.push(cached);
      exerciseReports.set(exercise.id, { ...cached.report, cached: true });
      continue;
    }
    const check = exercise.kind === 'examples' && of ? new ExamplesCheck(exercise, of) : exercise.kind === 'code' ? new ExerciseCheck(exercise) : undefined;
    if (!check) continue;
    if (check instanceof ExerciseCheck) {
      checks.set(exercise.id, check);
      jobs.push(...(await check.plan(broken)));
    } else {
      jobs.push(...check.plan(broken));
    }
    store.push(() => {
      const unit = check.done();
      outcomes.push(unit);
      exerciseReports.set(exercise.id, check.report);
      if (key !== undefined) cache?.set(key, unit);
    });
  }

  const lessonProblems = new Map<string, Diagnostic[]>();
  const lessonsToCheck: Lesson[] = [];
  for (const lesson of course.lessons) {
    const key = cache?.keyOf(lesson.file, options.files);
    const cached = key === undefined ? undefined : cache?.get(key);
    if (cached) {
      fromCache += 1;
      outcomes.push(cached);
      continue;
    }
    lessonsToCheck.push(lesson);
    const problems: Diagnostic[] = [];
    lessonProblems.set(lesson.file, problems);
    if (!broken.has(lesson.file)) {
      for (const segment of lesson.segments) if (segment.kind === 'runnable' || segment.kind === 'predict') jobs.push({ kind: 'snippet', lesson, segment });
    }
    store.push(() => {
      const unit = { diagnostics: problems.sort(byPlace) };
      outcomes.push(unit);
      if (key !== undefined) cache?.set(key, unit);
    });
  }

  // Diagrams parse in this process while the runs go on in the grading processes.
  const diagrams = options.checkDiagrams ? options.checkDiagrams(lessonsToCheck) : Promise.resolve([]);
  // Nothing to run (all from the cache): no grading processes to start.
  const service = jobs.length ? openService(jobs.length) : undefined;
  try {
    if (service) await runJobs(jobs, service, checks, lessonProblems);
  } finally {
    await service?.close();
  }
  for (const problem of await diagrams) lessonProblems.get(problem.file)?.push(problem);
  for (const save of store) save();

  return {
    diagnostics: outcomes.flatMap((o) => o.diagnostics).sort(byPlace),
    exercises: course.exercises.map((e) => exerciseReports.get(e.id)).filter((r): r is ExerciseReport => r !== undefined),
    fromCache,
  };
}

async function runJobs(jobs: readonly Job[], service: GradeService, checks: ReadonlyMap<string, ExerciseCheck>, lessonProblems: ReadonlyMap<string, Diagnostic[]>): Promise<void> {
  await mapLimit(jobs, service.concurrency, async (job) => {
    if (job.kind === 'snippet') {
      lessonProblems.get(job.lesson.file)?.push(...(await checkSnippet(job.lesson, job.segment, service)));
      return;
    }
    if (job.kind === 'examples') {
      await job.check.run(job.file, service);
      return;
    }
    const file = job.kind === 'mutant' ? job.mutant.file : job.kind === 'variant' ? job.variant.file : `${job.exercise.dir}/${job.kind === 'derived' ? 'solution' : job.kind}.${job.exercise.language}`;
    const source = job.kind === 'mutant' ? job.mutant.source : job.kind === 'variant' ? job.variant.source : job.kind === 'derived' ? job.exercise.solution : job.exercise[job.kind];
    // The solution's run also shows which calls the visible examples make (see checkTaskExamples),
    // and proves each generated case independent of the cases before it (a broken check if not).
    // A mutant's or the starter's verdict is all the check needs: their failing inputs are not shrunk.
    const minimize = job.kind === 'mutant' || job.kind === 'starter' ? { minimize: false } : {};
    const vary = job.kind === 'derived' ? { vary: job.freedom.name } : {};
    const result = await service.grade({ exercise: job.exercise, source, mode: 'submit', filename: file.slice(file.lastIndexOf('/') + 1), ...(job.kind === 'solution' ? { recordCalls: true, independentCases: true } : {}), ...minimize, ...vary });
    checks.get(job.exercise.id)?.record(job, result);
  });
}

async function checkSnippet(lesson: Lesson, segment: Snippet, service: GradeService): Promise<Diagnostic[]> {
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
