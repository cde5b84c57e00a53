import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, client, errorMessage, ids, jsonValues, names, progressTokens, taskFreedoms, unknownNames } from '@course/check';

// One group per server scenario of the MCP conformance suite (@modelcontextprotocol/conformance
// 0.1.12) that a router can answer, named as the suite names it; the suite's transport scenarios
// (server-sse-polling, server-sse-multiple-streams, dns-rebinding-protection) are `course serve`'s.
// Each group checks what the task says for that scenario, more strictly than the suite does
// (the suite reads only a few members; the task fixes each value). Then generated checks draw
// the inputs the task covers and compare every answer with the reference's.
//
// What the task leaves free, each freedom with the task sentence it stands for:
// - "for an error, a short, non-empty `message` of your choice" (errorMessage). A call that has a
//   client answers with its conversation, which errorMessage does not reach into, so the
//   generated calls with a client name only real tools, whose replies are never errors.
//
// The log level is the server's one piece of state: every check that depends on it sets it first.

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

const TOOL_NAMES = [
  'test_simple_text',
  'test_image_content',
  'test_audio_content',
  'test_embedded_resource',
  'test_multiple_content_types',
  'test_tool_with_logging',
  'test_tool_with_progress',
  'test_error_handling',
  'test_sampling',
  'test_elicitation',
  'test_elicitation_sep1034_defaults',
  'test_elicitation_sep1330_enums',
  'json_schema_2020_12_tool',
];
const PROMPT_NAMES = ['test_simple_prompt', 'test_prompt_with_arguments', 'test_prompt_with_embedded_resource', 'test_prompt_with_image'];
const RESOURCE_URIS = ['test://static-text', 'test://static-binary', 'test://watched-resource'];
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
];

const NO_ARGUMENTS = { type: 'object', properties: {} };

/** Each entry of a list, and the prompt that prompts/get answers, may describe itself in its own words. */
function eachDescribed(reply, change) {
  const result = reply !== null && typeof reply === 'object' ? reply.result : undefined;
  if (result === null || typeof result !== 'object') return reply;
  const described = (entry) => (entry !== null && typeof entry === 'object' && typeof entry.description === 'string' && entry.description !== '' ? { ...entry, description: change } : entry);
  const lists = ['tools', 'resources', 'resourceTemplates', 'prompts'].filter((key) => Array.isArray(result[key]));
  const changed = { ...result };
  for (const key of lists) changed[key] = result[key].map(described);
  if (Array.isArray(result.messages)) Object.assign(changed, described(result));
  return lists.length === 0 && !Array.isArray(result.messages) ? reply : { ...reply, result: changed };
}
const anyDescription = {
  name: 'any-description',
  says: 'a tool, resource, template or prompt may have any non-empty description',
  normalize: (reply) => eachDescribed(reply, '(any description)'),
  vary: (reply) => eachDescribed(reply, 'Other words'),
};
const SAME = taskFreedoms([
  [errorMessage, 'a short, non-empty `message` of your choice'],
  [anyDescription, ['with a non-empty description of your choice', 'the description a non-empty text of your choice', 'its description again a non-empty text of your choice', "each prompt's description a non-empty text of your choice too"]],
]);

const request = (id, method, params) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const ok = (id, result) => ({ jsonrpc: '2.0', id, result });
const callTool = (id, name, args, meta) => request(id, 'tools/call', { name, ...(args === undefined ? {} : { arguments: args }), ...(meta === undefined ? {} : { _meta: meta }) });
const text = (value) => ({ type: 'text', text: value });
const image = { type: 'image', data: PNG, mimeType: 'image/png' };
const fromRouter = (message) => ({ from: 'router', message });
const fromClient = (message) => ({ from: 'client', message });
const logged = (level, data) => fromRouter({ jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: 'conformance-server', data } });
const progress = (progressToken, step) => fromRouter({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: step, total: 100 } });
const setLevel = (id, level) => request(id, 'logging/setLevel', { level });

