/**
 * A grading child process: grades what the parent sends over IPC with the Node runner (a fresh
 * isolate per sandbox; for `course check`, a fresh context in isolates reused one sandbox after
 * another) and answers with the results. Exits when the parent disconnects.
 */
import type { GradeJob } from './grade-service.ts';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRunner, keepAnswersIn, type AnyGradeRequest, type RunResult } from '../core/index.ts';
import { answersStore } from './answers-store.ts';
import { ANSWERS_ENV, LANES_ENV, REUSE_ISOLATES_ENV, type WorkerReply, type WorkerRequest } from './grade-worker-protocol.ts';
import { processCpuMs } from './process-cpu.ts';
import { createIsolateHost } from './isolate-host.ts';
import { nodeJudgeModules } from './judge-modules.ts';
import { createNodeRunner } from './runner.ts';

/**
 * Sandboxes an isolate holds one after another in a grading process of `course check`: a fresh
 * isolate's start-up and cold guest cost about a third of a run (bench/README.md, section 5).
 */
const REUSE = 64;

// The prebuilt command's grading processes keep the reference's answers in its build folder for
// the next process (answers-store.ts); run from the sources there is no build to key them on.
const store = import.meta.url.endsWith('.cjs') && process.env[ANSWERS_ENV] !== 'off' ? answersStore(dirname(fileURLToPath(import.meta.url))) : undefined;
keepAnswersIn(store);

// tsx turns on source-mapped stack traces; the judge reads the stack of every failed assertion
// (to serialize it), and mapping those stacks costs more than the rest of a failing test.
process.setSourceMapsEnabled(false);

// Runs the parent keeps in flight here. With more than one, learner code must not block this
// thread, or one submission's loop would eat the others' time (IsolateHostOptions.synchronous).
// With one, this process's CPU time is that run's own, and its time limit is counted on it: a
// verdict then does not depend on how busy the machine is (GradeEnvironment.work).
const alone = Number(process.env[LANES_ENV] ?? 1) === 1;
const work = alone ? { work: processCpuMs } : {};
const fresh = createNodeRunner({ synchronous: alone }, work);
// `course check`'s runs, one at a time, reuse isolates (REUSE_ISOLATES_ENV says why no other runs
// do); a run in which a reused isolate failed is graded again in fresh ones, so a fault's verdict
// never depends on what ran before it in this process.
const reusingHost = alone && process.env[REUSE_ISOLATES_ENV] === '1' ? createIsolateHost({ synchronous: true, reuse: REUSE }) : undefined;
const reusing = reusingHost && { host: reusingHost, runner: createRunner({ host: reusingHost, modules: nodeJudgeModules, ...work }) };

async function gradeRun(request: AnyGradeRequest): Promise<RunResult> {
  if (!reusing) return fresh.grade(request);
  const before = reusing.host.faultsInReusedIsolates();
  const result = await reusing.runner.grade(request);
  return reusing.host.faultsInReusedIsolates() === before ? result : fresh.grade(request);
}
const exercises = new Map<string, GradeJob['exercise']>();

function reply(message: WorkerReply): void {
  // The parent may be gone (it crashed, or was killed): the callback takes the send error, which
  // would otherwise crash this process with an unhandled 'error' event; 'disconnect' ends it.
  if (process.connected) process.send?.(message, undefined, undefined, () => {});
}

async function handle(message: WorkerRequest): Promise<void> {
  if (message.type === 'exercise') {
    exercises.set(message.exercise.id, message.exercise);
    return;
  }
  try {
    if (message.type === 'grade') {
      const exercise = exercises.get(message.exerciseId);
      if (!exercise) throw new Error(`grade-worker: exercise "${message.exerciseId}" was not sent before grading.`);
      const request = { exercise, source: message.source, mode: message.mode, ...(message.filename === undefined ? {} : { filename: message.filename }), ...(message.recordCalls ? { recordCalls: true } : {}), ...(message.diagnose ? { diagnose: true } : {}), ...(message.minimize === false ? { minimize: false } : {}), ...(message.vary === undefined ? {} : { vary: message.vary }), ...(message.independentCases ? { independentCases: true } : {}) };
      reply({ type: 'graded', id: message.id, result: await gradeRun(request) });
      // Once the result is on its way: the answers a grade added go to disk between grades.
      store?.flush();
    } else {
      reply({ type: 'snippet-ran', id: message.id, result: await fresh.runSnippet(message.request) });
    }
  } catch (error) {
    reply({ type: 'failed', id: message.id, message: (error as Error)?.stack ?? String(error) });
  }
}

if (!process.send) throw new Error('grade-worker.ts runs as a child process of the course CLI (process-grader.ts), not on its own.');
process.on('message', (message: WorkerRequest) => void handle(message));
process.on('disconnect', () => process.exit(0));
