/**
 * `course serve --http [host:]port`: the SDK's Streamable HTTP server transport on one endpoint,
 * `/mcp` (POST a message, GET the session's event stream, DELETE to end the session). Each
 * session (`Mcp-Session-Id`, made by initialize) has its own transport; every transport hands its
 * messages to the one router. Answers are event streams (so a router that talks back while a
 * request runs has a stream to talk on), errors of the transport JSON. Every request passes the
 * Origin check (origin-check.ts) first.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { connectRouter, type Connection } from './connect-router.ts';
import type { ListenAddress } from './listen-address.ts';
import { originProblem } from './origin-check.ts';
import type { RunningServer } from './stdio-server.ts';
import { logLine, type SandboxedRouter } from './types.ts';

/** The one path the server answers on. */
export const MCP_PATH = '/mcp';
/**
 * Sessions kept at once. Clients seldom end theirs (the SDK clients' close() sends no DELETE),
 * so past this the oldest is closed: a learner's server runs for hours of reconnecting clients.
 */
export const MAX_SESSIONS = 64;

export interface HttpServer extends RunningServer {
  /** The endpoint's URL, with the port chosen (for `--http 0`). */
  url: string;
}

/** A JSON-RPC error in an HTTP answer, as the SDK transport writes its own. */
function refuse(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function serveHttp(router: SandboxedRouter, listen: ListenAddress, log: (line: string) => void): Promise<HttpServer> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; connection: Connection }>();

  /** A transport for a new session; it joins `sessions` once its initialize is accepted. */
  const newSession = () => {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, connection });
        // A Map keeps insertion order: the first key is the oldest session.
        const oldest = sessions.size > MAX_SESSIONS ? sessions.keys().next().value : undefined;
        if (oldest !== undefined) {
          void sessions.get(oldest)?.transport.close();
          sessions.delete(oldest);
        }
      },
      onsessionclosed: (id) => void sessions.delete(id),
    });
    transport.onerror = (error) => log(logLine(`http: ${error.message}`));
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const connection = connectRouter(transport, router, log);
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) return refuse(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const problem = originProblem({ origin: header(req, 'origin'), host: header(req, 'host') }, listen);
    if (problem !== undefined) {
      log(logLine(`http: refused a request: ${problem}`));
      return refuse(res, 403, -32000, `Forbidden: ${problem}`);
    }
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session) return refuse(res, 404, -32001, 'Session not found');
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return refuse(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    // A POST without a session: initialize makes one; anything else the transport refuses (400).
    const transport = newSession();
    await transport.handleRequest(req, res);
    if (transport.sessionId === undefined) await transport.close();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(logLine(`http: ${(error as Error)?.message ?? String(error)}`));
      if (!res.headersSent) refuse(res, 500, -32603, 'Internal server error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    // An HTTP server runs until it is told to stop: stdin plays no part (a server started in the
    // background of a script has none).
    ended: new Promise<string>(() => {}),
    stop: () =>
      (stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...sessions.values()].map(({ connection }) => connection.drained()));
        await Promise.all([...sessions.values()].map(({ transport }) => transport.close().catch(() => undefined)));
        server.closeAllConnections();
        await closed;
      })()),
  };
}
