/**
 * The baseline of section 7: the capstone's two tools (add, divide) served by the SDK's own
 * `McpServer` over its Streamable HTTP server transport, one McpServer and transport per session,
 * on /mcp, as the SDK's examples do. Run as a child process (like `course serve`, so both pay for
 * a process of their own), it prints `listening on <url>` on stderr.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** The reference's tools, as McpServer declares them. */
function calculator(): McpServer {
  const server = new McpServer({ name: 'course-calculator', version: '1.0.0' });
  const numbers = { a: z.number(), b: z.number() };
  server.registerTool('add', { description: 'Add two numbers.', inputSchema: numbers }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  server.registerTool('divide', { description: 'Divide a by b.', inputSchema: numbers }, ({ a, b }) =>
    b === 0 ? { content: [{ type: 'text', text: 'Cannot divide by zero.' }], isError: true } : { content: [{ type: 'text', text: String(a / b) }] },
  );
  return server;
}

const sessions = new Map<string, StreamableHTTPServerTransport>();
const http = createServer((req, res) => {
  void (async () => {
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.handleRequest(req, res);
    if (typeof id === 'string') return void res.writeHead(404).end();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => void sessions.set(sid, transport) });
    await calculator().connect(transport);
    await transport.handleRequest(req, res);
  })();
});
http.listen(0, '127.0.0.1', () => {
  process.stderr.write(`listening on http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp\n`);
});
process.on('SIGTERM', () => process.exit(0));