async function errorCode(msg) {
  const reply = await route(msg);
  expect(reply, `the reply to ${msg.method} should be an error`).toHaveProperty('error');
  expect(typeof reply.error.message === 'string' && reply.error.message.length > 0, 'an error has a non-empty message').toBe(true);
  return reply.error.code;
}

/** The content of a tools/call answered without talking to the client. */
async function contentOf(name, args = {}) {
  const { reply } = await route(callTool(1, name, args), client({}));
  return reply.result;
}

describe('examples', () => {
  it('initialize with 2025-11-25 is answered with that version, the five capabilities and serverInfo', async () => {
    const reply = await route(request(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }));
    expect(reply).toEqual(
      ok(0, {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {}, completions: {} },
        serverInfo: { name: 'course-conformance-server', version: '1.0.0' },
      }),
    );
  });

  it('test_simple_text answers its one text block', async () => {
    expect(await contentOf('test_simple_text')).toEqual({ content: [text('This is a simple text response for testing.')] });
  });

  it('resources/read of test://static-text answers its text', async () => {
    expect(await route(request(2, 'resources/read', { uri: 'test://static-text' }))).toEqual(
      ok(2, { contents: [{ uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] }),
    );
  });

  it('test_sampling asks the client, then answers "LLM response: " and the text it got', async () => {
    const answer = { role: 'assistant', content: text('Hi'), model: 'm' };
    const talk = await route(callTool(3, 'test_sampling', { prompt: 'Say hi' }), client({ answers: [{ result: answer }] }));
    expect(talk.exchange).toEqual([
      fromRouter({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: text('Say hi') }], maxTokens: 100 } }),
      fromClient({ jsonrpc: '2.0', id: 1, result: answer }),
      fromRouter(ok(3, { content: [text('LLM response: Hi')] })),
    ]);
  });
});

describe('server-initialize', () => {
  for (const version of ['2025-06-18', '2025-03-26', '2024-11-05']) {
    it(`initialize asking for ${version} is answered with ${version}`, async () => {
      const reply = await route(request(1, 'initialize', { protocolVersion: version }));
      expect(reply.result.protocolVersion).toBe(version);
    });
  }

  it('initialize asking for an unknown or missing version is answered with 2025-11-25', async () => {
    expect((await route(request(1, 'initialize', { protocolVersion: '2099-01-01' }))).result.protocolVersion).toBe('2025-11-25');
    expect((await route(request(2, 'initialize'))).result.protocolVersion).toBe('2025-11-25');
  });

  it('notifications/initialized, and any other notification, gets no reply (null)', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull();
    expect(await route({ jsonrpc: '2.0', method: 'ping' })).toBeNull();
    expect(await route({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })).toBeNull();
  });

  it('a request with id 0 is a request: it is answered', async () => {
    expect(await route(request(0, 'ping'))).toEqual(ok(0, {}));
  });
});

describe('ping', () => {
  it('ping, with or without params, answers {}', async () => {
    expect(await route(request('p', 'ping'))).toEqual(ok('p', {}));
    expect(await route(request(7, 'ping', {}))).toEqual(ok(7, {}));
  });

  it('a method the table does not have (server/discover, resources/write, toString) answers -32601', async () => {
    for (const method of ['server/discover', 'resources/write', 'toString', 'Ping']) expect(await errorCode(request(1, method))).toBe(-32601);
  });
});

describe('logging-set-level', () => {
  it('logging/setLevel with each of the eight levels answers {}', async () => {
    for (const level of LEVELS) expect(await route(setLevel(1, level))).toEqual(ok(1, {}));
  });

  it('logging/setLevel with a level that is not one of the eight (Info, verbose, none) answers -32602', async () => {
    for (const level of ['Info', 'verbose', undefined]) expect(await errorCode(setLevel(1, level))).toBe(-32602);
  });
});

