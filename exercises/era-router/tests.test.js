import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { route } from '@course/learner';
import { agrees, errorMessage, ids, nearVersions, taskFreedoms, unknownNames, MCP_REVISIONS } from '@course/check';

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

const serverInfo = { name: 'era-demo', version: '1.0.0' };
const tools = [
  { name: 'echo', description: 'Repeat the text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
];
const CACHE = { ttlMs: 60000, cacheScope: 'public' };

// What the task leaves free: the error's message. Not a member set to undefined beside the
// reply's result or error: "as parsed from JSON" is said of the messages that come in, and the
// SDK clients, which get the reply object as it is, wait until they time out on one.
const SAME = taskFreedoms([[errorMessage, 'with a short, non-empty `message` of your choice']]);

// The task's domain (task.md, "What you may assume"): requests and notifications as parsed
// from JSON; a request's id a string or an integer (0 and "" among them); params absent or an
// object; _meta absent, null or an object, whose version (when present) is a string and whose
// capabilities (when present) an object, beside keys of other kinds, keys every object inherits
// among them (an own hasOwnProperty, toString, constructor, valueOf or "__proto__", in _meta and
// in params: "`params`, when present, is an object").
const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18'];
const REAL_METHODS = ['initialize', 'ping', 'tools/list', 'server/discover'];
const OTHER_METHODS = ['tools/call', 'logging/setLevel', 'notifications/initialized', 'resources/list', 'prompts/list'];
const anyId = ids({ fractions: false });
const anyMethod = fc.oneof(
  { arbitrary: fc.constantFrom(...REAL_METHODS), weight: 4 },
  { arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1 },
  { arbitrary: unknownNames([...REAL_METHODS, ...OTHER_METHODS]), weight: 2 },
);
// Versions a client may name: the modern one, the legacy ones, dates near them, pieces of them.
const PIECES = ['2025', '2026', '2025-11', '11-25', '2025-06-1', '2026-07-2', '025-11-25'];
const anyVersion = fc.oneof(
  { arbitrary: fc.constant('2026-07-28'), weight: 4 },
  { arbitrary: fc.constantFrom(...nearVersions(['2026-07-28']), ...PIECES, '2026-07-29', '2026-09-30', '2027-01-01'), weight: 4 },
  { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
);
const legacyRequested = fc.oneof(
  { arbitrary: fc.constantFrom(...LEGACY_VERSIONS), weight: 4 },
  { arbitrary: fc.constantFrom(...nearVersions(LEGACY_VERSIONS), ...MCP_REVISIONS, ...PIECES, '2025-09-01', '2025-08-01', '2025-12-31'), weight: 4 },
  { arbitrary: fc.constantFrom(20251125, null, true, ['2025-11-25'], { version: '2025-11-25' }, ''), weight: 1 },
);
const clientCapabilities = fc.constantFrom({}, { sampling: {} }, { roots: { listChanged: true } }, { elicitation: {}, sampling: {} });
const clientInfo = fc.constantFrom({ name: 'test-client', version: '0.1.0' }, { name: '', version: '' });

/** An object with exactly the own keys given (an own `__proto__` stays a key, as JSON.parse makes it). */
function own(entries) {
  const out = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

// A `_meta` with each reserved key present or not, and keys of other kinds beside them.
const metaObject = (versions = anyVersion, presence = 0.75) =>
  fc
    .record({
      version: fc.option(versions, { freq: Math.round(1 / (1 - presence)), nil: undefined }),
      capabilities: fc.option(clientCapabilities, { freq: Math.round(1 / (1 - presence)), nil: undefined }),
      info: fc.option(clientInfo, { nil: undefined }),
      extra: fc.array(fc.tuple(fc.constantFrom('progressToken', 'example.com/trace', 'io.modelcontextprotocol/related-task', '__proto__', 'protocolVersion', 'hasOwnProperty', 'toString', 'constructor', 'valueOf'), fc.oneof(fc.integer(), fc.string({ maxLength: 4 }))), { maxLength: 2 }),
    })
    .map(({ version, capabilities, info, extra }) =>
      own([
        ...extra,
        ...(version === undefined ? [] : [[VERSION_KEY, version]]),
        ...(capabilities === undefined ? [] : [[CAPABILITIES_KEY, capabilities]]),
        ...(info === undefined ? [] : [[CLIENT_INFO_KEY, info]]),
      ]),
    );
const metaValue = (versions, presence) => fc.oneof({ arbitrary: metaObject(versions, presence), weight: 6 }, { arbitrary: fc.constantFrom(null, {}), weight: 1 });
const paramsOf = (meta) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 1 },
    {
      arbitrary: fc
        .record(
          { _meta: meta, protocolVersion: legacyRequested, cursor: fc.string({ maxLength: 3 }), level: fc.constant('info'), name: fc.constant('echo'), hasOwnProperty: fc.constant(1) },
          { requiredKeys: [] },
        )
        .map((p) => own(Object.entries(p))),
      weight: 6,
    },
  );
/** A request (or, when `id` is undefined, a notification) with params only when they exist. */
const message = (id, method, params) => {
  const msg = own([['jsonrpc', '2.0'], ...(id === undefined ? [] : [['id', id]]), ['method', method]]);
  if (params !== undefined) msg.params = params;
  return msg;
};
const requestsOf = ({ ids: idArb = anyId, methods = anyMethod, meta = metaValue() } = {}) =>
  fc.tuple(idArb, methods, paramsOf(meta)).map(([id, method, params]) => message(id, method, params));
const anyRequest = requestsOf();
const anyMessage = fc.oneof({ arbitrary: anyRequest, weight: 3 }, { arbitrary: fc.tuple(anyMethod, paramsOf(metaValue())).map(([method, params]) => message(undefined, method, params)), weight: 1 });
const oneCall = (msg) => [['route', msg]];

const initialize = (id, protocolVersion) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test-client', version: '0.1.0' } },
});

