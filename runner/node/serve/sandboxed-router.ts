/**
 * The learner's router in the grading sandbox (isolate-host.ts: a fresh V8 isolate with the
 * exercise's memory cap and nothing of Node), answering one message at a time within the
 * exercise's `callMs`. Whatever the code does (loops, throws, runs out of memory, returns
 * something that is not JSON-RPC or a promise that never settles) ends as a -32603 reply to that
 * request and a line on the log; when the isolate died, the next message gets a fresh one with
 * the code loaded again. Each request's handler gets a live peer (LiveLink): its messages to the
 * client go out as it sends them, its own requests numbered across the server's life (never
 * reused, so a late answer cannot be taken for another's), and the client's answers and
 * cancellation reach it while it runs. This file needs isolated-vm, so it runs in the serve child process
 * (router-worker.ts), never in the command's own.
 */
import { isSandboxFailure, learnerFilename, prepareCode, type ConsoleEntry, type GuestReply, type LiveIn, type LoadContent, type Sandbox, type SandboxFailure, type SandboxHost, type ThrownValue } from '../../core/index.ts';
import { jsonFromEncoded } from './encoded-json.ts';
import { checkReply, expectsReply, internalError } from './reply-check.ts';
import { skippedDelivery, waitingTurn } from './waiting-turn.ts';
import { CLIENT_WAIT_MS, describeMessage, logLine, type Delivery, type JsonRpcMessage, type JsonValue, type RouterCode, type RouterRefusal, type SandboxedRouter } from './types.ts';

/** The learner's console output as log lines: `[route console.log] text`, one line each. */
function consoleLines(name: string, entries: readonly ConsoleEntry[], dropped: number): string[] {
  const lines = entries.flatMap((e) => e.text.split('\n').map((text) => `[${name} console.${e.level}] ${text}`));
  if (dropped > 0) lines.push(`[${name} console] ${dropped} more characters of output were dropped`);
  return lines;
}

/** A thrown value in one line, as the learner would write it. */
const thrownText = (error: ThrownValue): string => `${error.kind === 'error' ? `${error.name}: ` : 'the value '}${error.message.split('\n')[0]}${error.line ? ` (line ${error.line})` : ''}`;

/** What stopped a sandbox, in words. */
function failureText(failure: SandboxFailure, callMs: number): string {
  switch (failure.type) {
    case 'timeout':
      return `did not answer within ${callMs} ms (a loop, or a promise that never settles?)`;
    case 'memory':
      return 'used more memory than allowed';
    case 'crashed':
      return `stopped the sandbox (${failure.message})`;
    case 'cancelled':
      return 'was cancelled';
  }
}

/** The guest's reply to one call, as what to send and what to log. */
function readCall(name: string, incoming: JsonRpcMessage, reply: Extract<GuestReply, { seq: number }>): Delivery {
  const log = consoleLines(name, reply.console, reply.consoleDropped);
  const fail = (problem: string): Delivery => {
    log.push(logLine(`message ${describeMessage(incoming)}: ${problem}`));
    return { outgoing: expectsReply(incoming) ? [internalError(incoming, `The server's code failed: ${problem}.`)] : [], log };
  };
  if (reply.type === 'threw') return fail(`${name} threw ${thrownText(reply.error)}`);
  if (reply.type === 'too-large') return fail(`${name}'s reply is larger than ${reply.limit} characters`);
  if (reply.type !== 'returned') return fail(`unexpected answer from the sandbox (${reply.type})`);
  let value: JsonValue;
  if ('plain' in reply) value = JSON.parse(reply.plain) as JsonValue;
  else {
    const read = jsonFromEncoded(reply.value);
    if (!read.ok) return fail(read.problem);
    value = read.value;
  }
  const checked = checkReply(incoming, value);
  return checked.ok ? { outgoing: checked.outgoing, log } : fail(checked.problem);
}

