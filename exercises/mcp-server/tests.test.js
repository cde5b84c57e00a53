import { describe, it, expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { route } from '@course/learner';

// How long the SDK client waits for each answer. Short, so a router that never answers fails fast.
const TIMEOUT = { timeout: 1500 };

const short = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 300 ? text.slice(0, 300) + '...' : text;
};

/**
 * Connects the official SDK client to the learner's router through a linked in-memory pair.
 * The server side hands every message to `route` and sends back what it returns; `log` keeps,
 * for each message, what `route` answered or threw, so a failure can say what went wrong.
 */
async function connectClient() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const log = [];
  serverSide.onmessage = (message) => {
    const entry = { message, reply: undefined, threw: undefined };
    log.push(entry);
    // Errors are recorded, never left as unhandled rejections.
    (async () => {
      try {
        entry.reply = await route(message);
      } catch (error) {
        entry.threw = error instanceof Error ? error.message : String(error);
        return;
      }
      if (entry.reply !== null && entry.reply !== undefined) {
        try {
          await serverSide.send(entry.reply);
        } catch (error) {
          entry.threw = 'sending the reply failed: ' + (error instanceof Error ? error.message : String(error));
        }
      }
    })();
  };
  await serverSide.start();
  const client = new Client({ name: 'course-judge', version: '1.0.0' });
  // The client reports replies it cannot use (such as a malformed envelope) here; keep them.
  const clientErrors = [];
  client.onerror = (error) => clientErrors.push(error.message);
  try {
    // No sessionId on the transport: with one, the client would skip initialize.
    await client.connect(clientSide, TIMEOUT);
  } catch (error) {
    throw new Error(explain(log, 'initialize', error));
  }
  return { client, log, clientErrors };
}

/** The SDK's complaint in one line: its schema checks throw a JSON list of issues. */
function sdkMessage(error) {
  const text = error instanceof Error ? error.message : String(error);
  try {
    const issues = JSON.parse(text);
    if (Array.isArray(issues)) return issues.map((issue) => `${(issue.path || []).join('.')}: ${issue.message}`).join('; ');
  } catch {
    // not a list of issues: keep the text as it is
  }
  return text;
}

/** A sentence that says why the SDK call for `method` failed, from what the router did with it. */
function explain(log, method, error) {
  const entries = log.filter((entry) => entry.message.method === method && entry.message.id !== undefined);
  const entry = entries[entries.length - 1];
  const sdkSays = sdkMessage(error);
  if (!entry) return `The client's ${method} request never reached your router (the SDK says: ${sdkSays}).`;
  const id = short(entry.message.id);
  if (entry.threw !== undefined) {
    return `Your router threw while handling ${method} (id ${id}): ${entry.threw}. Nothing was sent back, so the client gave up waiting. Remember that params may be undefined (tools/list) or missing (ping).`;
  }
  const reply = entry.reply;
  if (reply === null || reply === undefined) {
    if (method === 'initialize' && entry.message.id === 0) {
      return "The client's first request, initialize, has id 0 and your router answered null, so connect() never finished: id 0 is a request, only a missing id makes a notification.";
    }
    return `Your router answered null to ${method} (id ${id}), so the client waited until it timed out. A message with an id is a request and needs a reply.`;
  }
  if (typeof reply === 'object' && 'result' in reply && 'error' in reply) {
    const extra = ['result', 'error'].map((key) => `"${key}": ${reply[key] === undefined ? 'undefined' : short(reply[key])}`).join(' and ');
    return `Your router answered ${method} with both ${extra} in one envelope. The SDK checks envelopes strictly and dropped this reply, so the client timed out: send exactly one of the two, and leave the other key out entirely (a key set to null or undefined still counts).`;
  }
  if (typeof reply === 'object' && reply.id !== entry.message.id) {
    return `Your router answered ${method} (id ${id}) with id ${short(reply.id)}, so the client could not pair the reply with its request: echo the id unchanged.`;
  }
  if (typeof reply === 'object' && reply.error) {
    const need = method === 'initialize' ? ' connect() needs a result with protocolVersion, capabilities and serverInfo.' : '';
    return `Your router answered ${method} with error ${short(reply.error)}, so the SDK call failed (${sdkSays}).${need}`;
  }
  if (method === 'initialize') {
    return `connect() failed: ${sdkSays}. Your initialize result was ${short(reply.result)}. It needs a protocolVersion the client knows (such as 2025-11-25), capabilities, and serverInfo with a name and a version.`;
  }
  return `${method} failed: ${sdkSays}. Your router answered ${short(reply)}.`;
}

