/**
 * The learner's router in the grading sandbox (isolate-host.ts: a fresh V8 isolate with the
 * exercise's memory cap and nothing of Node), answering one message at a time within the
 * exercise's `callMs`. Whatever the code does (loops, throws, runs out of memory, returns
 * something that is not JSON-RPC or a promise that never settles) ends as a -32603 reply to that
 * request and a line on the log; when the isolate died, the next message gets a fresh one with
 * the code loaded again. This file needs isolated-vm, so it runs in the serve child process
 * (router-worker.ts), never in the command's own.
 */
import { isSandboxFailure, learnerFilename, prepareSource, type ConsoleEntry, type GuestReply, type Sandbox, type SandboxFailure, type SandboxHost, type ThrownValue } from '../../core/index.ts';
import { jsonFromEncoded } from './encoded-json.ts';
import { checkReply, expectsReply, internalError } from './reply-check.ts';
import { logLine, type Delivery, type JsonRpcMessage, type JsonValue, type RouterCode, type RouterRefusal, type SandboxedRouter } from './types.ts';

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
    log.push(logLine(`message ${describe(incoming)}: ${problem}`));
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

/** A message in a few words for the log: its method and id. */
function describe(message: JsonRpcMessage): string {
  const method = typeof message.method === 'string' ? message.method : 'response';
  return Object.hasOwn(message, 'id') ? `${method} (id ${JSON.stringify(message.id)})` : method;
}

/** A fresh sandbox with the code loaded, or why the code does not load. */
async function loadInto(host: SandboxHost, code: RouterCode, script: string, filename: string): Promise<{ sandbox: Sandbox; log: string[] } | RouterRefusal> {
  const sandbox = await host.create({ memoryMb: code.limits.memoryMb });
  const reply = await sandbox.send({ type: 'load', source: script, filename, names: [code.functionName] }, { timeoutMs: code.limits.callMs });
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

/**
 * Loads `code` into a sandbox of `host` and resolves with the router, or with the reason it
 * cannot serve (a syntax error, a throw while loading, no such function). `log` takes the lines
 * of the load itself (its console output).
 */
export async function openSandboxedRouter(host: SandboxHost, code: RouterCode, log: (line: string) => void): Promise<{ ok: true; router: SandboxedRouter } | RouterRefusal> {
  const filename = learnerFilename(code.language);
  const prepared = await prepareSource(code.source, code.language, filename);
  if (!prepared.ok) return { ok: false, reason: prepared.message };
  const first = await loadInto(host, code, prepared.script, filename);
  if ('ok' in first) return first;
  first.log.forEach(log);
  let sandbox: Sandbox | undefined = first.sandbox;
  let closed = false;
  let seq = 0;
  // One message at a time: answers leave in the order messages came, and a slow one holds the
  // next back for at most callMs.
  let queue: Promise<unknown> = Promise.resolve();

  const deliverNow = async (message: JsonRpcMessage): Promise<Delivery> => {
    if (closed) return { outgoing: expectsReply(message) ? [internalError(message, 'The server is shutting down.')] : [], log: [] };
    const log: string[] = [];
    if (!sandbox) {
      // The last call stopped the isolate: a fresh one, with the code loaded again (it loaded once, so it loads).
      const fresh = await loadInto(host, code, prepared.script, filename);
      if ('ok' in fresh) return { outgoing: expectsReply(message) ? [internalError(message, `The server's code could not be loaded again: ${fresh.reason}.`)] : [], log: [logLine(fresh.reason)] };
      sandbox = fresh.sandbox;
      log.push(logLine('started a fresh sandbox and loaded the code again'), ...fresh.log);
    }
    const reply = await sandbox.send({ type: 'call', seq: seq++, name: code.functionName, json: JSON.stringify([message]) }, { timeoutMs: code.limits.callMs });
    if (isSandboxFailure(reply)) {
      // The host has disposed of it: the next message starts another.
      sandbox = undefined;
      const problem = `${code.functionName} ${failureText(reply, code.limits.callMs)}`;
      log.push(logLine(`message ${describe(message)}: ${problem}; the sandbox was stopped`));
      return { outgoing: expectsReply(message) ? [internalError(message, `The server's ${problem}.`)] : [], log };
    }
    const delivery = readCall(code.functionName, message, reply as Extract<GuestReply, { seq: number }>);
    return { outgoing: delivery.outgoing, log: [...log, ...delivery.log] };
  };

  const router: SandboxedRouter = {
    deliver(message) {
      // A failure of the host itself (an isolate that cannot be created) answers this message
      // only: the next one tries again.
      const next = queue.then(() => deliverNow(message)).catch((error: unknown) => {
        sandbox = undefined;
        const problem = `the sandbox failed (${(error as Error)?.message ?? String(error)})`;
        return { outgoing: expectsReply(message) ? [internalError(message, `The server's ${problem}.`)] : [], log: [logLine(`message ${describe(message)}: ${problem}`)] };
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