const modern = (id, method, version = '2026-07-28', params = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: {
    ...params,
    _meta: { [VERSION_KEY]: version, [CAPABILITIES_KEY]: {}, [CLIENT_INFO_KEY]: { name: 'test-client', version: '0.1.0' } },
  },
});

const modernResult = (result) => ({ resultType: 'complete', ...result, ...CACHE, _meta: { [SERVER_INFO_KEY]: serverInfo } });

function expectError(reply, id, code) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
  expect(reply).not.toHaveProperty('result');
  expect(typeof reply.error.message).toBe('string');
}

describe('examples', () => {
  it('a legacy initialize asking for 2025-11-25 gets that version, the capabilities and the serverInfo', async () => {
    expect(await route(initialize(1, '2025-11-25'))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo },
    });
  });

  it('a modern tools/list carries resultType "complete", the caching fields and the serverInfo in _meta', async () => {
    expect(await route(modern(2, 'tools/list'))).toEqual({ jsonrpc: '2.0', id: 2, result: modernResult({ tools }) });
  });

  it('a modern request naming an unsupported version answers -32022 with the supported and requested versions', async () => {
    expect(await route(modern(3, 'tools/list', '2099-01-01'))).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32022, message: expect.any(String), data: { supported: ['2026-07-28'], requested: '2099-01-01' } },
    });
  });

  it('a server/discover without _meta lacks the required keys: -32602', async () => {
    expectError(await route({ jsonrpc: '2.0', id: 4, method: 'server/discover' }), 4, -32602);
  });
});

