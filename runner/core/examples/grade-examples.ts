/**
 * Grading an examples exercise (Examplar: the learner writes input/reply examples of a function
 * before writing it). Three steps, each a run of the grading core, each in fresh sandboxes:
 *
 * 1. the learner's code runs once, and its `examples` list comes back as data;
 * 2. the reference solution of the target exercise runs every example: one it disagrees with,
 *    or cannot answer, is invalid;
 * 3. each mutant of the target runs every valid example: the first one it disagrees with
 *    catches it.
 *
 * Learner code and the implementations never share a realm, and every verdict is the judge's
 * (`grade()` with fixed tests, fed through a module the judge provides): the same core, hosts and
 * limits as any submission, so Node and the browser agree here as they do there.
 */
import { describeValue } from '../codec/describe.ts';
import { differenceAt } from '../headline.ts';
import { grade, type GradeEnvironment } from '../grade.ts';
import type { LearnerCode } from '../../content/index.ts';
import { learnerFilename, prepareSource } from '../prepare.ts';
import type { CaughtMistake, ErrorCause, InvalidExample, RunResult, SourcePlace, TestResult } from '../result.ts';
import type { ExamplesGradeRequest, ExamplesJob, GradeRequest } from '../runner-api.ts';
import { comparison } from './compare.ts';
import { CHECK_TESTS, EXAMPLES_MODULE, EXAMPLES_NAME, parseExamples, READ_TESTS, READER, READER_TRAILER, type ExampleCase, type ReadExamples } from './read.ts';

/** Mutants run at once: their sandboxes overlap the judge's work without crowding two cores. */
const MUTANT_LANES = 3;

function errorResult(message: string, cause: ErrorCause, place?: SourcePlace, output?: string): RunResult {
  return { version: 3, status: 'error', message, cause, ...(place ? { place } : {}), ...(output ? { output } : {}), tests: [] };
}

/**
 * One implementation's verdict on each case: pass (agrees), fail (disagrees), error (threw, timed
 * out...), and what it answered to each, by example number (judge-realm copies).
 */
type Verdicts = { ok: true; tests: TestResult[]; answers: Map<number, unknown> } | { ok: false; result: RunResult };

/** Runs `cases` against `source`, an implementation of the target, with the judge's comparison. */
async function runCases(job: ExamplesJob, source: LearnerCode, cases: readonly ExampleCase[], env: GradeEnvironment, signal?: AbortSignal): Promise<Verdicts> {
  const { target } = job;
  const agrees = comparison(job.compare).agrees;
  const request: GradeRequest = {
    exercise: { id: target.id, language: target.language, functions: target.functions, limits: target.limits, tests: CHECK_TESTS, testsFile: `(examples of ${target.id})` },
    source,
    mode: 'submit',
    ...(signal ? { signal } : {}),
  };
  const answers = new Map<number, unknown>();
  const data = { cases, call: target.function, agrees, answered: (example: number, value: unknown) => answers.set(example, value) };
  const result = await grade(request, { ...env, modules: { ...env.modules, [EXAMPLES_MODULE]: async () => data } });
  return result.tests.length === cases.length ? { ok: true, tests: result.tests, answers } : { ok: false, result };
}

