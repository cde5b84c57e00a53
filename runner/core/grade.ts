/**
 * The grading core: runs an exercise's tests (judge realm) against learner code (sandbox realm)
 * and returns an Exercism v3 result. Pure: no DOM, no `node:*`; the host comes in as a parameter.
 * The learner's side of the run is a LearnerSession (learner-session.ts); each test becomes its
 * result in test-outcome.ts.
 */
import type { ExpectStatic } from '@vitest/expect';
import { CheckFailure } from './check/failure.ts';
import { judgeDecoder } from './check/judge-codec.ts';
import { FreedomVariation } from './check/derived-variant.ts';
import { runChecks, type RunChecks } from './check/run-checks.ts';
import { RunClock } from './run-clock.ts';
import { callsEvidence, type Evidence } from './mistakes/evidence.ts';
import { nameMistakes, type SuspectMutant } from './mistakes/name-mistakes.ts';
import { stoppedBy } from './mistakes/run-error.ts';
import { makeEncoder } from './codec/index.ts';
import { collectTests, TestsFileError, type CollectedTest, type ModuleLoaders } from './collect.ts';
import { createExpect } from './expect.ts';
import { LearnerSession } from './learner-session.ts';
import { formatOutput } from './output.ts';
import { learnerFilename } from './prepare.ts';
import { prepareCode } from './prepare-modules.ts';
import type { ErrorCause, RunResult, TestResult } from './result.ts';
import { errorResult } from './run-text.ts';
import type { GradeRequest } from './runner-api.ts';
import type { SandboxHost } from './sandbox.ts';
import { exercismOrder, runOne, testResult } from './test-outcome.ts';
import { testModules } from './test-modules.ts';
import { TextBudget } from './text-cap.ts';

export interface GradeEnvironment {
  host: SandboxHost;
  /** Modules tests may import besides 'vitest' and '@course/learner' (e.g. the MCP SDK client). */
  modules?: ModuleLoaders;
  /**
   * The work clock, in milliseconds, on which the run's time limit (`runMs`) counts the spans of
   * the learner's calls (run-clock.ts): wall time by default. A grading process that runs one
   * submission at a time gives its CPU time, so a loaded machine does not move a verdict.
   */
  work?: () => number;
}

/**
 * How many times `runMs` of wall time the learner's calls may take in all (the spans in which one
 * is in flight, RunClock.learnerWallMs). The run's clock may count CPU time, which a call that
 * waits does not use. Only the learner's spans count: the judge's work between calls (opening a
 * sandbox again after a timeout, a check's plan, comparing) slows down with a loaded machine, and
 * counted here it ended a looping submission's run early in CI, with a verdict a quiet machine
 * does not give.
 */
export const WALL_CEILING = 3;

/**
 * How many times `runMs` of wall time a whole run may take, not counting the judge's crossings
 * into its own sandboxes (RunClock.judging): the bound for a test that waits between calls (a
 * tests file's timer or a promise of its own). Wide, as the judge's own work is in it.
 */
export const HANG_CEILING = 10;

/** The exercise's mutants as suspects of a failing run: each with its fingerprint, in its own sandbox when it runs. */
function suspects(exercise: GradeRequest['exercise'], checks: RunChecks): SuspectMutant[] {
  const fingerprints = exercise.fingerprints?.mutants;
  return (exercise.mutants ?? [])
    .filter((m) => m.learner)
    .map((m) => ({ name: m.name, sentence: m.learner, ...(m.hint !== undefined ? { hint: m.hint } : {}), ...(fingerprints?.[m.name] ? { failing: fingerprints[m.name] } : {}), implementation: checks.implementation(`mutant ${m.name}`, m.source) }));
}