describe('the legacy handshake', () => {
  it('initialize asking for 2025-06-18, which the server also speaks, gets 2025-06-18 back', async () => {
    expect((await route(initialize(10, '2025-06-18'))).result.protocolVersion).toBe('2025-06-18');
  });

  it('initialize asking for 2024-11-05, which the server does not speak, gets the server latest 2025-11-25', async () => {
    expect((await route(initialize(11, '2024-11-05'))).result.protocolVersion).toBe('2025-11-25');
  });

  it('initialize asking for 2026-07-28 gets 2025-11-25: the new revision is never negotiated through initialize', async () => {
    expect((await route(initialize(12, '2026-07-28'))).result.protocolVersion).toBe('2025-11-25');
  });

  it('initialize asking for a date between the two it speaks gets the latest, 2025-11-25, not the closest', async () => {
    expect((await route(initialize(19, '2025-09-01'))).result.protocolVersion).toBe('2025-11-25');
  });

  it('initialize with an unknown version is still a result, not an error: the client decides whether to stay', async () => {
    const reply = await route(initialize(13, '1999-01-01'));
    expect(reply).not.toHaveProperty('error');
    expect(reply.result.protocolVersion).toBe('2025-11-25');
  });

  it('notifications/initialized gets no reply', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull();
  });

  it('a legacy ping answers an empty result, without resultType', async () => {
    expect(await route({ jsonrpc: '2.0', id: 14, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 14, result: {} });
  });

  it('a legacy tools/list answers { tools } without resultType', async () => {
    expect(await route({ jsonrpc: '2.0', id: 15, method: 'tools/list' })).toEqual({ jsonrpc: '2.0', id: 15, result: { tools } });
  });

  it('a legacy request with id 0 is answered', async () => {
    expect(await route({ jsonrpc: '2.0', id: 0, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });

  it('a legacy unknown method answers -32601', async () => {
    expectError(await route({ jsonrpc: '2.0', id: 16, method: 'prompts/list' }), 16, -32601);
  });

  it('constructor is no method of this server: a legacy request for it answers -32601', async () => {
    expectError(await route({ jsonrpc: '2.0', id: 17, method: 'constructor' }), 17, -32601);
  });
});

describe('the stateless era', () => {
  it('server/discover answers resultType, the supported versions, the capabilities and the caching fields', async () => {
    const reply = await route(modern(20, 'server/discover'));
    expect(reply).toMatchObject({
      jsonrpc: '2.0',
      id: 20,
      result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 60000, cacheScope: 'public' },
    });
  });

  it('server/discover names the server in its result _meta, not beside the other fields', async () => {
    const reply = await route(modern(21, 'server/discover'));
    expect(reply.result._meta).toEqual({ [SERVER_INFO_KEY]: serverInfo });
    expect(reply.result).not.toHaveProperty('serverInfo');
  });

  it('a modern tools/list names the server in its result _meta, as every modern result should', async () => {
    expect((await route(modern(31, 'tools/list'))).result._meta).toEqual({ [SERVER_INFO_KEY]: serverInfo });
  });

  it('server/discover naming an unsupported version answers -32022', async () => {
    const reply = await route(modern(23, 'server/discover', '2025-11-25'));
    expectError(reply, 23, -32022);
    expect(reply.error.data).toEqual({ supported: ['2026-07-28'], requested: '2025-11-25' });
  });

  it('a modern request naming 2025-11-25 answers -32022, although the server speaks 2025-11-25 through initialize', async () => {
    const reply = await route(modern(24, 'tools/list', '2025-11-25'));
    expectError(reply, 24, -32022);
    expect(reply.error.data).toEqual({ supported: ['2026-07-28'], requested: '2025-11-25' });
  });

  it('a later date is another version too: a modern request naming 2026-09-30 answers -32022', async () => {
    expectError(await route(modern(32, 'tools/list', '2026-09-30')), 32, -32022);
  });

  it('the -32022 data names the versions the server supports, only the modern one', async () => {
    expect((await route(modern(33, 'tools/list', '2025-06-18'))).error.data.supported).toEqual(['2026-07-28']);
  });

  it('the -32022 data names the version the client asked for, as it was sent', async () => {
    expect((await route(modern(34, 'server/discover', '2026-07-29'))).error).toMatchObject({ data: { requested: '2026-07-29' } });
  });

  it('ping was removed in 2026-07-28: a modern ping answers -32601', async () => {
    expectError(await route(modern(25, 'ping')), 25, -32601);
  });

  it('initialize does not exist in the stateless era: a modern initialize answers -32601', async () => {
    expectError(await route(modern(27, 'initialize', '2026-07-28', { protocolVersion: '2026-07-28' })), 27, -32601);
  });

  it('a modern request without clientInfo is still served: clientInfo is only recommended', async () => {
    const reply = await route({
      jsonrpc: '2.0',
      id: 28,
      method: 'tools/list',
      params: { _meta: { [VERSION_KEY]: '2026-07-28', [CAPABILITIES_KEY]: {} } },
    });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 28, result: modernResult({ tools }) });
  });

});

describe('which requests are modern, exactly', () => {
  it('a request whose _meta has the protocolVersion key but no clientCapabilities key is modern, and lacks a required key: -32602', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 17, method: 'tools/list', params: { _meta: { [VERSION_KEY]: '2026-07-28' } } });
    expectError(reply, 17, -32602);
  });

  it('a request whose _meta has the clientCapabilities key but no protocolVersion key is legacy', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 40, method: 'tools/list', params: { _meta: { [CAPABILITIES_KEY]: {} } } });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 40, result: { tools } });
  });

  it('a request whose _meta is null is legacy', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 41, method: 'ping', params: { _meta: null } });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 41, result: {} });
  });

  it('a legacy initialize without params gets the latest legacy version, 2025-11-25', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 42, method: 'initialize' });
    expect(reply.result.protocolVersion).toBe('2025-11-25');
  });

  it('a server/discover whose _meta has the version but not the capabilities answers -32602', async () => {
    expectError(await route({ jsonrpc: '2.0', id: 43, method: 'server/discover', params: { _meta: { [VERSION_KEY]: '2026-07-28' } } }), 43, -32602);
  });

  it('an empty version is still a version that was named: -32022 with requested ""', async () => {
    const reply = await route(modern(44, 'tools/list', ''));
    expect(reply.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '' } });
  });
});

describe('the order of the modern checks', () => {
  it('a modern ping naming an unsupported version answers -32022, not -32601', async () => {
    const reply = await route(modern(45, 'ping', '2025-06-18'));
    expectError(reply, 45, -32022);
    expect(reply.error.data).toEqual({ supported: ['2026-07-28'], requested: '2025-06-18' });
  });

  it('a modern request for an unknown method naming an unsupported version answers -32022, whatever the method', async () => {
    expectError(await route(modern(46, 'no/such/method', '2027-01-01')), 46, -32022);
  });

  it('a missing capabilities key comes before the version: -32602 even when the version is unsupported', async () => {
    expectError(await route({ jsonrpc: '2.0', id: 47, method: 'tools/list', params: { _meta: { [VERSION_KEY]: '2025-11-25' } } }), 47, -32602);
  });
});