/** A fresh sandbox with the code loaded, or why the code does not load. */
async function loadInto(host: SandboxHost, code: RouterCode, load: LoadContent): Promise<{ sandbox: Sandbox; log: string[] } | RouterRefusal> {
  const sandbox = await host.create({ memoryMb: code.limits.memoryMb });
  const reply = await sandbox.send({ type: 'load', ...load, names: [code.functionName] }, { timeoutMs: code.limits.callMs });
  const refuse = (reason: string): RouterRefusal => {
    sandbox.dispose();
    return { ok: false, reason };
  };
  if (isSandboxFailure(reply)) return refuse(`the code ${failureText(reply, code.limits.callMs)} while loading`);
  const log = consoleLines(code.functionName, reply.console, reply.consoleDropped);
  if (reply.type === 'load-threw') return refuse(`the code threw ${thrownText(reply.error)} while loading`);
  if (reply.type !== 'loaded') return refuse(`unexpected answer from the sandbox (${reply.type})`);
  const kind = reply.names[code.functionName];
  if (kind !== 'function') return refuse(`the code does not define a function ${code.functionName} at the top level (${code.functionName} is ${kind === 'missing' ? 'missing' : 'not a function'})`);
  return { sandbox, log };
}

/** A message from the client that belongs to the request in progress rather than to the queue. */
const isResponse = (message: JsonRpcMessage): boolean => !Object.hasOwn(message, 'method') && Object.hasOwn(message, 'id') && (Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error'));

/** The client's error as the peer rejects with it: a code and a message, whatever the client wrote. */
function clientError(error: JsonValue | undefined): { code: number; message: string; data?: unknown } {
  const e = error !== null && typeof error === 'object' && !Array.isArray(error) ? error : {};
  const code = typeof e.code === 'number' && Number.isInteger(e.code) ? e.code : -32603;
  const message = typeof e.message === 'string' ? e.message : 'The client answered with an error.';
  return Object.hasOwn(e, 'data') ? { code, message, data: e.data } : { code, message };
}

/** The request being handled, with what its peer has open. */
interface InFlight {
  requestId: string | number;
  deliver?: (input: LiveIn) => void;
  cancelled: boolean;
  /** The router's requests awaiting the client, by the id they carry on the wire. */
  waiting: Map<number, { id: number; timer: ReturnType<typeof setTimeout> }>;
}

export interface SandboxedRouterOptions {
  /** How long a request of the router's waits for the client (default {@link CLIENT_WAIT_MS}). */
  clientWaitMs?: number;
}

/**
 * Loads `code` into a sandbox of `host` (made with `live: true`, so handlers get a live peer)
 * and resolves with the router, or with the reason it cannot serve (a syntax error, a throw
 * while loading, no such function). `log` takes the lines of the load itself (its console output).
 */
export async function openSandboxedRouter(host: SandboxHost, code: RouterCode, log: (line: string) => void, options: SandboxedRouterOptions = {}): Promise<{ ok: true; router: SandboxedRouter } | RouterRefusal> {
  const clientWaitMs = options.clientWaitMs ?? CLIENT_WAIT_MS;
  const prepared = await prepareCode(code.source, code.language, learnerFilename(code.language));
  if (!prepared.ok) return { ok: false, reason: prepared.message };
  const first = await loadInto(host, code, prepared.load);
  if ('ok' in first) return first;
  first.log.forEach(log);
  let sandbox: Sandbox | undefined = first.sandbox;
  let closed = false;
  let seq = 0;
  /** The next id of a request of the router's: counted across the server's life, never reused. */
  let nextWireId = 1;
  let inFlight: InFlight | undefined;
  // One message at a time: answers leave in the order messages came, and a slow one holds the
  // next back for at most callMs (plus what it waits for its client).
  let queue: Promise<unknown> = Promise.resolve();
  const turn = waitingTurn();

  /** The live link of a request's call: out with the router's messages, in with the client's. */
  const linkFor = (call: InFlight, send: (message: JsonRpcMessage) => void) => ({
    out(text: string) {
      const message = JSON.parse(text) as JsonRpcMessage;
      if (typeof message.id !== 'number') return send(message);
      const wireId = nextWireId++;
      const id = message.id;
      const method = String(message.method);
      const timer = setTimeout(() => {
        call.waiting.delete(wireId);
        call.deliver?.({ expired: { id, method, waitMs: clientWaitMs } });
      }, clientWaitMs);
      call.waiting.set(wireId, { id, timer });
      send({ ...message, id: wireId });
    },
    opened(deliver: (input: LiveIn) => void) {
      call.deliver = deliver;
    },
  });

  const deliverNow = async (message: JsonRpcMessage, send: (message: JsonRpcMessage) => void): Promise<Delivery> => {
    if (closed) return { outgoing: expectsReply(message) ? [internalError(message, 'The server is shutting down.')] : [], log: [] };
    const log: string[] = [];
    if (!sandbox) {
      // The last call stopped the isolate: a fresh one, with the code loaded again (it loaded once, so it loads).
      const fresh = await loadInto(host, code, prepared.load);
      if ('ok' in fresh) return { outgoing: expectsReply(message) ? [internalError(message, `The server's code could not be loaded again: ${fresh.reason}.`)] : [], log: [logLine(fresh.reason)] };
      sandbox = fresh.sandbox;
      log.push(logLine('started a fresh sandbox and loaded the code again'), ...fresh.log);
    }
    const requestId = message.id;
    const call: InFlight | undefined = expectsReply(message) && (typeof requestId === 'string' || typeof requestId === 'number') ? { requestId, cancelled: false, waiting: new Map() } : undefined;
    inFlight = call;
    let reply: GuestReply | SandboxFailure;
    try {
      reply = call
        ? await sandbox.send({ type: 'call', seq: seq++, name: code.functionName, json: JSON.stringify([message, null]), live: { at: 1, requestId: call.requestId } }, { timeoutMs: code.limits.callMs, live: linkFor(call, send) })
        : await sandbox.send({ type: 'call', seq: seq++, name: code.functionName, json: JSON.stringify([message]) }, { timeoutMs: code.limits.callMs });
    } finally {
      inFlight = undefined;
      for (const { timer } of call?.waiting.values() ?? []) clearTimeout(timer);
    }
    if (isSandboxFailure(reply)) {
      // The host has disposed of it: the next message starts another.
      sandbox = undefined;
      const problem = `${code.functionName} ${failureText(reply, code.limits.callMs)}`;
      log.push(logLine(`message ${describeMessage(message)}: ${problem}; the sandbox was stopped`));
      return { outgoing: expectsReply(message) && !call?.cancelled ? [internalError(message, `The server's ${problem}.`)] : [], log };
    }
    const answered = reply as Extract<GuestReply, { seq: number }>;
    if (call?.cancelled) {
      // A cancelled request gets no response (the protocol asks for none): whatever came is dropped.
      const nothing = answered.type === 'returned' && 'plain' in answered && answered.plain === 'null';
      log.push(...consoleLines(code.functionName, answered.console, answered.consoleDropped));
      if (!nothing) log.push(logLine(`message ${describeMessage(message)}: the client had cancelled it, so its reply was not sent`));
      return { outgoing: [], log };
    }
    const delivery = readCall(code.functionName, message, answered);
    return { outgoing: delivery.outgoing, log: [...log, ...delivery.log] };
  };

  /** Hands the request in progress what its client did, when `message` belongs to it; true then. */
  const toInFlight = (message: JsonRpcMessage): boolean => {
    const call = inFlight;
    if (!call) return false;
    if (isResponse(message)) {
      const waiting = typeof message.id === 'number' ? call.waiting.get(message.id) : undefined;
      if (!waiting) return false;
      clearTimeout(waiting.timer);
      call.waiting.delete(message.id as number);
      call.deliver?.({ answer: Object.hasOwn(message, 'error') ? { id: waiting.id, error: clientError(message.error) } : { id: waiting.id, result: message.result } });
      return true;
    }
    const params = message.params;
    if (message.method !== 'notifications/cancelled' || params === null || typeof params !== 'object' || Array.isArray(params) || params.requestId !== call.requestId) return false;
    call.cancelled = true;
    call.deliver?.({ cancel: typeof params.reason === 'string' ? { reason: params.reason } : {} });
    return true;
  };

  const router: SandboxedRouter = {
    deliver(message, send = () => {}) {
      if (toInFlight(message) || turn.cancel(message)) return Promise.resolve({ outgoing: [], log: [] });
      const waiting = turn.enter(message);
      // A failure of the host itself (an isolate that cannot be created) answers this message
      // only: the next one tries again.
      const next = queue.then(() => (turn.leave(waiting) ? skippedDelivery(message) : deliverNow(message, send))).catch((error: unknown) => {
        sandbox = undefined;
        const problem = `the sandbox failed (${(error as Error)?.message ?? String(error)})`;
        return { outgoing: expectsReply(message) ? [internalError(message, `The server's ${problem}.`)] : [], log: [logLine(`message ${describeMessage(message)}: ${problem}`)] };
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      closed = true;
      await queue;
      sandbox?.dispose();
      sandbox = undefined;
    },
  };
  return { ok: true, router };
}