describe('completion-complete', () => {
  const complete = (name, argument, value) => request(1, 'completion/complete', { ref: { type: 'ref/prompt', name }, argument: { name: argument, value } });

  it('arg1 of test_prompt_with_arguments starting with "pa" completes to paris, park, party', async () => {
    expect(await route(complete('test_prompt_with_arguments', 'arg1', 'pa'))).toEqual(ok(1, { completion: { values: ['paris', 'park', 'party'], total: 3, hasMore: false } }));
  });

  it('an empty value completes to every suggestion of the argument; arg2 has its own', async () => {
    expect((await route(complete('test_prompt_with_arguments', 'arg2', ''))).result.completion.values).toEqual(['hello', 'help', 'world']);
    expect((await route(complete('test_prompt_with_arguments', 'arg1', 'test'))).result.completion).toEqual({ values: ['test'], total: 1, hasMore: false });
  });

  it('a suggestion starts with the value: "ar", inside paris, park and party, suggests none of them', async () => {
    expect((await route(complete('test_prompt_with_arguments', 'arg1', 'ar'))).result.completion).toEqual({ values: [], total: 0, hasMore: false });
  });

  it('an argument without suggestions (resourceUri, or one the prompt does not have) completes to no values', async () => {
    expect((await route(complete('test_prompt_with_embedded_resource', 'resourceUri', 'te'))).result).toEqual({ completion: { values: [], total: 0, hasMore: false } });
    expect((await route(complete('test_simple_prompt', 'arg1', 'pa'))).result.completion.values).toEqual([]);
  });

  it('an unknown prompt, or a ref that is not ref/prompt, answers -32602', async () => {
    expect(await errorCode(complete('nope', 'arg1', 'pa'))).toBe(-32602);
    expect(await errorCode(request(1, 'completion/complete', { ref: { type: 'ref/resource', uri: 'test://template/{id}/data' }, argument: { name: 'id', value: '1' } }))).toBe(-32602);
  });
});

describe('tools-list', () => {
  it('tools/list lists the thirteen tools in the table order, each with exactly name, description and inputSchema', async () => {
    const { result } = await route(request(1, 'tools/list'));
    expect(result.tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    for (const tool of result.tools) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'inputSchema', 'name']);
      expect(typeof tool.description === 'string' && tool.description.length > 0).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('a tool without arguments has the schema { type: "object", properties: {} }; test_sampling and test_elicitation require their one string', async () => {
    const { result } = await route(request(1, 'tools/list', {}));
    const schema = (name) => result.tools.find((tool) => tool.name === name).inputSchema;
    expect(schema('test_simple_text')).toEqual(NO_ARGUMENTS);
    expect(schema('test_sampling')).toEqual({ type: 'object', properties: { prompt: { type: 'string', description: 'The prompt to send to the LLM' } }, required: ['prompt'] });
    expect(schema('test_elicitation')).toEqual({ type: 'object', properties: { message: { type: 'string', description: 'The message to show the user' } }, required: ['message'] });
  });
});

describe('tools-call-simple-text', () => {
  it('an unknown tool name, a near miss or none at all answers -32602', async () => {
    for (const name of ['test_simple', 'Test_simple_text', 'constructor', '', undefined, ['test_simple_text']]) expect(await errorCode(callTool(1, name, {}))).toBe(-32602);
  });

  it('test_simple_text called without arguments answers the same text', async () => {
    const { reply } = await route(callTool(1, 'test_simple_text'), client({}));
    expect(reply).toEqual(ok(1, { content: [text('This is a simple text response for testing.')] }));
  });
});

describe('tools-call-image', () => {
  it('test_image_content answers the PNG pixel', async () => {
    expect(await contentOf('test_image_content')).toEqual({ content: [image] });
  });
});

describe('tools-call-audio', () => {
  it('test_audio_content answers the WAV sound, audio/wav', async () => {
    expect(await contentOf('test_audio_content')).toEqual({ content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] });
  });
});

describe('tools-call-embedded-resource', () => {
  it('test_embedded_resource answers test://embedded-resource inside the result', async () => {
    expect(await contentOf('test_embedded_resource')).toEqual({
      content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
    });
  });
});