/** Runs one SDK call; if it fails, rethrows with the explanation built from the log. */
async function ask(session, method, call) {
  try {
    return await call(session.client);
  } catch (error) {
    throw new Error(explain(session.log, method, error));
  }
}

// One client for the whole file: a router that cannot connect fails every test after a single timeout.
let session;
const connected = () => (session ??= connectClient());

const initialize = (id, protocolVersion) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test-client', version: '0.1.0' } },
});

describe('examples', () => {
  it('the SDK client connects: initialize is answered and serverInfo has a name and a version', async () => {
    const { client } = await connected();
    const info = client.getServerVersion();
    expect(typeof info.name).toBe('string');
    expect(typeof info.version).toBe('string');
  });

  it('listTools returns add and divide, each with an object inputSchema', async () => {
    const s = await connected();
    const { tools } = await ask(s, 'tools/list', (client) => client.listTools(undefined, TIMEOUT));
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'divide']);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
  });

  it('callTool add with 2 and 3 resolves with the text "5"', async () => {
    const s = await connected();
    const result = await ask(s, 'tools/call', (client) => client.callTool({ name: 'add', arguments: { a: 2, b: 3 } }, undefined, TIMEOUT));
    expect(result.content).toEqual([{ type: 'text', text: '5' }]);
    expect(result.isError ?? false).toBe(false);
  });
});

describe('the handshake', () => {
  it("initialize, the client's first request, has id 0 and was answered with the client's version 2025-11-25", async () => {
    const { log } = await connected();
    const entry = log.find((e) => e.message.method === 'initialize');
    expect(entry.message.id).toBe(0);
    expect(entry.reply.result.protocolVersion).toBe('2025-11-25');
  });

  it('notifications/initialized got no reply', async () => {
    const { log } = await connected();
    const entry = log.find((e) => e.message.method === 'notifications/initialized');
    expect(entry).toBeDefined();
    expect(entry.reply ?? null).toBeNull();
  });

  it('the server declares the tools capability', async () => {
    const { client } = await connected();
    expect(client.getServerCapabilities()?.tools).toBeDefined();
  });

  it('initialize asking for 2025-06-18 is answered with 2025-06-18', async () => {
    const reply = await route(initialize(100, '2025-06-18'));
    expect(reply.result.protocolVersion).toBe('2025-06-18');
  });

  it('initialize asking for a version the server does not know is answered with 2025-11-25, its latest', async () => {
    const reply = await route(initialize(101, '2099-01-01'));
    expect(reply).not.toHaveProperty('error');
    expect(reply.result.protocolVersion).toBe('2025-11-25');
  });

  it('every reply the client received carried exactly one of result and error', async () => {
    const s = await connected();
    await ask(s, 'ping', (client) => client.ping(TIMEOUT));
    const replies = s.log.map((e) => e.reply).filter((reply) => reply !== null && reply !== undefined);
    expect(replies.length).toBeGreaterThan(0);
    for (const reply of replies) expect(('result' in reply) !== ('error' in reply)).toBe(true);
    expect(s.clientErrors).toEqual([]);
  });
});

