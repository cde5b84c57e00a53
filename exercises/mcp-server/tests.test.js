import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2, ProtocolError } from '@modelcontextprotocol/client';
import { route } from '@course/learner';
import { agrees, errorMessage, ids, namesWord, nearVersions, taskFreedoms, unknownNames, ANY_TEXT } from '@course/check';

// How long an SDK client waits for each answer. Short, so a router that never answers fails fast.
const TIMEOUT = { timeout: 1500 };

const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const serverInfo = { name: 'course-calculator', version: '1.0.0' };
const NUMBERS = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
const REQUIRED = { add: ['a', 'b'], divide: ['a', 'b'] };

/**
 * The SDK lines the tests drive, each with its own Client and transport: the 1.x line, and the v2
 * line in its default mode (the initialize handshake) and in auto mode (server/discover first).
 */
const LINES = {
  v1: {
    title: 'the 1.x client',
    client: () => new Client({ name: 'course-judge', version: '1.0.0' }),
    pair: () => InMemoryTransport.createLinkedPair(),
    callTool: (client, params) => client.callTool(params, undefined, TIMEOUT),
    protocolError: McpError,
  },
  v2: {
    title: 'the v2 client',
    client: () => new ClientV2({ name: 'course-judge', version: '1.0.0' }),
    pair: () => InMemoryTransportV2.createLinkedPair(),
    callTool: (client, params) => client.callTool(params, TIMEOUT),
    protocolError: ProtocolError,
  },
  v2auto: {
    title: 'the v2 client in auto mode',
    client: () => new ClientV2({ name: 'course-judge', version: '1.0.0' }, { versionNegotiation: { mode: 'auto', probe: { timeoutMs: 1500 } } }),
    pair: () => InMemoryTransportV2.createLinkedPair(),
    callTool: (client, params) => client.callTool(params, TIMEOUT),
    protocolError: ProtocolError,
  },
};

const short = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 300 ? text.slice(0, 300) + '...' : text;
};

/**
 * Connects one SDK line's client to the learner's router through a linked in-memory pair. The
 * server side hands every message to `route` and sends back what it returns; `log` keeps, for
 * each message, what `route` answered or threw, so a failure can say what went wrong.
 */
async function connectClient(line) {
  const [clientSide, serverSide] = line.pair();
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
  const client = line.client();
  // The client reports replies it cannot use (such as a malformed envelope) here; keep them.
  const clientErrors = [];
  client.onerror = (error) => clientErrors.push(error.message);
  try {
    // No sessionId on the transport: with one, the 1.x client would skip initialize.
    await client.connect(clientSide, TIMEOUT);
  } catch (error) {
    // The auto mode's first message is the probe; when the probe was answered, initialize failed.
    const probe = log.find((e) => e.message.method === 'server/discover');
    const first = probe && !answered(probe) ? 'server/discover' : 'initialize';
    throw new Error(`${line.title} could not connect. ${explain(log, first, error)}`);
  }
  return { client, log, clientErrors, line };
}

/** Whether the router sent a reply (of any shape) for a logged request. */
const answered = (entry) => entry.threw === undefined && entry.reply !== null && entry.reply !== undefined;

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
      return "The client's initialize request has id 0 and your router answered null, so connect() never finished: id 0 is a request, only a missing id makes a notification.";
    }
    if (method === 'server/discover') {
      return `The client first sent server/discover (id ${id}) and your router answered null, so the probe timed out and connect() failed. This server has no such method: answer it -32601, and the client falls back to initialize.`;
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

// One client per SDK line for the whole file: a router that cannot connect fails each line's tests after a single timeout.
const sessions = {};
const connected = (name = 'v1') => (sessions[name] ??= connectClient(LINES[name]));

const initialize = (id, protocolVersion) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test-client', version: '0.1.0' } },
});

// The probe the v2 client sends first in auto mode, as it sends it.
const discoverProbe = {
  jsonrpc: '2.0',
  id: 'server-discover-probe-1',
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'course-judge', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
};