describe('tools-call-mixed-content', () => {
  it('test_multiple_content_types answers a text, the image and a JSON resource, in that order', async () => {
    expect(await contentOf('test_multiple_content_types')).toEqual({
      content: [
        text('Multiple content types test:'),
        image,
        { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
      ],
    });
  });
});

describe('tools-call-with-logging', () => {
  const LINES = ['Tool execution started', 'Tool processing data', 'Tool execution completed'];

  it('at level debug, test_tool_with_logging sends its three info messages, in order, before its reply', async () => {
    await route(setLevel(1, 'debug'));
    const talk = await route(callTool(2, 'test_tool_with_logging', {}), client({}));
    expect(talk.exchange).toEqual([...LINES.map((line) => logged('info', line)), fromRouter(ok(2, { content: [text('Tool with logging executed successfully')] }))]);
  });

  it('at level warning, info messages are not sent; at level info they are', async () => {
    await route(setLevel(1, 'warning'));
    expect((await route(callTool(2, 'test_tool_with_logging', {}), client({}))).exchange).toHaveLength(1);
    await route(setLevel(3, 'info'));
    expect((await route(callTool(4, 'test_tool_with_logging', {}), client({}))).exchange).toHaveLength(4);
  });

  it('the level lasts until the next logging/setLevel, and initialize starts again from info', async () => {
    await route(setLevel(1, 'error'));
    await route(request(2, 'ping'));
    expect((await route(callTool(3, 'test_tool_with_logging', {}), client({}))).exchange).toHaveLength(1);
    await route(request(4, 'initialize', { protocolVersion: '2025-11-25' }));
    expect((await route(callTool(5, 'test_tool_with_logging', {}), client({}))).exchange).toHaveLength(4);
  });

  it('a logging/setLevel with an unknown level leaves the level as it was', async () => {
    await route(setLevel(1, 'critical'));
    await route(setLevel(2, 'everything'));
    expect((await route(callTool(3, 'test_tool_with_logging', {}), client({}))).exchange).toEqual([fromRouter(ok(3, { content: [text('Tool with logging executed successfully')] }))]);
  });
});

describe('tools-call-error', () => {
  it('test_error_handling answers a result with isError: true and its message, not a JSON-RPC error', async () => {
    expect(await contentOf('test_error_handling')).toEqual({ content: [text('This tool intentionally returns an error for testing')], isError: true });
  });

  it('a missing required argument answers an isError result naming it', async () => {
    expect(await contentOf('test_sampling', {})).toEqual({ content: [text('Missing required argument: prompt.')], isError: true });
    expect(await contentOf('test_elicitation', { prompt: 'x' })).toEqual({ content: [text('Missing required argument: message.')], isError: true });
  });
});

describe('tools-call-with-progress', () => {
  it('with progressToken "progress-test-1", test_tool_with_progress sends 0, 50 and 100 of 100, then its reply', async () => {
    const talk = await route(callTool(1, 'test_tool_with_progress', {}, { progressToken: 'progress-test-1' }), client({}));
    expect(talk.exchange).toEqual([progress('progress-test-1', 0), progress('progress-test-1', 50), progress('progress-test-1', 100), fromRouter(ok(1, { content: [text('Tool with progress executed successfully')] }))]);
  });

  it('tokens 0 and "" ask for progress too; null, 1.5, a null _meta and no _meta do not', async () => {
    for (const token of [0, '']) expect((await route(callTool(1, 'test_tool_with_progress', {}, { progressToken: token }), client({}))).exchange).toHaveLength(4);
    for (const meta of [{ progressToken: null }, { progressToken: 1.5 }, null, undefined]) expect((await route(callTool(1, 'test_tool_with_progress', {}, meta), client({}))).exchange).toHaveLength(1);
  });
});

describe('tools-call-sampling', () => {
  it('a client that answers the sampling request with an error makes an isError result with its message', async () => {
    const talk = await route(callTool(4, 'test_sampling', { prompt: 'p' }), client({ answers: [{ error: { code: -1, message: 'User rejected sampling request' } }] }));
    expect(talk.reply).toEqual(ok(4, { content: [text('User rejected sampling request')], isError: true }));
  });

  it('a call cancelled while it waits for the client gets no reply', async () => {
    const talk = await route(callTool(5, 'test_sampling', { prompt: 'p' }), client({ answers: [{ result: { content: text('late') } }], cancelAfter: 1 }));
    expect(talk.reply).toBeNull();
  });
});

const CONTACT_FORM = {
  type: 'object',
  properties: {
    username: { type: 'string', description: "User's response" },
    email: { type: 'string', description: "User's email address" },
  },
  required: ['username', 'email'],
};

/** The elicitation/create a tool call makes, and the text of its reply, for a client answering `answer`. */
async function elicitation(name, args, answer) {
  const talk = await route(callTool(1, name, args), client({ answers: [{ result: answer }] }));
  const asked = talk.exchange[0].message;
  expect(asked.method).toBe('elicitation/create');
  return { params: asked.params, reply: talk.reply };
}

describe('tools-call-elicitation', () => {
  it('test_elicitation asks for username and email with the given message, and answers what the user did', async () => {
    const { params, reply } = await elicitation('test_elicitation', { message: 'Who are you?' }, { action: 'accept', content: { username: 'ada', email: 'a@b.c' } });
    expect(params).toEqual({ message: 'Who are you?', requestedSchema: CONTACT_FORM });
    expect(reply).toEqual(ok(1, { content: [text('User response: action=accept, content={"username":"ada","email":"a@b.c"}')] }));
  });

  it('a declined elicitation, without content, answers content={}', async () => {
    const { reply } = await elicitation('test_elicitation', { message: 'm' }, { action: 'decline' });
    expect(reply.result.content).toEqual([text('User response: action=decline, content={}')]);
  });
});

describe('elicitation-sep1034-defaults', () => {
  it('test_elicitation_sep1034_defaults asks with a default for a string, an integer, a number, an enum and a boolean', async () => {
    const { params, reply } = await elicitation('test_elicitation_sep1034_defaults', {}, { action: 'accept', content: { name: 'Jane' } });
    expect(params.message).toBe('Please review and update the form fields with defaults');
    expect(params.requestedSchema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'User name', default: 'John Doe' },
        age: { type: 'integer', description: 'User age', default: 30 },
        score: { type: 'number', description: 'User score', default: 95.5 },
        status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
        verified: { type: 'boolean', description: 'Verification status', default: true },
      },
      required: [],
    });
    expect(reply.result.content).toEqual([text('Elicitation completed: action=accept, content={"name":"Jane"}')]);
  });
});