describe('error messages', () => {
  it('the -32602, -32022 and -32601 replies of both eras carry a short, non-empty message', async () => {
    const replies = [
      await route({ jsonrpc: '2.0', id: 48, method: 'server/discover' }),
      await route(modern(49, 'tools/list', '2025-11-25')),
      await route(modern(50, 'ping')),
      await route({ jsonrpc: '2.0', id: 51, method: 'no/such/method' }),
    ];
    expect(replies.map((r) => r.error.message)).toEqual(Array(4).fill(expect.stringMatching(/\S/)));
  });
});

// A real client of the v2 SDK line (2.4), which speaks both eras, wired to the router through an
// in-memory transport: every message it sends goes to route, every non-null answer goes back.
const SDK_TIMEOUT = { timeout: 1500 };
async function v2Session(mode) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const log = [];
  serverSide.onmessage = (message) => {
    const entry = { message };
    log.push(entry);
    (async () => {
      entry.reply = await route(message);
      if (entry.reply !== null && entry.reply !== undefined) await serverSide.send(entry.reply);
    })().catch((error) => {
      entry.threw = error instanceof Error ? error.message : String(error);
    });
  };
  await serverSide.start();
  const options = mode === 'auto' ? { versionNegotiation: { mode: 'auto', probe: { timeoutMs: 1500 } } } : undefined;
  const client = new Client({ name: 'course-judge', version: '1.0.0' }, options);
  const said = (entry) => (entry === undefined ? 'nothing reached your router' : entry.threw !== undefined ? `your router threw: ${entry.threw}` : `your router answered ${JSON.stringify(entry.reply)}`);
  try {
    await client.connect(clientSide, SDK_TIMEOUT);
  } catch (error) {
    throw new Error(`The v2 client (${mode} mode) could not connect: ${error instanceof Error ? error.message : String(error)}. To its first message, ${log[0]?.message.method}, ${said(log[0])}.`);
  }
  const listTools = async () => {
    try {
      return await client.listTools(undefined, SDK_TIMEOUT);
    } catch (error) {
      throw new Error(`The v2 client's listTools failed: ${error instanceof Error ? error.message : String(error)}. To its tools/list, ${said(log.findLast((e) => e.message.method === 'tools/list'))}.`);
    }
  };
  return { client, log, listTools };
}

describe('the official SDK client of the v2 line (2.4)', () => {
  it('in its default mode it runs the initialize handshake, and lists the tool in the legacy era', async () => {
    const { client, log, listTools } = await v2Session('default');
    expect(log[0].message.method).toBe('initialize');
    expect([client.getProtocolEra(), client.getNegotiatedProtocolVersion()]).toEqual(['legacy', '2025-11-25']);
    expect((await listTools()).tools).toEqual(tools);
  });

  it('in auto mode its server/discover probe finds 2026-07-28 and the server name, and it lists the tool statelessly', async () => {
    const { client, log, listTools } = await v2Session('auto');
    expect(log[0].message.method).toBe('server/discover');
    expect([client.getProtocolEra(), client.getNegotiatedProtocolVersion()]).toEqual(['modern', '2026-07-28']);
    expect(client.getServerVersion()).toEqual(serverInfo);
    expect((await listTools()).tools).toEqual(tools);
    expect(log.some((e) => e.message.method === 'initialize')).toBe(false);
  });
});

describe('every message of the task (generated)', () => {
  it('answers every request and notification of either era as a correct router does, whatever its id, method and _meta', () => agrees({ input: anyMessage, calls: oneCall, same: SAME }));

  it('a request is modern when its _meta names a version or its method is server/discover, and a modern one lacking the version or the capabilities key answers -32602', () =>
    agrees({ input: requestsOf({ methods: fc.constantFrom(...REAL_METHODS, 'no/such/method'), meta: metaValue(fc.constantFrom('2026-07-28', '2025-11-25', ''), 0.5) }), calls: oneCall, same: SAME }));

  it('a modern request naming any version but 2026-07-28 answers -32022 with the supported and requested versions, whatever the method', () =>
    agrees({ input: requestsOf({ meta: metaObject(anyVersion.filter((v) => v !== '2026-07-28'), 0.95) }), calls: oneCall, same: SAME }));

  it('initialize answers the requested version only when the server lists it, else its latest', () =>
    agrees({ input: requestsOf({ methods: fc.constant('initialize'), meta: fc.constantFrom(null, {}, { [CAPABILITIES_KEY]: {} }) }), calls: oneCall, same: SAME }));
});