describe('examples', () => {
  // First in the file, so that no initialize has reached route yet: "route keeps no state: it
  // answers each message on its own, whether or not initialize came first".
  it('route keeps no state: tools/list is answered before any initialize has come', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'add' }, { name: 'divide' }] } });
  });

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

/** The checks every SDK line runs once connected: list, call (a result, a tool error, a protocol error), ping. */
function throughTheClient(name) {
  it('connects, and its session speaks 2025-11-25 with the starter serverInfo', async () => {
    const { client } = await connected(name);
    expect(client.getServerVersion()).toEqual(serverInfo);
    expect(client.getServerCapabilities()).toEqual({ tools: {} });
  });

  it('listTools returns add then divide, each with the table schema', async () => {
    const s = await connected(name);
    const { tools } = await ask(s, 'tools/list', (client) => client.listTools(undefined, TIMEOUT));
    expect(tools.map((tool) => [tool.name, tool.inputSchema])).toEqual([
      ['add', NUMBERS],
      ['divide', NUMBERS],
    ]);
  });

  it('callTool divide with 1 and 0 resolves with isError true: for a tool error the SDK does not throw', async () => {
    const s = await connected(name);
    const result = await ask(s, 'tools/call', (client) => s.line.callTool(client, { name: 'divide', arguments: { a: 1, b: 0 } }));
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'Cannot divide by zero.' }]);
  });

  it('callTool for an unknown tool rejects with a protocol error whose code is -32602', async () => {
    const s = await connected(name);
    const outcome = await s.line.callTool(s.client, { name: 'sqrt', arguments: { a: 4 } }).then(
      (result) => ({ resolved: result }),
      (error) => ({ rejected: error }),
    );
    expect(outcome.resolved, 'callTool resolved, so the router answered a result; an unknown tool is a protocol error').toBeUndefined();
    expect(outcome.rejected).toBeInstanceOf(s.line.protocolError);
    expect(outcome.rejected.code).toBe(-32602);
  });


  it('ping resolves with an empty result', async () => {
    const s = await connected(name);
    expect(await ask(s, 'ping', (client) => client.ping(TIMEOUT))).toEqual({});
  });
}

describe('the 1.x SDK client (1.32)', () => {
  throughTheClient('v1');

  // The v2 clients read tool errors as this one does (the divide check), so only this line sends it.
  it('callTool with a missing argument resolves as a tool error, not a rejection', async () => {
    const s = await connected('v1');
    const result = await ask(s, 'tools/call', (client) => s.line.callTool(client, { name: 'add', arguments: { a: 1 } }));
    expect(result.isError).toBe(true);
  });
});

describe('the v2 SDK client (2.4), default mode: initialize first', () => {
  throughTheClient('v2');

  it('sent initialize first, and the session is of the legacy era', async () => {
    const { client, log } = await connected('v2');
    expect(log[0].message.method).toBe('initialize');
    expect([client.getProtocolEra(), client.getNegotiatedProtocolVersion()]).toEqual(['legacy', '2025-11-25']);
  });
});