/** Grades one submission. Never throws for anything learner code does. */
export async function grade(request: GradeRequest, env: GradeEnvironment): Promise<RunResult> {
  const now = () => performance.now();
  const clock = new RunClock(env.work ?? now);
  const { exercise, mode, signal } = request;
  const limits = exercise.limits;
  const deadline = clock.now() + limits.runMs;
  const hangDeadline = now() + limits.runMs * HANG_CEILING;
  /**
   * Whole milliseconds the run has left: on its clock, under the learner's wall ceiling, and under
   * the hang ceiling less the judge's crossings. Whole, so a run with less than 1 ms left has
   * ended and does not start a call with a limit of 1 ms.
   */
  const left = () => Math.floor(Math.min(deadline - clock.now(), limits.runMs * WALL_CEILING - clock.learnerWallMs, hangDeadline + clock.judgedWallMs - now()));
  const prepared = await prepareCode(request.source, exercise.language, request.filename ?? learnerFilename(exercise.language));
  if (!prepared.ok) return errorResult(prepared.message, 'syntax', prepared.place);

  const decode = judgeDecoder();
  const session = new LearnerSession({
    host: env.host,
    exercise,
    prepared,
    signal,
    // Whole milliseconds: hosts and messages deal in them ("did not finish within 734 ms").
    callLimit: () => Math.max(1, Math.min(limits.callMs, left())),
    clock,
    encode: makeEncoder(),
    decode,
  });

  // Generated checks: the learner's answers in batches, the reference's from a cache (its own
  // sandbox is opened only for cases it has not answered yet, e.g. on the first Submit).
  let currentTest = '';
  // A derived variant (`course check`): every answer, to hand-written and generated checks alike,
  // goes through one freedom of the task, which the tests file declares when it is collected.
  // (`checks` is read when a call is varied, after the tests file was collected.)
  const variation = request.vary === undefined ? undefined : new FreedomVariation(() => checks.declared(), request.vary);
  const checks = runChecks({ host: env.host, exercise, session, decode, signal, currentTestName: () => currentTest, judging: (call) => clock.judging(call), ...(request.minimize === false ? { minimize: false } : {}), ...(variation ? { variation } : {}), ...(request.independentCases ? { independentCases: true } : {}) });
  const functions = variation ? variation.functions(session.functions) : session.functions;

  // The load goes out first and the tests are collected while it is in flight: in the browser the
  // load is a round trip to another process, and collecting (compiling the tests file) takes
  // about as long (bench/README.md, section 2).
  const expect: ExpectStatic = createExpect('');
  await Promise.race([session.loadSent, session.firstOpen]);
  const collected = collectTests(exercise.tests, testModules(functions, checks.module), { expect }, env.modules).then(
    (tests) => ({ tests }),
    (error: unknown) => ({ error }),
  );
  // The learner's own load problems are reported first, as when nothing ran in parallel.
  const first = await session.firstOpen;
  if ('result' in first) return first.result;
  const outcome = await collected;
  if ('error' in outcome) {
    session.dispose();
    const error = outcome.error;
    const line = error instanceof TestsFileError && error.line ? ` (line ${error.line})` : '';
    return errorResult(`The exercise's tests are broken${line}: ${(error as Error).message} This is not your fault; please tell the course authors.`, 'tests-broken');
  }
  const tests: CollectedTest[] = outcome.tests;
  const selected = mode === 'run' ? tests.filter((t) => t.path[0] === 'examples') : tests;

  const results: TestResult[] = [];
  /** What each test after the run's time ran out gets. */
  const outOfTime = { message: `Not run: the whole run took longer than ${limits.runMs} ms.`, cause: 'run-timeout' as const };
  const evidence: Evidence[] = [];
  const budget = new TextBudget();
  let stopped: { message: string; cause: ErrorCause } | undefined;
  for (const test of selected) {
    const name = test.path.join(' > ');
    const hidden = test.path[0] !== 'examples';
    const base = { name, test_code: test.code, hidden, ...(test.taskId !== undefined ? { task_id: test.taskId } : {}) };
    // A run whose time ran out during the last test (its call stopped at what was left) starts no other.
    if (!stopped && left() <= 0) stopped = outOfTime;
    if (stopped) {
      results.push(exercismOrder({ ...base, status: 'error', message: stopped.message, cause: stopped.cause, duration: 0 }));
      continue;
    }
    session.beginTest();
    currentTest = name;
    expect.setState({ assertionCalls: 0, currentTestName: name });
    const t0 = now();
    const ran = await runOne(test, left, signal);
    await session.settled(left());
    const capture = session.current;
    const output = formatOutput(capture.console, capture.dropped);
    const common = { ...base, duration: Math.round(now() - t0), ...(output ? { output } : {}) };
    const calls = request.recordCalls ? { calls: capture.calls.map((c) => ({ fn: c.name, args: c.sent })) } : {};
    const result = exercismOrder({ ...testResult(ran, common, { capture, expect, decode, budget }), ...calls });
    results.push(result);
    if (request.diagnose && result.status !== 'pass') {
      const found = ran.kind === 'error' && ran.error instanceof CheckFailure ? (ran.error.facts.kind === 'differs' ? { test: name, kind: 'generated' as const, facts: ran.error.facts } : undefined) : callsEvidence(name, capture.calls, capture.history, session.historyComplete);
      if (found) evidence.push(found);
    }
    if (ran.kind === 'run-timeout') stopped = outOfTime;
    if (signal?.aborted) stopped = { message: 'Not run: the run was cancelled.', cause: 'cancelled' };
  }
  session.dispose();
  const status = results.every((r) => r.status === 'pass') ? 'pass' : 'fail';
  // A run a limit stopped is labelled by its cause: no known mistake is named for it (run-error.ts).
  const mistakes = request.diagnose && status === 'fail' && !signal?.aborted && !stoppedBy({ status, tests: results }) ? await nameMistakes({ evidence, failed: new Set(results.filter((r) => r.status !== 'pass').map((r) => r.name)), mutants: suspects(exercise, checks), freedoms: checks.freedoms(), decode }) : undefined;
  checks.dispose();
  if (signal?.aborted) return { ...errorResult('The run was cancelled.', 'cancelled'), tests: results };
  return { version: 3, status, ...(session.loadOutput ? { output: session.loadOutput } : {}), tests: results, ...(mistakes ? { mistakes } : {}), ...(variation ? { varied: variation.varied } : {}) };
}
