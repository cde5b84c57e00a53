/**
 * The serve child process: holds the learner's router in the grading sandbox
 * (sandboxed-router.ts) and answers the command's messages over IPC (router-worker-protocol.ts).
 * Started with --no-node-snapshot, which isolated-vm needs on Node 20; exits when the command
 * disconnects. It has no stdout (the stdio transport's, in the command, must stay clean).
 */
import { createIsolateHost } from '../isolate-host.ts';
import { openSandboxedRouter } from './sandboxed-router.ts';
import type { RouterWorkerReply, RouterWorkerRequest } from './router-worker-protocol.ts';
import type { SandboxedRouter } from './types.ts';

process.setSourceMapsEnabled(false);

function reply(message: RouterWorkerReply): void {
  // The command may be gone: the callback takes the send error; 'disconnect' ends this process.
  if (process.connected) process.send?.(message, undefined, undefined, () => {});
}

let router: SandboxedRouter | undefined;

async function handle(message: RouterWorkerRequest): Promise<void> {
  if (message.type === 'open') {
    const log: string[] = [];
    const opened = await openSandboxedRouter(createIsolateHost({ live: true }), message.code, (line) => log.push(line));
    if (!opened.ok) return reply({ type: 'refused', reason: opened.reason });
    router = opened.router;
    return reply({ type: 'opened', log });
  }
  if (!router) throw new Error('router-worker: a message came before the code was opened.');
  const { id } = message;
  reply({ type: 'delivered', id, delivery: await router.deliver(message.message, (sent) => reply({ type: 'sent', id, message: sent })) });
}

if (!process.send) throw new Error('router-worker.ts runs as a child process of `course serve` (router-process.ts), not on its own.');
process.on('message', (message: RouterWorkerRequest) => void handle(message));
process.on('disconnect', () => process.exit(0));
// Ctrl+C reaches the whole process group: the command decides when this child ends.
process.on('SIGINT', () => {});