describe('the v2 SDK client (2.4), auto mode: server/discover first', () => {
  throughTheClient('v2auto');

  it('probed with server/discover, got -32601 as for any method this server lacks, and fell back to initialize', async () => {
    const { client, log } = await connected('v2auto');
    expect(log.map((e) => e.message.method).slice(0, 2)).toEqual(['server/discover', 'initialize']);
    expect(log[0].reply).toMatchObject({ jsonrpc: '2.0', id: log[0].message.id, error: { code: -32601 } });
    expect(log[0].reply).not.toHaveProperty('result');
    expect(client.getProtocolEra()).toBe('legacy');
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

  it('server/discover, the first message of a 2026-07-28 client, answers -32601: this server speaks only the handshake era', async () => {
    expect(await route(discoverProbe)).toEqual({ jsonrpc: '2.0', id: 'server-discover-probe-1', error: { code: -32601, message: expect.any(String) } });
  });

  it('logging/setLevel answers -32601: this server declares no logging', async () => {
    expect((await route({ jsonrpc: '2.0', id: 203, method: 'logging/setLevel', params: { level: 'info' } })).error.code).toBe(-32601);
  });

  it('constructor and toString are no methods of this server: both answer -32601', async () => {
    const replies = [await route({ jsonrpc: '2.0', id: 204, method: 'constructor' }), await route({ jsonrpc: '2.0', id: 205, method: 'toString' })];
    expect(replies.map((reply) => reply.error?.code)).toEqual([-32601, -32601]);
  });

  it('tools/list with params: undefined, as the 1.x SDK sends it, is answered', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 201, method: 'tools/list', params: undefined });
    expect(reply.result.tools).toHaveLength(2);
  });

  it('ping without any params key is answered with {}', async () => {
    expect(await route({ jsonrpc: '2.0', id: 202, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 202, result: {} });
  });

  it('a notification the router does not know, such as notifications/cancelled, gets no reply', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } })).toBeNull();
  });

  it('a ping without an id is a notification: it gets no reply', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'ping' })).toBeNull();
  });

  it('a request whose method starts with notifications/ but that has an id is a request: it answers -32601', async () => {
    expect((await route({ jsonrpc: '2.0', id: 206, method: 'notifications/initialized' })).error.code).toBe(-32601);
  });

  it('a string id is echoed unchanged', async () => {
    expect(await route({ jsonrpc: '2.0', id: 'p-1', method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 'p-1', result: {} });
  });
});

describe('every rule of the task, router on its own', () => {
  it('initialize agrees to 2025-03-26 and to 2024-11-05, which the server supports too', async () => {
    for (const version of ['2025-03-26', '2024-11-05']) {
      expect((await route(initialize(210, version))).result.protocolVersion, version).toBe(version);
    }
  });

  it('initialize never offers a version the server does not support, whatever the client asks for', async () => {
    const offered = await Promise.all(['2026-07-28', '2025-11-24', '1.0'].map(async (v, i) => (await route(initialize(222 + i, v))).result?.protocolVersion));
    for (const version of offered) expect(SUPPORTED).toContain(version);
  });

  it('the tools capability is an empty object, as the schema wants a capability to be', async () => {
    expect((await route(initialize(225, '2025-11-25'))).result.capabilities.tools).toStrictEqual({});
  });

  it('initialize answers exactly the version, the tools capability alone and the starter serverInfo', async () => {
    expect((await route(initialize(211, '2025-11-25'))).result).toStrictEqual({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo });
  });

  it('tools/list lists add then divide, each with exactly its name, description and input schema from the table', async () => {
    expect((await route({ jsonrpc: '2.0', id: 212, method: 'tools/list' })).result).toStrictEqual({
      tools: [
        { name: 'add', description: 'Add two numbers.', inputSchema: NUMBERS },
        { name: 'divide', description: 'Divide a by b.', inputSchema: NUMBERS },
      ],
    });
  });

  it('the input schemas stay as the table holds them, list after list', async () => {
    await route({ jsonrpc: '2.0', id: 217, method: 'tools/list' });
    const again = await route({ jsonrpc: '2.0', id: 218, method: 'tools/list' });
    expect(again.result.tools.map((tool) => tool.inputSchema)).toStrictEqual([NUMBERS, NUMBERS]);
  });

  it('tools/call divide with 7 and 2 answers the text "3.5"', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 213, method: 'tools/call', params: { name: 'divide', arguments: { a: 7, b: 2 } } });
    expect({ ...reply, result: success(reply.result) }).toEqual({ jsonrpc: '2.0', id: 213, result: { content: [{ type: 'text', text: '3.5' }] } });
  });

  it('an argument of 0 is there: add with a 0 and b 0 answers the text "0"', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 219, method: 'tools/call', params: { name: 'add', arguments: { a: 0, b: 0 } } });
    expect(success(reply.result)).toEqual({ content: [{ type: 'text', text: '0' }] });
  });

  it('an argument may be named like a method every object has: add with a, b and hasOwnProperty answers the sum', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 229, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2, hasOwnProperty: 1 } } });
    expect(success(reply.result)).toEqual({ content: [{ type: 'text', text: '3' }] });
  });

  it('Add is not the tool add: tool names are matched exactly, so it answers -32602', async () => {
    expect((await route({ jsonrpc: '2.0', id: 220, method: 'tools/call', params: { name: 'Add', arguments: { a: 1, b: 2 } } })).error?.code).toBe(-32602);
  });

  it('the tool error for missing arguments names what is missing, as a word of its text', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 214, method: 'tools/call', params: { name: 'add', arguments: {} } });
    expect(reply.result.isError).toBe(true);
    const { text } = reply.result.content[0];
    expect(namesWord(text, 'a') || namesWord(text, 'b'), JSON.stringify(text)).toBe(true);
  });

  // An "a" before a word ("Missing a required argument: b") is the article, not argument a (namesWord).
  it('the tool error names each missing argument: with only b missing it names b, and with both missing it names b', async () => {
    const onlyB = await route({ jsonrpc: '2.0', id: 225, method: 'tools/call', params: { name: 'add', arguments: { a: 1 } } });
    expect(onlyB.result.isError).toBe(true);
    expect(namesWord(onlyB.result.content[0].text, 'b'), JSON.stringify(onlyB.result.content[0].text)).toBe(true);
    const both = await route({ jsonrpc: '2.0', id: 226, method: 'tools/call', params: { name: 'divide', arguments: {} } });
    expect(both.result.isError).toBe(true);
    expect(namesWord(both.result.content[0].text, 'b'), JSON.stringify(both.result.content[0].text)).toBe(true);
  });

  it('the tool error names each missing argument: with both missing it names a too', async () => {
    const both = await route({ jsonrpc: '2.0', id: 227, method: 'tools/call', params: { name: 'divide', arguments: {} } });
    expect(both.result.isError).toBe(true);
    expect(namesWord(both.result.content[0].text, 'a'), JSON.stringify(both.result.content[0].text)).toBe(true);
  });

  it('a tools/call without any arguments is a tool error too: both arguments are missing', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 221, method: 'tools/call', params: { name: 'add' } });
    expect(reply.result).toMatchObject({ isError: true, content: [{ type: 'text' }] });
    const { text } = reply.result.content[0];
    expect([namesWord(text, 'a'), namesWord(text, 'b')], JSON.stringify(text)).toEqual([true, true]);
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