/** The learner's examples, as data, or the result that ends the run (a syntax error, a loop...). */
async function readExamples(request: ExamplesGradeRequest, env: GradeEnvironment): Promise<{ value: unknown; output?: string } | { result: RunResult }> {
  const { exercise, signal } = request;
  const filename = request.filename ?? learnerFilename(exercise.language);
  // Syntax errors are reported against the learner's text alone, at their own lines.
  if (typeof request.source !== 'string') throw new Error('gradeExamples: an examples exercise has one file; pass its text as `source`, not a list of files.');
  const prepared = await prepareSource(request.source, exercise.language, filename);
  if (!prepared.ok) return { result: errorResult(prepared.message, 'syntax', prepared.place) };
  let value: unknown;
  const read: GradeRequest = {
    exercise: { id: exercise.id, language: exercise.language, functions: [READER], limits: exercise.limits, tests: READ_TESTS, testsFile: '(your examples)' },
    source: request.source + READER_TRAILER,
    filename,
    mode: 'submit',
    ...(signal ? { signal } : {}),
  };
  const keep = (v: unknown) => {
    value = v;
  };
  const result = await grade(read, { ...env, modules: { ...env.modules, [EXAMPLES_MODULE]: async () => ({ keep }) } });
  // The reader is ours: what learners read names their `examples` instead.
  const words = (text: string | undefined) => text?.replaceAll(READER, EXAMPLES_NAME);
  if (result.status === 'error' && result.tests.length === 0) {
    return { result: { ...result, ...(result.message ? { message: words(result.message) } : {}) } };
  }
  const test = result.tests[0];
  if (!test || test.status !== 'pass') {
    return { result: errorResult(words(test?.message) ?? 'Your examples could not be read.', test?.cause ?? 'crashed', test?.place, result.output) };
  }
  return { value, ...(result.output ? { output: result.output } : {}) };
}

/** Runs `work` on every item with at most `lanes` at once; results in input order. */
async function eachLimited<T, R>(items: readonly T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return out;
}

/**
 * Where an invalid example goes wrong, without the correct reply: whether a reply is sent at all,
 * one reply or a batch, how many replies, or the member of the reply that differs.
 */
function whereItDiffers(job: ExamplesJob, expected: unknown, answered: unknown): string {
  const fn = `a correct ${job.target.function}`;
  const forms = comparison(job.compare).forms(expected, answered);
  const want = forms.expected;
  const got = forms.received;
  if (want === null && got !== null) return `${fn} does send a reply to it`;
  if (want !== null && got === null) return `${fn} sends nothing at all for it`;
  if (Array.isArray(got) !== Array.isArray(want)) return Array.isArray(got) ? `${fn} answers it with an array of replies, not one reply` : `${fn} answers it with one reply, not an array`;
  if (Array.isArray(got) && Array.isArray(want) && got.length !== want.length) return `${fn} answers it with ${got.length} ${got.length === 1 ? 'reply' : 'replies'}, not ${want.length}`;
  // Where the example's own reply goes wrong, named by the example's members only: a member the
  // correct reply has and the example lacks is pointed at through the object that holds it.
  const at = differenceAt(want, got);
  if (!at) return `${fn} answers it with something else`;
  if (at.kind === 'extra') return `${fn} has no \`${at.path}\` in its answer`;
  const parent = at.path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
  const path = at.kind !== 'missing' ? at.path : parent === at.path ? '' : parent;
  return path === '' ? `${fn} answers it with something else` : `${fn} answers something else in \`${path}\``;
}