describe('elicitation-sep1330-enums', () => {
  it('test_elicitation_sep1330_enums asks with the five ways to offer a choice', async () => {
    const { params, reply } = await elicitation('test_elicitation_sep1330_enums', {}, { action: 'cancel' });
    expect(params.message).toBe('Please select options from the enum fields');
    const { properties, required } = params.requestedSchema;
    expect(required).toEqual([]);
    expect(properties.untitledSingle).toEqual({ type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] });
    expect(properties.titledSingle.oneOf).toEqual([
      { const: 'value1', title: 'First Option' },
      { const: 'value2', title: 'Second Option' },
      { const: 'value3', title: 'Third Option' },
    ]);
    expect(properties.legacyEnum).toEqual({ type: 'string', description: 'Select one option (legacy)', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] });
    expect(properties.untitledMulti).toEqual({ type: 'array', description: 'Select multiple options', minItems: 1, maxItems: 3, items: { type: 'string', enum: ['option1', 'option2', 'option3'] } });
    expect(properties.titledMulti.items.anyOf).toEqual([
      { const: 'value1', title: 'First Choice' },
      { const: 'value2', title: 'Second Choice' },
      { const: 'value3', title: 'Third Choice' },
    ]);
    expect(reply.result.content).toEqual([text('Elicitation completed: action=cancel, content={}')]);
  });
});

