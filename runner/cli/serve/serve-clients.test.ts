/**
 * `course serve` with the clients hosts use: the SDK's 1.x Client and the v2 Client (in its
 * default mode and in auto mode, which probes with server/discover first), each over stdio (the
 * client spawns the command, as Claude Desktop does) and over Streamable HTTP. Each serves the
 * reference (tools listed and called), a known mistake (the client sees it) and a hostile router
 * (each misdeed answers an error and the next call is served).
 */
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { serveEachOverHttp, stdioServer, type Served } from '../testing/serve-harness.ts';

type Target = { kind: 'stdio'; file: string } | { kind: 'http'; url: URL };

/** What a test does with a connected client, whatever its line. */
interface Connected {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(name: string, args: Record<string, unknown>): Promise<{ content?: unknown; isError?: boolean }>;
  ping(): Promise<unknown>;
  close(): Promise<void>;
}

/** Long enough for a loaded 2-core machine; the server answers a stuck call after callMs (1 s). */
const REQUEST = { timeout: 30_000 };
const INFO = { name: 'serve-test', version: '1.0.0' };

const CLIENTS: Record<string, (target: Target) => Promise<Connected>> = {
  'SDK 1.x Client': async (target) => {
    const client = new ClientV1(INFO);
    await client.connect(target.kind === 'stdio' ? new StdioV1(stdioServer(target.file)) : new HttpV1(target.url), REQUEST);
    return {
      listTools: () => client.listTools(undefined, REQUEST),
      callTool: (name, args) => client.callTool({ name, arguments: args }, undefined, REQUEST) as Promise<{ content?: unknown; isError?: boolean }>,
      ping: () => client.ping(REQUEST),
      close: () => client.close(),
    };
  },
  ...Object.fromEntries(
    (['legacy', 'auto'] as const).map((mode) => [
      `v2 Client (${mode === 'auto' ? "versionNegotiation: { mode: 'auto' }" : 'default mode'})`,
      async (target: Target): Promise<Connected> => {
        const client = new ClientV2(INFO, mode === 'auto' ? { versionNegotiation: { mode: 'auto', probe: { timeoutMs: 30_000 } } } : {});
        await client.connect(target.kind === 'stdio' ? new StdioV2(stdioServer(target.file)) : new HttpV2(target.url), REQUEST);
        return {
          listTools: () => client.listTools(undefined, REQUEST) as Promise<{ tools: { name: string }[] }>,
          callTool: (name, args) => client.callTool({ name, arguments: args }, REQUEST) as Promise<{ content?: unknown; isError?: boolean }>,
          ping: () => client.ping(REQUEST),
          close: () => client.close(),
        };
      },
    ]),
  ),
};

const text = (result: { content?: unknown }) => (result.content as { type: string; text: string }[])[0]?.text;

const served = serveEachOverHttp();

describe.each(['stdio', 'http'] as const)('course serve over %s', (kind) => {
  const target = (name: Served): Target => (kind === 'stdio' ? { kind, file: served.file(name) } : { kind, url: served.url(name) });

  describe.each(Object.keys(CLIENTS))('with the %s', (clientName) => {
    const connect = CLIENTS[clientName] as (target: Target) => Promise<Connected>;

    it('lists and calls the reference solution\'s tools', async () => {
      const client = await connect(target('reference'));
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(['add', 'divide']);
        expect(text(await client.callTool('add', { a: 1, b: 2 }))).toBe('3');
        const failed = await client.callTool('divide', { a: 1, b: 0 });
        expect(failed.isError).toBe(true);
        expect(text(failed)).toBe('Cannot divide by zero.');
        await client.ping();
      } finally {
        await client.close();
      }
    }, 120_000);

    it('shows a known mistake: a tool that throws is a protocol error, not a result', async () => {
      const client = await connect(target('mutant'));
      try {
        expect(text(await client.callTool('add', { a: 2, b: 3 }))).toBe('5');
        await expect(client.callTool('divide', { a: 1, b: 0 })).rejects.toMatchObject({ code: -32603 });
      } finally {
        await client.close();
      }
    }, 120_000);

    it('survives a hostile router: each misdeed is an error reply, and the next call is served', async () => {
      const client = await connect(target('hostile'));
      try {
        for (const misdeed of ['hostile/loop', 'hostile/throw', 'hostile/memory', 'hostile/getter', 'hostile/never', 'hostile/not-jsonrpc']) {
          await expect(client.callTool(misdeed, {}), misdeed).rejects.toMatchObject({ code: -32603 });
          expect(text(await client.callTool('add', { a: 40, b: 2 })), `after ${misdeed}`).toBe('42');
        }
      } finally {
        await client.close();
      }
    }, 180_000);
  });
});
