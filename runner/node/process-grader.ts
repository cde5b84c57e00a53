/**
 * A {@link GradeService} over child processes, one per core: the judge's own work (collecting
 * tests, matchers, the codec) runs on each process's main thread, so one process cannot use
 * more than about one core however many isolates it keeps busy (see bench/README.md).
 * Each child still gives every submission its own fresh isolate.
 *
 * Children are also what keeps one learner from taking down a class's grading. V8 does not
 * recover reliably from running out of memory, and isolated-vm says so: an isolate that hit its
 * memory limit can crash the process that hosted it, at once or later (when the process exits
 * while the isolate is still being torn down: `course grade` of a memory bomb beside two other
 * files ended in SIGSEGV after writing its results, 4 runs of 5). So no isolate runs in the
 * command's own process, and here:
 * - a child whose run ran out of memory is retired once it has answered (a fresh one takes its
 *   place), so no later submission runs in a process that may be damaged;
 * - a child that dies with submissions in flight is replaced, and each of those submissions is
 *   graded again, alone, in a fresh child; if that one dies too, the submission's result is an
 *   `error` with the cause the child died of (`memory` when V8 said so on stderr, else
 *   `crashed`), and grading goes on.
 *
 * A child runs at most its lanes' worth of submissions at once; more `grade()` calls than the
 * pool's `concurrency` wait their turn here. (Sent all at once, they ran side by side on a child
 * with one lane, which calls learner code on its own thread: a loop in one held that thread for
 * its call limit, and a correct async submission beside it timed out: 6 of about 1,400 grades of
 * the course's mutants and variants sent at once.)
 */
import type { ChildProcess } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResult, SnippetResult } from '../core/index.ts';
import type { GradeJob, GradeService } from './grade-service.ts';
import { bundledWorker, forkGradeWorker, type WorkerStart } from './fork-grade-worker.cjs';
import type { WorkerReply, WorkerRequest } from './grade-worker-protocol.ts';

export type { WorkerStart } from './fork-grade-worker.cjs';

export interface ProcessGraderOptions {
  /** Child processes to start. */
  processes: number;
  /** Runs each child keeps in flight (its isolates overlap the judge's work). */
  perProcess: number;
  /** The child to start; by default grade-worker (for tests: a worker that dies on purpose). */
  worker?: WorkerStart;
  /**
   * A child already started the same way with one lane (the bin starts one for `course grade`
   * before its bundle loads): it becomes the first of the pool instead of a new one.
   */
  adopt?: ChildProcess;
}

type Pending = { resolve: (reply: WorkerReply) => void };

interface Child {
  process: ChildProcess;
  inFlight: number;
  exercises: Set<string>;
  pending: Map<number, Pending>;
  alive: boolean;
  /** Takes no more work; disconnected once its last run has answered. */
  retiring: boolean;
  /** The end of what it wrote on stderr, to tell what it died of. */
  stderrTail: string;
}

const SNAPSHOT_FLAG = '--no-node-snapshot';
/** How much of a child's stderr is kept to read its cause of death. */
const STDERR_TAIL = 4096;
/** What V8 writes before it aborts a process that ran out of memory (and isolated-vm's own words). */
const OUT_OF_MEMORY = /out of memory|heap limit|allocation failed|memory limit/i;

/**
 * How to start a grading child. In the prebuilt `course` command (runner/cli/build.cjs) this code
 * is a bundle, with the worker's bundle and the loader beside it; run from the TypeScript sources
 * (tests, benchmarks), the child runs grade-worker.ts through tsx.
 */
function workerStart(): WorkerStart {
  const here = import.meta.url;
  if (here.endsWith('.cjs')) return bundledWorker(dirname(fileURLToPath(here)));
  return { module: fileURLToPath(new URL('./grade-worker.ts', here)), args: [], execArgv: [SNAPSHOT_FLAG, '--import', import.meta.resolve('tsx/esm')] };
}

/** Whether a result says its sandbox ran out of memory (the run, or any test). */
function ranOutOfMemory(result: RunResult): boolean {
  return result.cause === 'memory' || result.tests.some((t) => t.cause === 'memory');
}

