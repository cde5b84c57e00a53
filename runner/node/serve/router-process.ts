/**
 * The learner's router as the command sees it: a {@link SandboxedRouter} whose sandbox lives in a
 * serve child process (router-worker.ts). V8 does not recover reliably from running out of
 * memory, and an isolate that hit its cap can take its whole process down (process-grader.ts
 * says more): in a child, that ends one request, not the server. A child that dies is replaced
 * and the code loaded into the new one before the next message; the message it held is answered
 * -32603. The child also carries --no-node-snapshot, so the command itself starts without it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkerStart } from '../fork-grade-worker.cjs';
import { expectsReply, internalError } from './reply-check.ts';
import type { RouterWorkerReply, RouterWorkerRequest } from './router-worker-protocol.ts';
import { skippedDelivery, waitingTurn } from './waiting-turn.ts';
import { logLine, type Delivery, type JsonRpcMessage, type RouterCode, type RouterRefusal, type SandboxedRouter } from './types.ts';

export interface RouterProcessOptions {
  code: RouterCode;
  /** Takes every line for the server's log (stderr). */
  log: (line: string) => void;
  /** The child to start; by default router-worker (bundled in the prebuilt command). */
  worker?: WorkerStart;
}

/** How to start the serve child: from beside the bundle in the prebuilt command, else through tsx. */
function workerStart(): WorkerStart {
  const here = import.meta.url;
  if (here.endsWith('.cjs')) {
    const dir = dirname(fileURLToPath(here));
    return { module: `${dir}/bundle-loader.cjs`, args: [`${dir}/serve-worker.cjs`], execArgv: ['--no-node-snapshot'] };
  }
  return { module: fileURLToPath(new URL('./router-worker.ts', here)), args: [], execArgv: ['--no-node-snapshot', '--import', import.meta.resolve('tsx/esm')] };
}

/** A started child and the answers it owes, by request id. */
interface Child {
  process: ChildProcess;
  waiting: Map<number | 'open', (reply: RouterWorkerReply | { type: 'died'; why: string }) => void>;
  /** Where the messages the router sends while handling a delivery go, by delivery id. */
  senders: Map<number, (message: JsonRpcMessage) => void>;
  alive: boolean;
}

function startChild(start: WorkerStart, log: (line: string) => void): Child {
  const started = fork(start.module, start.args, { execArgv: start.execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const child: Child = { process: started, waiting: new Map(), senders: new Map(), alive: true };
  // The child writes nothing unless something went wrong (V8's last words): one log line each.
  let partial = '';
  started.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) log(logLine(`[sandbox process] ${line}`));
  });
  started.on('message', (reply: RouterWorkerReply) => {
    if (reply.type === 'sent') return child.senders.get(reply.id)?.(reply.message);
    const key = reply.type === 'delivered' ? reply.id : 'open';
    const resolve = child.waiting.get(key);
    child.waiting.delete(key);
    resolve?.(reply);
  });
  started.on('exit', (code, signal) => {
    child.alive = false;
    const why = signal ? `signal ${signal}` : `exit code ${code}`;
    for (const resolve of child.waiting.values()) resolve({ type: 'died', why });
    child.waiting.clear();
  });
  return child;
}

function ask(child: Child, key: number | 'open', request: RouterWorkerRequest): Promise<RouterWorkerReply | { type: 'died'; why: string }> {
  return new Promise((resolve) => {
    if (!child.alive || !child.process.connected) return resolve({ type: 'died', why: 'it had stopped' });
    child.waiting.set(key, resolve);
    child.process.send(request, (error) => {
      if (error) {
        child.waiting.delete(key);
        resolve({ type: 'died', why: error.message });
      }
    });
  });
}

/** Opens the code in a new child: the child, or why the code cannot be served. */
async function open(start: WorkerStart, code: RouterCode, log: (line: string) => void): Promise<Child | RouterRefusal> {
  const child = startChild(start, log);
  const reply = await ask(child, 'open', { type: 'open', code });
  if (reply.type === 'opened') {
    reply.log.forEach(log);
    return child;
  }
  if (child.process.connected) child.process.disconnect();
  return { ok: false, reason: reply.type === 'refused' ? reply.reason : `the sandbox process stopped while loading the code (${reply.type === 'died' ? reply.why : reply.type})` };
}

/** Starts the serve child with `code` loaded, or says why the code cannot be served. */
export async function startRouterProcess(options: RouterProcessOptions): Promise<{ ok: true; router: SandboxedRouter } | RouterRefusal> {
  const { code, log } = options;
  const start = options.worker ?? workerStart();
  const first = await open(start, code, log);
  if ('ok' in first) return first;
  let child: Child | undefined = first;
  let nextId = 0;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const turn = waitingTurn();
  const failed = (message: JsonRpcMessage, text: string, line: string): Delivery => ({ outgoing: expectsReply(message) ? [internalError(message, text)] : [], log: [logLine(line)] });

  /** Runs one delivery in the child; what the router sends meanwhile goes to `send`. */
  const inChild = async (running: Child, message: JsonRpcMessage, send: (message: JsonRpcMessage) => void) => {
    const id = nextId++;
    running.senders.set(id, send);
    try {
      return await ask(running, id, { type: 'deliver', id, message });
    } finally {
      running.senders.delete(id);
    }
  };

  const deliverNow = async (message: JsonRpcMessage, send: (message: JsonRpcMessage) => void): Promise<Delivery> => {
    if (closed) return failed(message, 'The server is shutting down.', 'a message came while shutting down');
    if (!child?.alive) {
      const fresh = await open(start, code, log);
      if ('ok' in fresh) return failed(message, `The server's code could not be loaded again: ${fresh.reason}.`, fresh.reason);
      child = fresh;
      log(logLine('started a fresh sandbox process and loaded the code again'));
    }
    const reply = await inChild(child, message, send);
    if (reply.type === 'delivered') return reply.delivery;
    const why = reply.type === 'died' ? reply.why : reply.type;
    child = undefined;
    return failed(message, `The server's ${code.functionName} stopped the sandbox process.`, `the sandbox process stopped (${why}) while ${code.functionName} handled a message; the next message gets a fresh one`);
  };

  const router: SandboxedRouter = {
    deliver(message, send = () => {}) {
      if (turn.cancel(message)) return Promise.resolve({ outgoing: [], log: [] });
      // The client's answer to the router's own request, or its cancellation, may belong to the
      // request the child is handling: it goes straight there (behind the queue, that request
      // would wait for it forever). The child queues it if it belongs to none.
      if (child?.alive && !closed && (!Object.hasOwn(message, 'method') || message.method === 'notifications/cancelled')) {
        return inChild(child, message, send).then((reply) => (reply.type === 'delivered' ? reply.delivery : { outgoing: [], log: [] }));
      }
      const waiting = turn.enter(message);
      const next = queue.then(() => (turn.leave(waiting) ? skippedDelivery(message) : deliverNow(message, send)));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      closed = true;
      await queue;
      const last = child;
      child = undefined;
      if (!last?.alive) return;
      // The child leaves once disconnected; a child stuck in learner code is stopped.
      const exited = new Promise<void>((resolve) => last.process.once('exit', () => resolve()));
      if (last.process.connected) last.process.disconnect();
      const timer = setTimeout(() => last.process.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
  return { ok: true, router };
}
