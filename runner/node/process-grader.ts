/**
 * A {@link GradeService} over child processes, one per core: the judge's own work (collecting
 * tests, matchers, the codec) runs on each process's main thread, so one process cannot use
 * more than about one core however many isolates it keeps busy (see bench/README.md).
 * Each child still gives every submission its own fresh isolate.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunResult, SnippetResult } from '../core/index.ts';
import type { GradeJob, GradeService } from './grade-service.ts';
import { LANES_ENV, type WorkerReply, type WorkerRequest } from './grade-worker-protocol.ts';

/**
 * node:child_process, loaded when the first child starts: it brings about 20 more of Node's own
 * modules (net, streams, dgram), which a one-file grade, graded in its own process, never uses
 * and which cost about 10 ms to compile in a process started with --no-node-snapshot.
 */
function childProcess(): typeof import('node:child_process') {
  return process.getBuiltinModule('node:child_process');
}

export interface ProcessGraderOptions {
  /** Child processes to start. */
  processes: number;
  /** Runs each child keeps in flight (its isolates overlap the judge's work). */
  perProcess: number;
}

type Pending = { resolve: (reply: WorkerReply) => void };

interface Child {
  process: ChildProcess;
  inFlight: number;
  exercises: Set<string>;
  pending: Map<number, Pending>;
  alive: boolean;
}

const SNAPSHOT_FLAG = '--no-node-snapshot';

/**
 * How to start a grading child. In the prebuilt `course` command (runner/cli/build.cjs) this code
 * is a bundle, with the worker's bundle and the loader beside it; run from the TypeScript sources
 * (tests, benchmarks), the child runs grade-worker.ts through tsx.
 */
function workerStart(): { module: string; args: string[]; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.cjs')) {
    return { module: fileURLToPath(new URL('./bundle-loader.cjs', here)), args: [fileURLToPath(new URL('./grade-worker.cjs', here))], execArgv: [SNAPSHOT_FLAG] };
  }
  return { module: fileURLToPath(new URL('./grade-worker.ts', here)), args: [], execArgv: [SNAPSHOT_FLAG, '--import', import.meta.resolve('tsx/esm')] };
}

function crashed(message: string): RunResult {
  return { version: 3, status: 'error', cause: 'crashed', message: `The grader stopped unexpectedly (${message}). Grade this submission again.`, tests: [] };
}

export function createProcessGrader(options: ProcessGraderOptions): GradeService {
  const { processes, perProcess } = options;
  if (!Number.isInteger(processes) || processes < 1 || !Number.isInteger(perProcess) || perProcess < 1) {
    throw new Error(`createProcessGrader: processes and perProcess must be positive integers, got ${processes} and ${perProcess}.`);
  }
  const worker = workerStart();
  let nextId = 0;
  let closed = false;

  const spawnChild = (): Child => {
    const child: Child = { process: childProcess().fork(worker.module, worker.args, { execArgv: worker.execArgv, env: { ...process.env, [LANES_ENV]: String(perProcess) }, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }), inFlight: 0, exercises: new Set(), pending: new Map(), alive: true };
    child.process.on('message', (reply: WorkerReply) => {
      const pending = child.pending.get(reply.id);
      child.pending.delete(reply.id);
      child.inFlight -= 1;
      pending?.resolve(reply);
    });
    child.process.on('exit', (code, signal) => {
      child.alive = false;
      if (closed) return;
      const why = signal ? `signal ${signal}` : `exit code ${code}`;
      for (const [id, pending] of child.pending) pending.resolve({ type: 'failed', id, message: why });
      child.pending.clear();
      child.inFlight = 0;
    });
    return child;
  };
  const children: Child[] = Array.from({ length: processes }, spawnChild);

  /** The live child with the fewest runs in flight; a dead one is replaced. */
  const pick = (): Child => {
    children.forEach((c, i) => {
      if (!c.alive) children[i] = spawnChild();
    });
    return children.reduce((best, c) => (c.inFlight < best.inFlight ? c : best));
  };

  const request = (child: Child, message: WorkerRequest & { id: number }): Promise<WorkerReply> =>
    new Promise((resolve) => {
      child.pending.set(message.id, { resolve });
      child.inFlight += 1;
      child.process.send(message);
    });

  return {
    concurrency: processes * perProcess,
    async grade(job: GradeJob): Promise<RunResult> {
      if (closed) throw new Error('process grader: grade() was called after close().');
      const child = pick();
      if (!child.exercises.has(job.exercise.id)) {
        // Plain data only: the exercise as loaded, without functions or signals.
        child.process.send({ type: 'exercise', exercise: job.exercise } satisfies WorkerRequest);
        child.exercises.add(job.exercise.id);
      }
      const reply = await request(child, {
        type: 'grade',
        id: nextId++,
        exerciseId: job.exercise.id,
        source: job.source,
        mode: job.mode,
        ...(job.filename === undefined ? {} : { filename: job.filename }),
        ...(job.recordCalls ? { recordCalls: true } : {}),
      });
      return reply.type === 'graded' ? reply.result : crashed(reply.type === 'failed' ? reply.message : 'unexpected reply');
    },
    async runSnippet(snippet): Promise<SnippetResult> {
      if (closed) throw new Error('process grader: runSnippet() was called after close().');
      const reply = await request(pick(), { type: 'snippet', id: nextId++, request: snippet });
      if (reply.type === 'snippet-ran') return reply.result;
      return { output: [], outputTruncated: false, error: { message: `The grader stopped unexpectedly (${reply.type === 'failed' ? reply.message : 'unexpected reply'}).`, cause: 'crashed' } };
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (!c.alive) return resolve();
              c.process.once('exit', () => resolve());
              c.process.disconnect();
            }),
        ),
      );
    },
  };
}