/** The result of a submission whose grading killed its process twice; `why` is how it died. */
function diedOf(why: string, stderrTail: string): RunResult {
  if (OUT_OF_MEMORY.test(stderrTail)) {
    return { version: 3, status: 'error', cause: 'memory', message: 'Your code used more memory than allowed and was stopped. Look for a loop that keeps adding to an array or string.', tests: [] };
  }
  return {
    version: 3,
    status: 'error',
    cause: 'crashed',
    message: `Grading this submission stopped the process that ran it, twice (${why}), so it has no verdict. Look for code that uses memory or time without end, then hand it in again.`,
    tests: [],
  };
}

/** A reply that is not a result, from a child that did not die (the worker itself failed). */
function unexpected(reply: WorkerReply): RunResult {
  const why = reply.type === 'failed' ? (reply.message.split('\n')[0] ?? '') : 'unexpected reply';
  return { version: 3, status: 'error', cause: 'crashed', message: `The grader stopped unexpectedly (${why}). Grade this submission again.`, tests: [] };
}

/** A {@link GradeService} whose pool can grow once the caller knows how much work is coming. */
export interface ProcessGrader extends GradeService {
  /** Starts children until there are `processes` (never fewer than now). */
  grow(processes: number): void;
}

export function createProcessGrader(options: ProcessGraderOptions): ProcessGrader {
  const { processes, perProcess } = options;
  if (!Number.isInteger(processes) || processes < 1 || !Number.isInteger(perProcess) || perProcess < 1) {
    throw new Error(`createProcessGrader: processes and perProcess must be positive integers, got ${processes} and ${perProcess}.`);
  }
  const worker = options.worker ?? workerStart();
  let nextId = 0;
  let closed = false;
  /** Every child started and not yet exited, pooled or not, for close(). */
  const live = new Set<Child>();

  let adopt = options.adopt?.connected && perProcess === 1 ? options.adopt : undefined;
  const spawnChild = (lanes: number): Child => {
    const started = adopt ?? forkGradeWorker(worker, lanes);
    adopt = undefined;
    const child: Child = {
      process: started,
      inFlight: 0,
      exercises: new Set(),
      pending: new Map(),
      alive: true,
      retiring: false,
      stderrTail: '',
    };
    live.add(child);
    // Passed on as it comes (a child has nothing to say unless something went wrong), and the
    // end kept: V8's last words tell a death by memory from another.
    child.process.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      child.stderrTail = (child.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.process.on('message', (reply: WorkerReply) => {
      const pending = child.pending.get(reply.id);
      child.pending.delete(reply.id);
      child.inFlight -= 1;
      pending?.resolve(reply);
      wake();
      if (child.retiring && child.inFlight === 0 && child.process.connected) child.process.disconnect();
    });
    child.process.on('exit', (code, signal) => {
      child.alive = false;
      live.delete(child);
      const why = signal ? `signal ${signal}` : `exit code ${code}`;
      const tell = () => {
        for (const [id, pending] of child.pending) pending.resolve({ type: 'failed', id, message: why, died: true });
        child.pending.clear();
        child.inFlight = 0;
        // Its lanes are a new child's now (lane() replaces it): as many waiters go on.
        for (let i = 0; i < perProcess; i++) wake();
      };
      // Its stderr may still hold its last words: read them before anyone is told. (Not the
      // process's 'close' event: after a disconnect, Node never emits it.)
      const stderr = child.process.stderr;
      if (stderr && !stderr.readableEnded && !stderr.destroyed) stderr.once('close', tell);
      else tell();
    });
    return child;
  };
  const children: Child[] = Array.from({ length: processes }, () => spawnChild(perProcess));

  /** Callers waiting for a lane, woken one per lane that frees up. */
  const waiting: (() => void)[] = [];
  const wake = () => waiting.shift()?.();

  /**
   * The live child with the fewest runs in flight, once one has a free lane (a dead or retiring
   * one is replaced). More runs than lanes wait here, in order: a child given more than its
   * lanes would run them on one thread (it calls learner code synchronously when it has one
   * lane), and one run's loop would stop another's promise from settling in time.
   */
  const lane = async (): Promise<Child> => {
    for (;;) {
      if (closed) throw new Error('process grader: close() was called while a run waited for a lane; close it once every grade() has answered.');
      children.forEach((c, i) => {
        if (!c.alive || c.retiring) children[i] = spawnChild(perProcess);
      });
      const free = children.filter((c) => c.inFlight < perProcess);
      if (free.length) {
        // Taken now, before the caller goes on: the callers woken with it must not see it free.
        const best = free.reduce((a, c) => (c.inFlight < a.inFlight ? c : a));
        best.inFlight += 1;
        return best;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };

  /** Stops giving `child` work; it leaves once its runs in flight have answered. */
  const retire = (child: Child) => {
    child.retiring = true;
    if (child.inFlight === 0 && child.process.connected) child.process.disconnect();
  };

  /** Sends `message` on a lane of `child` that lane() took (else one is taken here: the retry's own child). */
  const request = (child: Child, message: WorkerRequest & { id: number }, taken: boolean): Promise<WorkerReply> =>
    new Promise((resolve) => {
      child.pending.set(message.id, { resolve });
      if (!taken) child.inFlight += 1;
      child.process.send(message);
    });

  const gradeIn = async (child: Child, job: GradeJob, taken: boolean): Promise<WorkerReply> => {
    if (!child.exercises.has(job.exercise.id)) {
      // Plain data only: the exercise as loaded, without functions or signals.
      child.process.send({ type: 'exercise', exercise: job.exercise } satisfies WorkerRequest);
      child.exercises.add(job.exercise.id);
    }
    return request(child, {
      type: 'grade',
      id: nextId++,
      exerciseId: job.exercise.id,
      source: job.source,
      mode: job.mode,
      ...(job.filename === undefined ? {} : { filename: job.filename }),
      ...(job.recordCalls ? { recordCalls: true } : {}),
      ...(job.diagnose ? { diagnose: true } : {}),
      ...(job.minimize === false ? { minimize: false } : {}),
      ...('vary' in job && job.vary !== undefined ? { vary: job.vary } : {}),
      ...('independentCases' in job && job.independentCases ? { independentCases: true } : {}),
    }, taken);
  };

  /** The reply as a result; a child that ran out of memory is retired after answering. */
  const settle = (child: Child, reply: WorkerReply): RunResult | undefined => {
    if (reply.type !== 'graded') return undefined;
    if (ranOutOfMemory(reply.result)) retire(child);
    return reply.result;
  };

  return {
    get concurrency() {
      return children.length * perProcess;
    },
    grow(wanted: number): void {
      if (closed) throw new Error('process grader: grow() was called after close().');
      while (children.length < wanted) children.push(spawnChild(perProcess));
    },
    async grade(job: GradeJob): Promise<RunResult> {
      if (closed) throw new Error('process grader: grade() was called after close().');
      const child = await lane();
      const reply = await gradeIn(child, job, true);
      const result = settle(child, reply);
      if (result) return result;
      if (reply.type !== 'failed' || !reply.died || closed) return unexpected(reply);
      // Its process died: it may have been this submission, or one beside it. Again, alone.
      const alone = spawnChild(1);
      try {
        const again = await gradeIn(alone, job, false);
        const retried = settle(alone, again);
        if (retried) return retried;
        return again.type === 'failed' && again.died ? diedOf(again.message, alone.stderrTail) : unexpected(again);
      } finally {
        retire(alone);
      }
    },
    async runSnippet(snippet): Promise<SnippetResult> {
      if (closed) throw new Error('process grader: runSnippet() was called after close().');
      const reply = await request(await lane(), { type: 'snippet', id: nextId++, request: snippet }, true);
      if (reply.type === 'snippet-ran') return reply.result;
      return { output: [], outputTruncated: false, error: { message: `The grader stopped unexpectedly (${reply.type === 'failed' ? reply.message : 'unexpected reply'}).`, cause: 'crashed' } };
    },
    async close(): Promise<void> {
      closed = true;
      while (waiting.length) wake();
      // Each child exits once disconnected (grade-worker.ts). Not waited for: every answer is
      // in, a child can take 10 to 20 ms more to wind isolated-vm down (or crash doing so, see
      // the module comment), and this process may exit meanwhile without harm to anything.
      for (const c of live) {
        if (c.process.connected) c.process.disconnect();
        c.process.stderr?.destroy();
        c.process.unref();
      }
    },
  };
}
