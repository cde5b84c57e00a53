import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { capabilities, dispatch } from '@course/learner';
import { agrees, errorMessage, ids, jsonValues, params, protocolVersions, taskFreedoms, unknownNames } from '@course/check';

// The task's domain: `present`, any list of callback names (in any order, with duplicates, and with
// names that are no callback: capability names, method names, inherited keys, near misses); and
// messages: requests (an id that is a string or an integer) and notifications (no id member) for
// initialize (any protocolVersion, listed, near a listed one, not a string, missing, or no params,
// now and then beside a member named as every object's methods or an own "__proto__"),
// ping, every method of callbackFor and any other name, with params absent or an object (a
// tools/call always carries an arguments object, as callTool needs); and several calls in a row,
// each answered from its own present.
// What the task leaves free: "a short, non-empty `message`" (errorMessage). SERVER_INFO may be
// the object itself or a copy: answers cross as copies, so the checks cannot tell them apart.
const SAME = taskFreedoms([[errorMessage, 'with a short, non-empty `message`']]);

const ALL = ['listTools', 'callTool', 'listResources', 'readResource', 'listPrompts', 'getPrompt', 'setLevel', 'complete'];
const TOOLS = ['listTools', 'callTool'];

const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/read', 'prompts/list', 'prompts/get', 'logging/setLevel', 'completion/complete'];

const callbackName = fc.oneof(
  { arbitrary: fc.constantFrom(...ALL), weight: 6 },
  { arbitrary: fc.constantFrom('tools', 'logging', 'tools/list', 'listtools', 'ListTools', 'toString', 'constructor', '__proto__', 'hasOwnProperty', 'fly', ''), weight: 1 },
);
const anyPresent = fc.oneof(
  { arbitrary: fc.subarray(ALL), weight: 3 },
  { arbitrary: fc.shuffledSubarray(ALL), weight: 1 },
  { arbitrary: fc.array(callbackName, { maxLength: 12 }), weight: 3 },
  { arbitrary: fc.constant(ALL), weight: 1 },
);
const anyId = ids({ fractions: false });
const objectParams = params({ maxDepth: 1 }).filter((p) => p === undefined || !Array.isArray(p));
// Now and then the params have a member named as every object's methods, or an own "__proto__"
// holding a listed version ("`msg.params` ... is an object otherwise": any key its own).
const INHERITED_MEMBERS = [['hasOwnProperty', 1], ['toString', 'x'], ['constructor', {}], ['valueOf', null], ['__proto__', { protocolVersion: '2025-06-18' }]];
const withOwnMember = (params, member) => {
  if (params === undefined || member === undefined) return params;
  const out = { ...params };
  Object.defineProperty(out, member[0], { value: member[1], enumerable: true, writable: true, configurable: true });
  return out;
};
const initializeParams = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 1 },
      { arbitrary: fc.constant({ capabilities: {}, clientInfo: { name: 'c', version: '1' } }), weight: 1 },
      { arbitrary: protocolVersions(SUPPORTED).map((protocolVersion) => ({ protocolVersion, capabilities: {}, clientInfo: { name: 'c', version: '1' } })), weight: 6 },
    ),
    fc.option(fc.constantFrom(...INHERITED_MEMBERS), { freq: 4, nil: undefined }),
  )
  .map(([params, member]) => withOwnMember(params, member));