/** What the reference solution's verdicts make of the examples: which are valid, why the others are not. */
function validity(job: ExamplesJob, items: readonly unknown[], parsed: Extract<ReadExamples, { ok: true }>, verdicts: readonly TestResult[], answers: ReadonlyMap<number, unknown>) {
  const fn = job.target.function;
  const invalid: InvalidExample[] = [...parsed.malformed];
  const valid: ExampleCase[] = [];
  const tests = new Map<number, TestResult>();
  // Exercism's test_code: the learner's example as written, the "code" of this check.
  const code = (example: number) => describeValue(items[example - 1], { insertionOrder: true, maxChars: 2_000 });
  const entry = (c: ExampleCase, duration: number, message?: string): TestResult => ({
    name: `example ${c.example}`,
    status: message === undefined ? 'pass' : 'fail',
    ...(message === undefined ? {} : { message }),
    test_code: code(c.example),
    hidden: false,
    // The learner's own example, never what the reference returned.
    ...(message === undefined
      ? {}
      : {
          check: {
            message,
            input: `${fn}(${describeValue(c.input, { singleLine: true, insertionOrder: true, maxChars: 500 })})`,
            expected: describeValue(c.reply, { insertionOrder: true, maxChars: 1_000 }),
          },
        }),
    duration,
  });
  parsed.cases.forEach((c, i) => {
    const verdict = verdicts[i] as TestResult;
    if (verdict.status === 'pass') {
      valid.push(c);
      tests.set(c.example, entry(c, verdict.duration));
      return;
    }
    const reason = verdict.status === 'fail' ? 'disagrees' : 'outside';
    const reply = describeValue(c.reply, { singleLine: true, insertionOrder: true, maxChars: 300 });
    const message =
      reason === 'disagrees'
        ? `Your example ${c.example} expects ${reply} for this ${job.input}, but that is not what a correct ${fn} answers: ${whereItDiffers(job, c.reply, answers.get(c.example))}. Read the task's rule for this kind of ${job.input} again.`
        : `A correct ${fn} ${verdict.cause === 'threw' ? 'throws an error' : 'gives no answer'} for the ${job.input} of your example ${c.example}, so the task does not cover it. Keep to the ${job.input}s the task describes.`;
    invalid.push({ example: c.example, reason, message });
    tests.set(c.example, entry(c, verdict.duration, message));
  });
  for (const bad of parsed.malformed) tests.set(bad.example, { name: `example ${bad.example}`, status: 'fail', message: bad.message, test_code: code(bad.example), hidden: false, duration: 0 });
  return {
    valid,
    invalid: invalid.sort((a, b) => a.example - b.example),
    tests: [...tests.keys()].sort((a, b) => a - b).map((n) => tests.get(n) as TestResult),
  };
}

/** Each mutant the valid examples tell apart from the reference, with the first example that does. */
function catches(job: ExamplesJob, valid: readonly ExampleCase[], runs: readonly Verdicts[]): CaughtMistake[] {
  return job.target.mutants.flatMap((mutant, i) => {
    const run = runs[i] as Verdicts;
    // A mutant that cannot even load differs from the reference on any input.
    const first = run.ok ? run.tests.findIndex((t) => t.status !== 'pass') : 0;
    return first === -1 ? [] : [{ mutant: mutant.name, catches: mutant.catches, by: (valid[first] as ExampleCase).example }];
  });
}

/** Grades the learner's examples. Never throws for anything learner code does. */
export async function gradeExamples(request: ExamplesGradeRequest, env: GradeEnvironment): Promise<RunResult> {
  const { exercise: job, signal } = request;
  const { target } = job;
  const cancelled = () => errorResult('The run was cancelled.', 'cancelled');

  const read = await readExamples(request, env);
  if ('result' in read) return read.result;
  const parsed = parseExamples(read.value, { input: job.input, fn: target.function });
  if (!parsed.ok) return errorResult(parsed.message, parsed.cause, undefined, read.output);
  if (signal?.aborted) return cancelled();

  const reference = await runCases(job, target.solution, parsed.cases, env, signal);
  if (signal?.aborted) return cancelled();
  if (!reference.ok) {
    const why = reference.result.message ?? 'it did not run';
    return errorResult(`The reference solution of this exercise could not run your examples (${why}). This is not your fault; please tell the course authors.`, 'tests-broken', undefined, read.output);
  }
  const { valid, invalid, tests } = validity(job, read.value as unknown[], parsed, reference.tests, reference.answers);

  // Only valid examples run against the mutants: an invalid one says nothing about a mistake.
  const runs = valid.length ? await eachLimited(target.mutants, MUTANT_LANES, (mutant) => runCases(job, mutant.source, valid, env, signal)) : [];
  if (signal?.aborted) return cancelled();
  const caught = valid.length ? catches(job, valid, runs) : [];

  const mutants = target.mutants.length;
  const threshold = Math.min(job.threshold ?? mutants, mutants);
  return {
    version: 3,
    status: invalid.length === 0 && caught.length >= threshold ? 'pass' : 'fail',
    ...(read.output ? { output: read.output } : {}),
    tests,
    examples: { total: parsed.total, valid: valid.length, invalid, mutants, caught, missed: mutants - caught.length, threshold },
  };
}
