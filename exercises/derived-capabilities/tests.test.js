import { describe, it, expect } from 'vitest';
import { capabilities, dispatch } from '@course/learner';

const ALL = ['listTools', 'callTool', 'listResources', 'readResource', 'listPrompts', 'getPrompt', 'setLevel', 'complete'];
const TOOLS = ['listTools', 'callTool'];

const request = (id, method, params) => (params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
const initialize = (id, protocolVersion = '2025-11-25') =>
  request(id, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'tests', version: '0.0.0' } });

function expectMethodNotFound(reply, id) {
  expect(reply).toEqual({ jsonrpc: '2.0', id, error: expect.objectContaining({ code: -32601, message: expect.any(String) }) });
}

describe('examples', () => {
  it('a server with listTools and callTool advertises tools and nothing else', async () => {
    expect(await capabilities(TOOLS)).toEqual({ tools: {} });
  });

  it("the task's listTools, callTool and setLevel advertise tools and logging", async () => {
    expect(await capabilities(['listTools', 'callTool', 'setLevel'])).toEqual({ tools: {}, logging: {} });
  });

  it("the task's listTools alone advertises nothing: half a feature is not advertised", async () => {
    expect(await capabilities(['listTools'])).toEqual({});
  });

  it('tools/list is answered when listTools is present', async () => {
    const reply = await dispatch(TOOLS, request(1, 'tools/list'));
    expect(reply.result.tools.map((t) => t.name)).toEqual(['echo']);
  });

  it('tools/list is -32601 when listTools is missing', async () => {
    expectMethodNotFound(await dispatch([], request(2, 'tools/list')), 2);
  });

  it('initialize advertises the derived capabilities', async () => {
    const reply = await dispatch(TOOLS, initialize(3));
    expect(reply.result.capabilities).toEqual({ tools: {} });
  });
});

describe('capabilities are derived from the callbacks present', () => {
  it('no callbacks at all advertises nothing: {}', async () => {
    expect(await capabilities([])).toEqual({});
  });

  it('every callback advertises all five capabilities', async () => {
    expect(await capabilities(ALL)).toEqual({ tools: {}, resources: {}, prompts: {}, logging: {}, completions: {} });
  });

  it('listResources and readResource advertise resources only', async () => {
    expect(await capabilities(['listResources', 'readResource'])).toEqual({ resources: {} });
  });

  it('prompts and setLevel advertise prompts and logging', async () => {
    expect(await capabilities(['getPrompt', 'setLevel', 'listPrompts'])).toEqual({ prompts: {}, logging: {} });
  });

  it('complete alone advertises completions', async () => {
    expect(await capabilities(['complete'])).toEqual({ completions: {} });
  });

  it('half a feature (listTools without callTool) is not advertised', async () => {
    expect(await capabilities(['listTools'])).toEqual({});
  });

  it('the order of the callback names does not matter', async () => {
    expect(await capabilities(['callTool', 'complete', 'listTools'])).toEqual({ tools: {}, completions: {} });
  });

  it('names that are not callbacks are ignored', async () => {
    expect(await capabilities(['fly', 'toString'])).toEqual({});
  });
});

describe('initialize', () => {
  it('initialize advertises nothing for a server with no optional callbacks', async () => {
    expect((await dispatch([], initialize(10))).result.capabilities).toEqual({});
  });

  it('initialize advertises resources and completions when those callbacks are present', async () => {
    const present = ['listResources', 'readResource', 'complete'];
    expect((await dispatch(present, initialize(11))).result.capabilities).toEqual({ resources: {}, completions: {} });
  });

  it('initialize answers with serverInfo name and version', async () => {
    const { serverInfo } = (await dispatch(ALL, initialize(12))).result;
    expect(serverInfo).toEqual(expect.objectContaining({ name: expect.any(String), version: expect.any(String) }));
  });

  it('initialize agrees to a supported older version the client asks for', async () => {
    expect((await dispatch(ALL, initialize(13, '2025-06-18'))).result.protocolVersion).toBe('2025-06-18');
  });

  it('initialize offers its latest version when the client asks for one it does not know', async () => {
    expect((await dispatch(ALL, initialize(14, '1999-01-01'))).result.protocolVersion).toBe('2025-11-25');
  });
});

describe('a missing callback answers -32601', () => {
  it('resources/read is -32601 without readResource', async () => {
    expectMethodNotFound(await dispatch(TOOLS, request(20, 'resources/read', { uri: 'file:///readme.md' })), 20);
  });

  it('resources/list is -32601 without listResources, not an empty list', async () => {
    expectMethodNotFound(await dispatch(TOOLS, request(21, 'resources/list')), 21);
  });

  it('prompts/list is -32601 without listPrompts, not an empty list', async () => {
    expectMethodNotFound(await dispatch([], request(22, 'prompts/list')), 22);
  });

  it('logging/setLevel is -32601 without setLevel', async () => {
    expectMethodNotFound(await dispatch(TOOLS, request(23, 'logging/setLevel', { level: 'info' })), 23);
  });

  it('completion/complete is -32601 without complete', async () => {
    expectMethodNotFound(await dispatch(TOOLS, request(24, 'completion/complete', {})), 24);
  });

  it('tools/call is -32601 when only listTools is present, while tools/list works', async () => {
    expectMethodNotFound(await dispatch(['listTools'], request(25, 'tools/call', { name: 'echo', arguments: { text: 'x' } })), 25);
    expect((await dispatch(['listTools'], request(26, 'tools/list'))).result.tools).toHaveLength(1);
  });

  it('a method no callback serves is -32601 even with every callback present', async () => {
    expectMethodNotFound(await dispatch(ALL, request(27, 'roots/list')), 27);
  });

  it('the inherited name toString is -32601', async () => {
    expectMethodNotFound(await dispatch(ALL, request(28, 'toString')), 28);
  });

  it('listing a callback name as a method does not call it: listTools is -32601', async () => {
    expectMethodNotFound(await dispatch(ALL, request(29, 'listTools')), 29);
  });
});

