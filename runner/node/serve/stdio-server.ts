/**
 * `course serve --stdio`: the SDK's StdioServerTransport on this process's stdin and stdout. The
 * host reads stdout as JSON-RPC, one message a line, so nothing else is ever written there: the
 * log goes to stderr. The server ends when stdin closes, once the messages already read are
 * answered.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { connectRouter } from './connect-router.ts';
import { logLine, type SandboxedRouter } from './types.ts';

export interface RunningServer {
  /** Resolves with why the server stopped by itself (stdin closed), if it does. */
  ended: Promise<string>;
  /** Stops serving: answers what is in flight, then closes the transport. */
  stop(): Promise<void>;
}

export async function serveStdio(router: SandboxedRouter, log: (line: string) => void): Promise<RunningServer> {
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  const connection = connectRouter(transport, router, log);
  transport.onerror = (error) => log(logLine(`a line on stdin is not a JSON-RPC message (${error.message.split('\n')[0]}); it was skipped`));
  const ended = new Promise<string>((resolve) => {
    process.stdin.once('end', () => resolve('stdin closed'));
    process.stdin.once('close', () => resolve('stdin closed'));
    // A host that went away closes our stdout too: writing there then fails (EPIPE), which would
    // otherwise end the process with an unhandled error instead of a clean stop.
    process.stdout.once('error', (error: Error) => resolve(`stdout closed: ${error.message}`));
  });
  await transport.start();
  let stopping: Promise<void> | undefined;
  return {
    ended,
    stop: () =>
      (stopping ??= (async () => {
        await connection.drained();
        await transport.close();
        process.stdin.destroy();
      })()),
  };
}