describe('tools through the SDK client', () => {
  it('a tool that fails resolves with isError true: for a tool error the SDK does not throw', async () => {
    const s = await connected();
    const result = await ask(s, 'tools/call', (client) => client.callTool({ name: 'divide', arguments: { a: 1, b: 0 } }, undefined, TIMEOUT));
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'Cannot divide by zero.' }]);
  });

  it('an unknown tool makes callTool reject with an McpError whose code is -32602', async () => {
    const { client } = await connected();
    const outcome = await client.callTool({ name: 'sqrt', arguments: { a: 4 } }, undefined, TIMEOUT).then(
      (result) => ({ resolved: result }),
      (error) => ({ rejected: error }),
    );
    expect(outcome.resolved, 'callTool resolved, so the router answered a result; an unknown tool is a protocol error').toBeUndefined();
    expect(outcome.rejected).toBeInstanceOf(McpError);
    expect(outcome.rejected.code).toBe(-32602);
  });

  it('a missing argument resolves as a tool error, not a rejection', async () => {
    const s = await connected();
    const result = await ask(s, 'tools/call', (client) => client.callTool({ name: 'add', arguments: { a: 1 } }, undefined, TIMEOUT));
    expect(result.isError).toBe(true);
  });

  it('ping resolves with an empty result', async () => {
    const s = await connected();
    expect(await ask(s, 'ping', (client) => client.ping(TIMEOUT))).toEqual({});
  });
});

describe('the router on its own', () => {
  it('an unknown method answers -32601', async () => {
    expect(await route({ jsonrpc: '2.0', id: 200, method: 'resources/list', params: {} })).toEqual({
      jsonrpc: '2.0',
      id: 200,
      error: { code: -32601, message: expect.any(String) },
    });
  });

  it('tools/list with params: undefined, as the SDK sends it, is answered', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 201, method: 'tools/list', params: undefined });
    expect(reply.result.tools).toHaveLength(2);
  });

  it('ping without any params key is answered with {}', async () => {
    expect(await route({ jsonrpc: '2.0', id: 202, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 202, result: {} });
  });

  it('a notification the router does not know, such as notifications/cancelled, gets no reply', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } })).toBeNull();
  });

  it('a string id is echoed unchanged', async () => {
    expect(await route({ jsonrpc: '2.0', id: 'p-1', method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 'p-1', result: {} });
  });
});

describe('every rule of the task, router on its own', () => {
  const NUMBERS = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
  const initialize = (id, protocolVersion) => ({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'tests', version: '0.0.0' } },
  });

  it('initialize agrees to 2025-03-26 and to 2024-11-05, which the server supports too', async () => {
    for (const version of ['2025-03-26', '2024-11-05']) {
      expect((await route(initialize(210, version))).result.protocolVersion, version).toBe(version);
    }
  });

  it('initialize answers a serverInfo whose name and version are non-empty strings', async () => {
    const { serverInfo } = (await route(initialize(211, '2025-11-25'))).result;
    expect(serverInfo).toMatchObject({ name: expect.stringMatching(/\S/), version: expect.stringMatching(/\S/) });
  });

  it('tools/list lists add then divide, each with its description and input schema from the table', async () => {
    expect((await route({ jsonrpc: '2.0', id: 212, method: 'tools/list' })).result).toEqual({
      tools: [
        { name: 'add', description: 'Add two numbers.', inputSchema: NUMBERS },
        { name: 'divide', description: 'Divide a by b.', inputSchema: NUMBERS },
      ],
    });
  });

  it('tools/call divide with 7 and 2 answers the text "3.5"', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 213, method: 'tools/call', params: { name: 'divide', arguments: { a: 7, b: 2 } } });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 213, result: { content: [{ type: 'text', text: '3.5' }] } });
  });

  it('the tool error for missing arguments names what is missing, as a word of its text', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 214, method: 'tools/call', params: { name: 'add', arguments: {} } });
    expect(reply.result.isError).toBe(true);
    expect(reply.result.content[0].text).toMatch(/\b(a|b)\b/);
  });

  it('a tools/call notification for an unknown tool gets no reply: notifications are never answered', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'nope', arguments: {} } })).toBeNull();
  });

  it('the -32601 and -32602 replies carry a short, non-empty message', async () => {
    const unknownMethod = await route({ jsonrpc: '2.0', id: 215, method: 'resources/list', params: {} });
    const unknownTool = await route({ jsonrpc: '2.0', id: 216, method: 'tools/call', params: { name: 'nope', arguments: {} } });
    expect([unknownMethod.error.message, unknownTool.error.message]).toEqual([expect.stringMatching(/\S/), expect.stringMatching(/\S/)]);
  });
});