const toolCallParams = fc.record({ text: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(undefined, null, 0, false, '')), extra: objectParams }).map(({ text, extra }) => ({
  ...(extra ?? {}),
  name: 'echo',
  arguments: text === undefined ? {} : { text },
}));
const readParams = fc.oneof(fc.constant(undefined), fc.record({ uri: fc.oneof(fc.constantFrom('file:///readme.md', 'file:///other.md', ''), jsonValues({ maxDepth: 1 })) }));
/** The body of a message (method and params) for a method of the task or any other name. */
const methodName = fc.oneof(
  { arbitrary: fc.constantFrom(...METHODS), weight: 4 },
  { arbitrary: fc.constantFrom(...ALL), weight: 1 },
  { arbitrary: unknownNames(METHODS), weight: 3 },
);
const body = methodName.chain((method) => {
  const p = method === 'initialize' ? initializeParams : method === 'tools/call' ? toolCallParams : method === 'resources/read' ? readParams : objectParams;
  return p.map((params) => (params === undefined ? { method } : { method, params }));
});
const asRequest = (bodies) => fc.record({ id: anyId, body: bodies }).map(({ id, body }) => ({ jsonrpc: '2.0', id, ...body }));
const asNotification = (bodies) => bodies.map((b) => ({ jsonrpc: '2.0', ...b }));
const anyMessage = fc.oneof({ arbitrary: asRequest(body), weight: 4 }, { arbitrary: asNotification(body), weight: 1 });

const request = (id, method, params) => (params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
const initialize = (id, protocolVersion = '2025-11-25') =>
  request(id, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'tests', version: '0.0.0' } });

function expectMethodNotFound(reply, id) {
  expect(reply).toEqual({ jsonrpc: '2.0', id, error: expect.objectContaining({ code: -32601, message: expect.any(String) }) });
}

/** The result of a reply, after checking it is a success envelope, so a wrong shape reads as one sentence. */
function resultOf(reply) {
  expect(reply, 'dispatch must answer a request with a reply object that has a result').toMatchObject({ jsonrpc: '2.0', result: expect.any(Object) });
  return reply.result;
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
    expect(resultOf(reply).tools.map((t) => t.name)).toEqual(['echo']);
  });

  it('tools/list is -32601 when listTools is missing', async () => {
    expectMethodNotFound(await dispatch([], request(2, 'tools/list')), 2);
  });

  it('initialize advertises the derived capabilities', async () => {
    const reply = await dispatch(TOOLS, initialize(3));
    expect(resultOf(reply).capabilities).toEqual({ tools: {} });
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
    expect(resultOf(await dispatch([], initialize(10))).capabilities).toEqual({});
  });

  it('initialize advertises resources and completions when those callbacks are present', async () => {
    const present = ['listResources', 'readResource', 'complete'];
    expect(resultOf(await dispatch(present, initialize(11))).capabilities).toEqual({ resources: {}, completions: {} });
  });

  it('initialize answers with serverInfo name and version', async () => {
    const { serverInfo } = resultOf(await dispatch(ALL, initialize(12)));
    expect(serverInfo).toEqual(expect.objectContaining({ name: expect.any(String), version: expect.any(String) }));
  });

  it('initialize agrees to a supported older version the client asks for', async () => {
    expect(resultOf(await dispatch(ALL, initialize(13, '2025-06-18'))).protocolVersion).toBe('2025-06-18');
  });

  it('initialize offers its latest version when the client asks for one it does not know', async () => {
    expect(resultOf(await dispatch(ALL, initialize(14, '1999-01-01'))).protocolVersion).toBe('2025-11-25');
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
    expect(resultOf(await dispatch(['listTools'], request(26, 'tools/list'))).tools).toHaveLength(1);
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
    expect(resultOf(reply).contents[0]).toEqual({ uri: 'file:///readme.md', mimeType: 'text/markdown', text: '# Read me' });
  });

  it('logging/setLevel answers {} when setLevel is present', async () => {
    expect(await dispatch(['setLevel'], request(32, 'logging/setLevel', { level: 'debug' }))).toEqual({ jsonrpc: '2.0', id: 32, result: {} });
  });

  it('prompts/get answers with messages when getPrompt is present', async () => {
    const reply = await dispatch(['listPrompts', 'getPrompt'], request(33, 'prompts/get', { name: 'greet' }));
    expect(resultOf(reply).messages).toHaveLength(1);
  });
});