describe('json-schema-2020-12', () => {
  it('json_schema_2020_12_tool is listed with its schema exactly as written: $schema, $defs and additionalProperties kept', async () => {
    const { result } = await route(request(1, 'tools/list'));
    expect(result.tools.find((tool) => tool.name === 'json_schema_2020_12_tool').inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    });
  });

  it('calling it answers the arguments it got, as JSON', async () => {
    expect(await contentOf('json_schema_2020_12_tool', { name: 'x' })).toEqual({ content: [text('JSON Schema 2020-12 tool called with: {"name":"x"}')] });
  });
});

describe('resources-list', () => {
  it('resources/list lists the three resources, each with exactly uri, name, description and mimeType', async () => {
    const { result } = await route(request(1, 'resources/list'));
    expect(result.resources.map((r) => [r.uri, r.name, r.mimeType])).toEqual([
      ['test://static-text', 'static-text', 'text/plain'],
      ['test://static-binary', 'static-binary', 'image/png'],
      ['test://watched-resource', 'watched-resource', 'text/plain'],
    ]);
    for (const resource of result.resources) {
      expect(Object.keys(resource).sort()).toEqual(['description', 'mimeType', 'name', 'uri']);
      expect(typeof resource.description === 'string' && resource.description.length > 0).toBe(true);
    }
  });
});

describe('resources-read-text', () => {
  it('an unknown URI answers -32002 (resource not found); a URI that is not a string answers -32602', async () => {
    expect(await errorCode(request(1, 'resources/read', { uri: 'test://nothing' }))).toBe(-32002);
    expect(await errorCode(request(1, 'resources/read', {}))).toBe(-32602);
  });

  it('test://watched-resource reads as its text', async () => {
    expect((await route(request(1, 'resources/read', { uri: 'test://watched-resource' }))).result).toEqual({
      contents: [{ uri: 'test://watched-resource', mimeType: 'text/plain', text: 'Watched resource content' }],
    });
  });
});

describe('resources-read-binary', () => {
  it('test://static-binary reads as the PNG pixel, as a blob', async () => {
    expect((await route(request(1, 'resources/read', { uri: 'test://static-binary' }))).result).toEqual({ contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: PNG }] });
  });
});

describe('resources-templates-read', () => {
  it('resources/templates/list lists test://template/{id}/data', async () => {
    const { result } = await route(request(1, 'resources/templates/list'));
    expect(result.resourceTemplates).toEqual([{ uriTemplate: 'test://template/{id}/data', name: 'template', description: expect.any(String), mimeType: 'application/json' }]);
  });

  it('test://template/123/data reads as JSON naming the id 123', async () => {
    expect((await route(request(1, 'resources/read', { uri: 'test://template/123/data' }))).result).toEqual({
      contents: [{ uri: 'test://template/123/data', mimeType: 'application/json', text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}' }],
    });
  });

  it('an id is one path segment, not empty: test://template//data and test://template/a/b/data are not found', async () => {
    for (const uri of ['test://template//data', 'test://template/a/b/data', 'test://template/1/data/', 'xtest://template/1/data']) expect(await errorCode(request(1, 'resources/read', { uri }))).toBe(-32002);
  });
});

describe('resources-subscribe', () => {
  it('resources/subscribe to each of the three resources answers {}', async () => {
    for (const uri of RESOURCE_URIS) expect(await route(request(1, 'resources/subscribe', { uri }))).toEqual(ok(1, {}));
  });

  it('resources/subscribe to a URI that is not one of them (a template URI included) answers -32002', async () => {
    for (const uri of ['test://nothing', 'test://template/1/data']) expect(await errorCode(request(1, 'resources/subscribe', { uri }))).toBe(-32002);
  });
});

describe('resources-unsubscribe', () => {
  it('resources/unsubscribe answers {} for the three resources and -32002 for any other URI', async () => {
    expect(await route(request(1, 'resources/unsubscribe', { uri: 'test://watched-resource' }))).toEqual(ok(1, {}));
    expect(await errorCode(request(2, 'resources/unsubscribe', { uri: 'test://other' }))).toBe(-32002);
  });
});

describe('prompts-list', () => {
  it('prompts/list lists the four prompts, each with exactly name, description and arguments', async () => {
    const { result } = await route(request(1, 'prompts/list'));
    expect(result.prompts.map((p) => [p.name, p.arguments])).toEqual([
      ['test_simple_prompt', []],
      [
        'test_prompt_with_arguments',
        [
          { name: 'arg1', description: 'First test argument', required: true },
          { name: 'arg2', description: 'Second test argument', required: true },
        ],
      ],
      ['test_prompt_with_embedded_resource', [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }]],
      ['test_prompt_with_image', []],
    ]);
    for (const prompt of result.prompts) expect(Object.keys(prompt).sort()).toEqual(['arguments', 'description', 'name']);
  });
});