// ---- Generated checks: raw messages, compared with the reference ----
//
// The task's domain ("What you may assume"): requests and notifications as parsed from JSON; a
// request's id a string or an integer (0 and "" among them); params absent or an object; in
// tools/call a name (a string, or none) and arguments (an object, or none) whose values are any
// JSON values, and whose keys may be named as every object's methods. Methods: the server's four, the ones a client may try that it does not have
// (server/discover first among them), near misses and inherited names.
//
// What the task leaves free, each with its sentence (task.md):
// - "a short, non-empty message of your choice";
// - "with a text of your choice that names each missing argument" (a fixed test checks the naming);
// - "adding isError: false is fine: it is the default".
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
// "adding isError: false is fine: it is the default": a successful result is compared without it.
const success = (result) => {
  if (!isObject(result) || result.isError !== false) return result;
  const { isError, ...rest } = result;
  return rest;
};
function missesAnArgument(msg) {
  if (!isObject(msg) || msg.method !== 'tools/call' || !isObject(msg.params)) return false;
  const { name } = msg.params;
  if (typeof name !== 'string' || !Object.hasOwn(REQUIRED, name)) return false;
  const args = isObject(msg.params.arguments) ? msg.params.arguments : {};
  return REQUIRED[name].some((key) => !Object.hasOwn(args, key));
}
const missingArgumentText = {
  name: 'missing-argument-text',
  says: 'the text of the tool error for a missing argument is your own',
  normalize: (reply, call) => {
    if (!missesAnArgument(call.args[0]) || !isObject(reply) || !isObject(reply.result) || !Array.isArray(reply.result.content)) return reply;
    const content = reply.result.content.map((part) => (isObject(part) && typeof part.text === 'string' ? { ...part, text: ANY_TEXT } : part));
    return { ...reply, result: { ...reply.result, content } };
  },
  vary: (reply, call) => {
    if (!missesAnArgument(call.args[0]) || !isObject(reply) || !isObject(reply.result) || !Array.isArray(reply.result.content)) return reply;
    const args = isObject(call.args[0].params.arguments) ? call.args[0].params.arguments : {};
    const missing = REQUIRED[call.args[0].params.name].filter((key) => !Object.hasOwn(args, key));
    return { ...reply, result: { ...reply.result, content: [{ type: 'text', text: `Please give ${missing.join(' and ')}.` }] } };
  },
};
const isErrorFalse = {
  name: 'is-error-false',
  says: 'a successful tool result may say isError: false or leave it out',
  normalize: (reply, call) => {
    if (call.args[0]?.method !== 'tools/call' || !isObject(reply) || !isObject(reply.result) || reply.result.isError !== false) return reply;
    const { isError, ...rest } = reply.result;
    return { ...reply, result: rest };
  },
  vary: (reply, call) => {
    if (call.args[0]?.method !== 'tools/call' || !isObject(reply) || !isObject(reply.result) || !Array.isArray(reply.result.content) || Object.hasOwn(reply.result, 'isError')) return reply;
    return { ...reply, result: { ...reply.result, isError: false } };
  },
};
const SAME = taskFreedoms([
  [errorMessage, 'a short, non-empty `message` of your choice'],
  [missingArgumentText, 'with a text of your choice that names each missing argument'],
  [isErrorFalse, 'adding `isError: false` is fine: it is the default'],
]);

