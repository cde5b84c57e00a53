/**
 * What an exercise can be served as (its task.md's `serves`), one row per kind: the function
 * that answers each message (from the content model) and how each transport starts. A new kind (a router that talks back,
 * an exercise of several files) is a row here, not a condition spread through the command.
 */
import { SERVED_AS, type CodeExercise } from '../../content/index.ts';
import type { HttpServer } from '../../node/serve/http-server.ts';
import type { ListenAddress } from '../../node/serve/listen-address.ts';
import type { RunningServer } from '../../node/serve/stdio-server.ts';
import type { SandboxedRouter } from '../../node/serve/types.ts';

type StartTransport<S extends RunningServer> = (router: SandboxedRouter, listen: ListenAddress | undefined, log: (line: string) => void) => Promise<S>;

export interface ServedKind {
  /** The learner's function each incoming message goes to (the content model's SERVED_AS). */
  functionName: string;
  transports: { stdio: StartTransport<RunningServer>; http: StartTransport<HttpServer> };
}

export const SERVED_KINDS: Readonly<Record<NonNullable<CodeExercise['serves']>, ServedKind>> = {
  mcp: {
    functionName: SERVED_AS.mcp.functionName,
    transports: {
      stdio: async (router, _listen, log) => {
        const server = await (await import('../../node/serve/stdio-server.ts')).serveStdio(router, log);
        log('course serve: serving MCP on stdin and stdout');
        return server;
      },
      http: async (router, listen, log) => {
        const { serveHttp } = await import('../../node/serve/http-server.ts');
        const address = listen ?? { host: '127.0.0.1', port: 0, loopback: true };
        const server = await serveHttp(router, address, log);
        if (!address.loopback) log(`course serve: listening on ${address.host}, reachable from other machines: anyone who can reach this port can call the code`);
        log(`course serve: listening on ${server.url}`);
        return server;
      },
    },
  },
};