describe('always there', () => {
  it('ping is answered with {} even with no optional callback', async () => {
    expect(await dispatch([], request(40, 'ping'))).toEqual({ jsonrpc: '2.0', id: 40, result: {} });
  });

  it('notifications/initialized gets null', async () => {
    expect(await dispatch(ALL, { jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull();
  });

  it('an initialize or a ping without an id is a notification and gets null', async () => {
    expect(await dispatch(ALL, { jsonrpc: '2.0', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })).toBeNull();
    expect(await dispatch([], { jsonrpc: '2.0', method: 'ping' })).toBeNull();
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
      expect(resultOf(await dispatch([], initialize(60, version))).protocolVersion, version).toBe(version);
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
    expect(resultOf(await dispatch([], request(62, 'initialize'))).protocolVersion).toBe('2025-11-25');
  });
});

describe('the error reply', () => {
  it('the -32601 reply carries a short, non-empty message', async () => {
    const reply = await dispatch([], request(70, 'tools/list'));
    expectMethodNotFound(reply, 70);
    expect(reply.error.message).toEqual(expect.stringMatching(/\S/));
  });
});

describe('one rule at a time', () => {
  it('listTools listed twice is still no callTool: tools is not advertised', async () => {
    expect(await capabilities(['listTools', 'listTools'])).toEqual({});
  });

  it('a capability that does not qualify has no key at all, not one set to undefined', async () => {
    expect(Object.keys(await capabilities(['complete']))).toEqual(['completions']);
  });

  it('the first callback of present counts too: setLevel alone advertises logging', async () => {
    expect(Object.keys(await capabilities(['setLevel']))).toEqual(['logging']);
  });

  it('a name that is no callback does not hide the next one: fly and complete advertise completions', async () => {
    expect(await capabilities(['fly', 'complete'])).toEqual({ completions: {} });
  });

  it('every advertised capability is an object, not true', async () => {
    for (const value of Object.values(await capabilities(['callTool', 'listTools', 'complete']))) expect(value).toBeTypeOf('object');
  });

  it('an unknown version is never echoed back', async () => {
    expect(resultOf(await dispatch([], initialize(80, '1999-01-01'))).protocolVersion).not.toBe('1999-01-01');
  });

  it('an unknown version does not get the oldest supported one', async () => {
    expect(resultOf(await dispatch([], initialize(81, '2099-01-01'))).protocolVersion).not.toBe('2024-11-05');
  });

  it('initialize with params but no protocolVersion answers the latest version', async () => {
    expect(resultOf(await dispatch([], request(82, 'initialize', { capabilities: {}, clientInfo: { name: 'c', version: '1' } }))).protocolVersion).toBe('2025-11-25');
  });

  it('the params of initialize may have a member named like a method every object has: beside hasOwnProperty, 2025-06-18 is still kept', async () => {
    expect(resultOf(await dispatch([], request(83, 'initialize', { protocolVersion: '2025-06-18', hasOwnProperty: 1 }))).protocolVersion).toBe('2025-06-18');
  });
});

describe('every present and message of the task (generated)', () => {
  it('a capability is advertised exactly when every callback it needs is present: no extra key, none missing, duplicates and other names ignored', () =>
    agrees({ input: anyPresent, calls: (present) => [['capabilities', present]] }));

  it('each call answers from its own present: capabilities and initialize in a row share nothing', () =>
    agrees({
      input: fc.array(fc.tuple(fc.boolean(), anyPresent, anyId), { minLength: 2, maxLength: 2 }),
      calls: (steps) => steps.map(([direct, present, id]) => (direct ? ['capabilities', present] : ['dispatch', present, initialize(id)])),
      same: SAME,
    }));

  it("initialize keeps the client's protocolVersion only when SUPPORTED_VERSIONS lists it exactly, otherwise the first", () =>
    agrees({ input: fc.tuple(anyPresent, asRequest(initializeParams.map((params) => (params === undefined ? { method: 'initialize' } : { method: 'initialize', params })))), calls: ([present, msg]) => [['dispatch', present, msg]], same: SAME }));

  it('a method is served only when its callback is present; any other name, inherited or near, is -32601; a message without an id gets null, whatever it asks for', () =>
    agrees({ input: fc.tuple(anyPresent, anyMessage), calls: ([present, msg]) => [['dispatch', present, msg]], same: SAME }));
});