/** An object with exactly the own keys given (an own `__proto__` stays a key, as JSON.parse makes it). */
function own(entries) {
  const out = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

const METHODS = ['initialize', 'ping', 'tools/list', 'tools/call'];
const OTHER_METHODS = ['server/discover', 'logging/setLevel', 'resources/list', 'prompts/list', 'notifications/initialized', 'notifications/cancelled', 'notifications/progress'];
const anyId = ids({ fractions: false });
const otherMethod = fc.oneof({ arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1 }, { arbitrary: unknownNames(METHODS), weight: 2 });
const anyMethod = fc.oneof({ arbitrary: fc.constantFrom(...METHODS), weight: 3 }, { arbitrary: otherMethod, weight: 1 });
const anyVersion = fc.oneof(
  { arbitrary: fc.constantFrom(...SUPPORTED), weight: 4 },
  { arbitrary: fc.constantFrom(...nearVersions(SUPPORTED), '2025-03-25', '2025'), weight: 4 },
  { arbitrary: fc.constantFrom(20251125, null, true, ['2025-11-25']), weight: 1 },
);
const initializeParams = fc
  .record({ protocolVersion: anyVersion, capabilities: fc.constantFrom({}, { sampling: {} }, { roots: { listChanged: true } }), clientInfo: fc.constant({ name: 'judge', version: '1.0.0' }) }, { requiredKeys: [] })
  .map((p) => own(Object.entries(p)));
const argumentValue = fc.oneof(
  { arbitrary: fc.integer({ min: -50, max: 50 }), weight: 4 },
  { arbitrary: fc.constantFrom(0, -0, 0.5, -1.5, 1e21, 2 ** 53), weight: 2 },
  { arbitrary: fc.constantFrom(null, '', '2', false, true, [], {}), weight: 2 },
  { arbitrary: fc.string({ maxLength: 3 }), weight: 1 },
);
// Each argument there or not; beside them an unknown key, an own "__proto__" as JSON.parse makes it,
// and a key named as every object's methods ("`arguments` (when present) an object": any key).
const maybe = (arbitrary, freq = 5) => fc.option(arbitrary, { freq, nil: undefined });
const inheritedKey = fc.constantFrom(['hasOwnProperty', 1], ['toString', 'x'], ['constructor', {}], ['valueOf', null]);
const toolArguments = fc
  .tuple(maybe(argumentValue), maybe(argumentValue), maybe(argumentValue, 2), maybe(fc.constant({ a: 1 }), 2), maybe(inheritedKey, 3))
  .map(([a, b, c, proto, inherited]) => own([['a', a], ['b', b], ['c', c], ['__proto__', proto], ...(inherited === undefined ? [] : [inherited])].filter(([, v]) => v !== undefined)));
const toolName = fc.oneof(
  { arbitrary: fc.constantFrom('add', 'divide'), weight: 4 },
  { arbitrary: unknownNames(['add', 'divide']), weight: 2 },
  { arbitrary: fc.constantFrom('sqrt', 'tools', 'run', 'description', 'numbers'), weight: 1 },
);
const toolCallParams = fc
  .record({ name: toolName, arguments: toolArguments, _meta: fc.constant({ progressToken: 1 }) }, { requiredKeys: ['name'] })
  .map((p) => own(Object.entries(p)));
const otherParams = fc.constantFrom({}, { cursor: 'next' }, { level: 'info' }, { requestId: 1, reason: 'timed out' }, { _meta: { progressToken: 'p' } });
const maybeParams = (present) => fc.option(present, { freq: 6, nil: undefined });
// Params of each kind drawn side by side, the method picking its own: unlike `chain`, which stops
// shrinking the id and the method once the params shrank, every part of a message shrinks.
const paramsByKind = fc.record({
  initialize: maybeParams(initializeParams),
  call: maybeParams(fc.oneof({ arbitrary: toolCallParams, weight: 8 }, { arbitrary: fc.constant({}), weight: 1 })),
  other: maybeParams(otherParams),
});
const paramsFor = (method, byKind) => (method === 'initialize' ? byKind.initialize : method === 'tools/call' ? byKind.call : byKind.other);
/** A request (or, when `id` is undefined, a notification) with params only when they exist. */
const message = (id, method, params) => own([['jsonrpc', '2.0'], ...(id === undefined ? [] : [['id', id]]), ['method', method], ...(params === undefined ? [] : [['params', params]])]);
const messagesOf = ({ methods = anyMethod, notifications = 4 } = {}) =>
  fc.tuple(fc.option(anyId, { freq: notifications, nil: undefined }), methods, paramsByKind).map(([id, method, byKind]) => message(id, method, paramsFor(method, byKind)));
// A session: the handshake a client opens with, then messages of every kind, enough to break order and bookkeeping.
const sessionOf = fc
  .tuple(fc.tuple(anyId, fc.option(initializeParams, { freq: 8, nil: undefined })), fc.array(messagesOf(), { minLength: 1, maxLength: 4 }))
  .map(([[id, params], rest]) => [message(id, 'initialize', params), message(undefined, 'notifications/initialized'), ...rest]);

describe('every message of the task (generated)', () => {
  it('answers every message of a session as a correct server does: initialize, notifications, tools/list, tools/call, ping and other methods, in any order', () =>
    agrees({ input: sessionOf, calls: (msgs) => msgs.map((msg) => ['route', msg]), same: SAME }));

  it("initialize answers the client's version when the server supports it, else 2025-11-25, with the tools capability alone and the starter serverInfo", () =>
    agrees({ input: messagesOf({ methods: fc.constant('initialize'), notifications: 20 }), calls: (msg) => [['route', msg]], same: SAME }));

  it('tools/call runs a tool named exactly as in the table; a missing argument or a thrown error is a tool error, any other name -32602', () =>
    agrees({ input: messagesOf({ methods: fc.constant('tools/call'), notifications: 20 }), calls: (msg) => [['route', msg]], same: SAME }));

  it('any other method answers -32601, server/discover and inherited names included, and a notification gets nothing, whatever its method', () =>
    agrees({ input: messagesOf({ methods: fc.oneof(otherMethod, fc.constantFrom(...METHODS)), notifications: 2 }), calls: (msg) => [['route', msg]], same: SAME }));
});