describe('prompts-get-simple', () => {
  it('test_simple_prompt answers its description and one user message', async () => {
    const { result } = await route(request(1, 'prompts/get', { name: 'test_simple_prompt' }));
    expect(result.messages).toEqual([{ role: 'user', content: text('This is a simple prompt for testing.') }]);
    expect(typeof result.description).toBe('string');
  });

  it('an unknown prompt name answers -32602', async () => {
    for (const name of ['test_prompt', 'toString', '', undefined, ['test_simple_prompt']]) expect(await errorCode(request(1, 'prompts/get', { name }))).toBe(-32602);
  });
});

describe('prompts-get-with-args', () => {
  it('test_prompt_with_arguments puts arg1 and arg2 into its text', async () => {
    const { result } = await route(request(1, 'prompts/get', { name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } }));
    expect(result.messages).toEqual([{ role: 'user', content: text("Prompt with arguments: arg1='hello', arg2='world'") }]);
  });

  it('a missing required argument answers -32602, even one of two', async () => {
    expect(await errorCode(request(1, 'prompts/get', { name: 'test_prompt_with_arguments', arguments: { arg1: 'a' } }))).toBe(-32602);
    expect(await errorCode(request(1, 'prompts/get', { name: 'test_prompt_with_arguments' }))).toBe(-32602);
  });
});

