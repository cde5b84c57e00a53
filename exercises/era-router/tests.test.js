import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';

const serverInfo = { name: 'era-demo', version: '1.0.0' };
const tools = [
  { name: 'echo', description: 'Repeat the text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
];

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

  it('a modern tools/list carries resultType "complete"', async () => {
    expect(await route(modern(2, 'tools/list'))).toEqual({ jsonrpc: '2.0', id: 2, result: { resultType: 'complete', tools } });
  });

  it('a modern request naming an unsupported version answers -32022 with the supported and requested versions', async () => {
    expect(await route(modern(3, 'tools/list', '2099-01-01'))).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32022, message: expect.any(String), data: { supported: ['2026-07-28'], requested: '2099-01-01' } },
    });
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

  it('initialize with an unknown version is still a result, not an error: the client decides whether to stay', async () => {
    const reply = await route(initialize(13, '1999-01-01'));
    expect(reply).not.toHaveProperty('error');
    expect(reply.result.protocolVersion).toBe('2025-11-25');
  });

  it('initialize asking for 2024-11-05 is answered with a result, never an error: an unknown version is not a failed request', async () => {
    // Only the shape is checked here: which version the result names has tests of its own.
    const reply = await route(initialize(18, '2024-11-05'));
    expect(Object.keys(reply).sort()).toEqual(['id', 'jsonrpc', 'result']);
  });

  it('notifications/initialized gets no reply', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull();
  });

  it('a legacy ping answers an empty result', async () => {
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

  it('a request whose _meta has the protocolVersion key but no clientCapabilities key is legacy', async () => {
    const reply = await route({
      jsonrpc: '2.0',
      id: 17,
      method: 'tools/list',
      params: { _meta: { [VERSION_KEY]: '2026-07-28' } },
    });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 17, result: { tools } });
  });
});

describe('the stateless era', () => {
  it('server/discover answers resultType, the supported versions and the capabilities', async () => {
    const reply = await route(modern(20, 'server/discover'));
    expect(reply).toMatchObject({
      jsonrpc: '2.0',
      id: 20,
      result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } },
    });
  });

  it('server/discover names the server in its result _meta', async () => {
    const reply = await route(modern(21, 'server/discover'));
    expect(reply.result._meta['io.modelcontextprotocol/serverInfo']).toEqual(serverInfo);
  });

  it('server/discover without any _meta is still modern and answered', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 22, method: 'server/discover' });
    expect(reply).toMatchObject({ id: 22, result: { resultType: 'complete', supportedVersions: ['2026-07-28'] } });
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

  it('ping was removed in 2026-07-28: a modern ping answers -32601', async () => {
    expectError(await route(modern(25, 'ping')), 25, -32601);
  });

  it('logging/setLevel was removed in 2026-07-28: a modern one answers -32601', async () => {
    expectError(await route(modern(26, 'logging/setLevel', '2026-07-28', { level: 'info' })), 26, -32601);
  });

  it('initialize does not exist in the stateless era: a modern initialize answers -32601', async () => {
    expectError(await route(modern(27, 'initialize', '2026-07-28', { protocolVersion: '2026-07-28' })), 27, -32601);
  });

  it('a modern request with a string id is answered with that id', async () => {
    expect(await route(modern('req-1', 'tools/list'))).toEqual({ jsonrpc: '2.0', id: 'req-1', result: { resultType: 'complete', tools } });
  });

  it('a modern request without clientInfo is still modern: the era depends on protocolVersion and clientCapabilities', async () => {
    const reply = await route({
      jsonrpc: '2.0',
      id: 28,
      method: 'tools/list',
      params: { _meta: { [VERSION_KEY]: '2026-07-28', [CAPABILITIES_KEY]: {} } },
    });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 28, result: { resultType: 'complete', tools } });
  });

  it('a modern notification gets no reply', async () => {
    const notification = modern(undefined, 'notifications/initialized');
    delete notification.id;
    expect(await route(notification)).toBeNull();
  });
});

describe('which requests are modern, exactly', () => {
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
});

describe('the version is checked before the method', () => {
  it('a modern ping naming an unsupported version answers -32022, not -32601', async () => {
    const reply = await route(modern(43, 'ping', '2025-06-18'));
    expectError(reply, 43, -32022);
    expect(reply.error.data).toEqual({ supported: ['2026-07-28'], requested: '2025-06-18' });
  });

  it('a modern request for an unknown method naming an unsupported version answers -32022, whatever the method', async () => {
    expectError(await route(modern(44, 'no/such/method', '2027-01-01')), 44, -32022);
  });
});

describe('error messages', () => {
  it('the -32022 and -32601 replies of both eras carry a short, non-empty message', async () => {
    const replies = [
      await route(modern(45, 'tools/list', '2025-11-25')),
      await route(modern(46, 'ping')),
      await route({ jsonrpc: '2.0', id: 47, method: 'no/such/method' }),
    ];
    expect(replies.map((r) => r.error.message)).toEqual(Array(3).fill(expect.stringMatching(/\S/)));
  });
});