describe('present callbacks are called', () => {
  it('tools/call echoes the text', async () => {
    const reply = await dispatch(TOOLS, request(30, 'tools/call', { name: 'echo', arguments: { text: 'hi' } }));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 30, result: { content: [{ type: 'text', text: 'hi' }] } });
  });

  it('resources/read returns the contents of the uri asked for', async () => {
    const reply = await dispatch(['listResources', 'readResource'], request(31, 'resources/read', { uri: 'file:///readme.md' }));
    expect(reply.result.contents[0]).toEqual({ uri: 'file:///readme.md', mimeType: 'text/markdown', text: '# Read me' });
  });

  it('logging/setLevel answers {} when setLevel is present', async () => {
    expect(await dispatch(['setLevel'], request(32, 'logging/setLevel', { level: 'debug' }))).toEqual({ jsonrpc: '2.0', id: 32, result: {} });
  });

  it('prompts/get answers with messages when getPrompt is present', async () => {
    const reply = await dispatch(['listPrompts', 'getPrompt'], request(33, 'prompts/get', { name: 'greet' }));
    expect(reply.result.messages).toHaveLength(1);
  });
});

describe('always there', () => {
  it('ping is answered with {} even with no optional callback', async () => {
    expect(await dispatch([], request(40, 'ping'))).toEqual({ jsonrpc: '2.0', id: 40, result: {} });
  });

  it('notifications/initialized gets null', async () => {
    expect(await dispatch(ALL, { jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull();
  });

  it('a notification for a missing callback gets null, not -32601', async () => {
    expect(await dispatch([], { jsonrpc: '2.0', method: 'logging/setLevel', params: { level: 'info' } })).toBeNull();
  });

  it('a request with id 0 is answered', async () => {
    expect(await dispatch([], request(0, 'ping'))).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });
});

describe('a present callback answers exactly what its implementation returns', () => {
  it('tools/list answers what listTools returns: the echo tool with its description and input schema', async () => {
    const reply = await dispatch(TOOLS, request(50, 'tools/list'));
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 50,
      result: { tools: [{ name: 'echo', description: 'Repeats its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }] },
    });
  });

  it('resources/list answers what listResources returns when both resources callbacks are present', async () => {
    const reply = await dispatch(['listResources', 'readResource'], request(51, 'resources/list'));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 51, result: { resources: [{ uri: 'file:///readme.md', name: 'readme.md', mimeType: 'text/markdown' }] } });
  });

  it('prompts/list answers what listPrompts returns when it is present', async () => {
    const reply = await dispatch(['listPrompts', 'getPrompt'], request(52, 'prompts/list'));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 52, result: { prompts: [{ name: 'greet', description: 'Says hello.' }] } });
  });

  it('prompts/get answers exactly what getPrompt returns', async () => {
    const reply = await dispatch(['listPrompts', 'getPrompt'], request(53, 'prompts/get', { name: 'greet' }));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 53, result: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }] } });
  });

  it('completion/complete answers what complete returns when it is present', async () => {
    const reply = await dispatch(['complete'], request(54, 'completion/complete', { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'x', value: 'h' } }));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 54, result: { completion: { values: ['hello'], hasMore: false } } });
  });

  it('a present callback gets {} when params are absent: resources/read without params answers, it does not crash', async () => {
    const reply = await dispatch(['listResources', 'readResource'], request(55, 'resources/read'));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 55, result: { contents: [{ uri: undefined, mimeType: 'text/markdown', text: '# Read me' }] } });
  });
});

describe('initialize in full', () => {
  it('initialize agrees to 2025-03-26 and to 2024-11-05, which SUPPORTED_VERSIONS lists too', async () => {
    for (const version of ['2025-03-26', '2024-11-05']) {
      expect((await dispatch([], initialize(60, version))).result.protocolVersion, version).toBe(version);
    }
  });

  it('initialize answers a whole envelope with SERVER_INFO as it is: optional-handlers 1.0.0', async () => {
    expect(await dispatch(TOOLS, initialize(61, '2025-06-18'))).toEqual({
      jsonrpc: '2.0',
      id: 61,
      result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'optional-handlers', version: '1.0.0' } },
    });
  });

  it('initialize without params answers with the latest version, it does not crash', async () => {
    expect((await dispatch([], request(62, 'initialize'))).result.protocolVersion).toBe('2025-11-25');
  });
});

describe('the error reply', () => {
  it('the -32601 reply carries a short, non-empty message', async () => {
    const reply = await dispatch([], request(70, 'tools/list'));
    expect(reply.error.message).toEqual(expect.stringMatching(/\S/));
  });
});