describe('prompts-get-embedded-resource', () => {
  it('test_prompt_with_embedded_resource carries the resource at resourceUri, then a text', async () => {
    const { result } = await route(request(1, 'prompts/get', { name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://example-resource' } }));
    expect(result.messages).toEqual([
      { role: 'user', content: { type: 'resource', resource: { uri: 'test://example-resource', mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
      { role: 'user', content: text('Please process the embedded resource above.') },
    ]);
  });
});

describe('prompts-get-with-image', () => {
  it('test_prompt_with_image carries the PNG pixel, then a text', async () => {
    const { result } = await route(request(1, 'prompts/get', { name: 'test_prompt_with_image' }));
    expect(result.messages).toEqual([
      { role: 'user', content: image },
      { role: 'user', content: text('Please analyze the image above.') },
    ]);
  });
});

// Strings for arguments and ids: short, with a slash, empty and the characters JSON escapes.
const strings = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('', '/', 'a/b', '"', 'pa', 'test', '123'));
const level = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...LEVELS) }, { weight: 1, arbitrary: fc.constantFrom('Info', 'warn', '', 'everything') });

describe('every method of the table (generated)', () => {
  it('answers each method of the table as the reference does, and any other name with -32601', () =>
    agrees({
      input: fc.record({ id: ids({ fractions: false }), method: names(METHODS), params: fc.option(fc.dictionary(fc.constantFrom('uri', 'name', 'level', 'protocolVersion', 'cursor'), strings, { maxKeys: 2 }), { nil: undefined }) }),
      calls: ({ id, method, params }) => [['route', request(id, method, params)]],
      same: SAME,
    }));

  it('a notification of any method, in the table or not, is answered with null', () =>
    agrees({
      input: fc.record({ method: fc.oneof(names(METHODS), unknownNames(METHODS)), params: fc.option(jsonValues({ maxDepth: 1 }).filter((v) => v !== null && typeof v === 'object'), { nil: undefined }) }),
      calls: ({ method, params }) => [['route', { jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }]],
    }));
});

describe('resources and prompts (generated)', () => {
  const uris = fc.oneof(
    fc.constantFrom(...RESOURCE_URIS, 'test://static-text/', 'TEST://static-text', 'test://template/{id}/data', 'xtest://template/1/data', 'test://template/1/data/x'),
    strings.map((id) => `test://template/${id}/data`),
    strings,
  );

  it('resources/read, subscribe and unsubscribe answer each URI as the reference does', () =>
    agrees({
      input: fc.record({ method: fc.constantFrom('resources/read', 'resources/subscribe', 'resources/unsubscribe'), uri: uris }),
      calls: ({ method, uri }) => [['route', request(1, method, { uri })]],
      same: SAME,
    }));

  it('prompts/get answers each prompt name and set of string arguments as the reference does', () =>
    agrees({
      input: fc.record({ name: names(PROMPT_NAMES), args: fc.option(fc.dictionary(fc.constantFrom('arg1', 'arg2', 'resourceUri', 'other'), strings, { maxKeys: 3 }), { nil: undefined }) }),
      calls: ({ name, args }) => [['route', request(1, 'prompts/get', { name, ...(args === undefined ? {} : { arguments: args }) })]],
      same: SAME,
    }));

  it('completion/complete answers each prompt, argument and typed prefix as the reference does', () =>
    agrees({
      input: fc.record({
        type: fc.constantFrom('ref/prompt', 'ref/prompt', 'ref/resource'),
        name: names(PROMPT_NAMES),
        argument: fc.constantFrom('arg1', 'arg2', 'resourceUri', 'other'),
        value: fc.oneof(fc.constantFrom('', 'p', 'pa', 'par', 'park', 'he', 'hel', 'w', 'test', 'x', 'ar', 'l', 'st'), fc.string({ maxLength: 3 })),
      }),
      calls: ({ type, name, argument, value }) => [['route', request(1, 'completion/complete', { ref: { type, name }, argument: { name: argument, value } })]],
      same: SAME,
    }));
});

describe('tools and the client (generated)', () => {
  // The client answers as the task says it does: a sampling request with a message whose content
  // is text, an elicitation with an action (and content, or none), either of them with an error.
  const failure = fc.record({ code: fc.integer({ min: -32768, max: 32767 }), message: fc.string({ minLength: 1, maxLength: 8 }) }).map((error) => ({ error }));
  const sampled = strings.map((t) => ({ result: { role: 'assistant', content: text(t), model: 'm' } }));
  const elicited = fc
    .record({ action: fc.constantFrom('accept', 'decline', 'cancel'), content: fc.option(fc.dictionary(fc.constantFrom('username', 'email', 'name'), strings, { maxKeys: 2 }), { nil: undefined }) })
    .map(({ action, content }) => ({ result: content === undefined ? { action } : { action, content } }));
  const args = fc.option(fc.dictionary(fc.constantFrom('prompt', 'message', 'name', 'other'), strings, { maxKeys: 2 }), { nil: undefined });
  const meta = fc.option(fc.oneof(fc.constant(null), fc.oneof(progressTokens(), fc.constantFrom(null, 1.5, true)).map((progressToken) => ({ progressToken }))), { nil: undefined });

  it('tools/call of each tool, at any log level, with any client, gives the reference\'s whole conversation', () =>
    agrees({
      input: fc.record({
        level,
        name: fc.constantFrom(...TOOL_NAMES),
        args,
        meta,
        sampling: fc.oneof({ weight: 3, arbitrary: sampled }, failure),
        elicitation: fc.oneof({ weight: 3, arbitrary: elicited }, failure),
        cancelAfter: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
      }),
      calls: ({ level: chosen, name, args: a, meta: m, sampling, elicitation: e, cancelAfter }) => {
        const answers = [name === 'test_sampling' ? sampling : e];
        return [
          // initialize first: the level starts from the default whatever the case before left.
          ['route', request(0, 'initialize', { protocolVersion: '2025-11-25' })],
          ['route', setLevel(1, chosen)],
          ['route', callTool(2, name, a, m), client(cancelAfter === undefined ? { answers } : { answers, cancelAfter })],
        ];
      },
      same: SAME,
    }));
});
