import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, client, errorMessage, ids, jsonValues, names, progressTokens, taskFreedoms, unknownNames } from '@course/check';
import {
  CallToolResultSchema,
  CompleteResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  EmptyResultSchema,
  GetPromptResultSchema,
  InitializeResultSchema,
  LATEST_PROTOCOL_VERSION,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListToolsResultSchema,
  LoggingMessageNotificationSchema,
  ProgressNotificationSchema,
  ReadResourceResultSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';

// Three kinds of group. One group per server scenario of the MCP conformance suite
// (@modelcontextprotocol/conformance 0.1.12) that a router can answer, named as the suite names
// it and expecting exactly what that scenario expects, so a group passes when its scenario does
// (runner/cli/conform/final-project.test.ts holds them to it); the suite's transport scenarios
// (server-sse-polling, server-sse-multiple-streams, dns-rebinding-protection) are `course serve`'s.
// Then "the task beyond the suite: ..." groups, for what the task fixes and the suite does not read
// (each value, the errors, the log level, the template's ids). Then generated checks that draw
// the inputs the task covers and compare every answer with the reference's.
//
// What the task leaves free, each freedom with the task sentence it stands for:
// - "for an error, a short, non-empty `message` of your choice" (errorMessage). A call that has a
//   client answers with its conversation, which errorMessage does not reach into, so the
//   generated calls with a client name only real tools, whose replies are never errors.
// - the descriptions of tools, resources, the template and prompts (anyDescription).
//
// The log level is the server's one piece of state: every check that depends on it sets it first
// (a scenario's initialize sets it back to info, as a new session of the suite's client does).

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

// ---------------------------------------------------------------------------------------------
// The suite's scenarios, one group each, named as the suite names them. Each makes the calls its
// scenario makes, as the suite's client makes them, and expects what that scenario checks, no
// more: a FAILURE of the scenario fails its group, and what the scenario does not check (values
// it does not read, a WARNING) does not. The suite's client is the SDK's Client (1.x): it opens
// every scenario with initialize, refuses an error or a result its schema refuses, and drops a
// notification its schema refuses; the checks use the same schemas. Everything else the task
// says is checked further down, in the groups "the task beyond the suite: ...".
// ---------------------------------------------------------------------------------------------

/** What the suite's client answers a request it has no handler for. */
const NO_HANDLER = { error: { code: -32601, message: 'Method not found' } };

/** What the SDK's client makes of `reply`: the reasons it refuses it, or the result as it parsed it (what a scenario reads). */
function taken(reply, schema) {
  if (reply === null || reply === undefined) return { refusals: ['no reply came'] };
  if (reply.error !== undefined) return { refusals: [`an error came instead of a result: ${JSON.stringify(reply.error)}`] };
  const parsed = schema.safeParse(reply.result);
  if (parsed.success) return { refusals: [], result: parsed.data };
  return { refusals: parsed.error.issues.map((issue) => `result${issue.path.map((key) => `.${key}`).join('')}: ${issue.message}`) };
}

/** The result the suite's client takes from `reply`; the test fails as the scenario does when it would refuse it. */
function accepted(reply, schema, what) {
  const { refusals, result } = taken(reply, schema);
  expect(refusals, `the suite's client (the SDK's) refuses the answer to ${what}`).toEqual([]);
  return result;
}

/** The suite's client opens every scenario: initialize, then notifications/initialized. */
async function connect() {
  const reply = await route(request(0, 'initialize', { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: { sampling: {}, elicitation: {} }, clientInfo: { name: 'conformance-test-client', version: '1.0.0' } }));
  const result = accepted(reply, InitializeResultSchema, 'initialize');
  expect(SUPPORTED_PROTOCOL_VERSIONS, 'the suite\'s client speaks the protocolVersion that initialize answers').toContain(result.protocolVersion);
  await route({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

/** One request of the suite's client that needs no client on the other side. */
async function ask(id, method, params, schema) {
  return accepted(await route(request(id, method, params)), schema, method);
}

/** A tools/call of the suite's client, which answers the router's requests with `answers`, then as it has no handler. */
async function callAsSuite(id, params, answers = []) {
  const { reply, exchange } = await route(request(id, 'tools/call', params), client({ answers: [...answers, NO_HANDLER, NO_HANDLER, NO_HANDLER] }));
  return { result: accepted(reply, CallToolResultSchema, `tools/call of ${params.name}`), exchange };
}

/** The router's messages of a kind (notifications, or requests) that the SDK's client takes, as its schema parses them. */
function parsedFrom(exchange, schema, requests) {
  return exchange.flatMap(({ from, message }) => {
    if (from !== 'router' || ('id' in message) !== requests || !('method' in message)) return [];
    const parsed = schema.safeParse(message);
    return parsed.success ? [parsed.data] : [];
  });
}
/** The notifications the router sent that the SDK's client takes. */
const notified = (exchange, schema) => parsedFrom(exchange, schema, false);
/** The router's requests that the SDK's client hands to its handler. */
const handled = (exchange, schema) => parsedFrom(exchange, schema, true);
const isList = (value) => Array.isArray(value);

describe('server-initialize', () => {
  it("initialize, as the suite's client sends it, is answered with a result it accepts, in a version it speaks", async () => {
    await connect();
  });
});

describe('logging-set-level', () => {
  it('logging/setLevel to info answers an empty result', async () => {
    await connect();
    const result = await ask(1, 'logging/setLevel', { level: 'info' }, EmptyResultSchema);
    expect(Object.keys(result ?? {}), 'Expected empty object {} response').toEqual([]);
  });
});

describe('ping', () => {
  it('ping answers an empty result', async () => {
    await connect();
    const result = await ask(1, 'ping', undefined, EmptyResultSchema);
    expect(Object.keys(result ?? {}), 'Expected empty object {} response').toEqual([]);
  });
});

describe('completion-complete', () => {
  it('completion/complete of arg1 of test_prompt_with_arguments, typed "test", answers completion.values, a list', async () => {
    await connect();
    const result = await ask(1, 'completion/complete', { ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'test' } }, CompleteResultSchema);
    expect(result.completion, 'Missing completion field').toBeTruthy();
    expect(isList(result.completion.values), 'completion.values is not an array').toBe(true);
  });
});

describe('tools-list', () => {
  it('tools/list answers a list of tools, each with a name, a description and an inputSchema', async () => {
    await connect();
    const { tools } = await ask(1, 'tools/list', undefined, ListToolsResultSchema);
    const errors = [];
    if (!isList(tools)) errors.push('tools is not an array');
    else tools.forEach((tool, index) => ['name', 'description', 'inputSchema'].forEach((key) => !tool[key] && errors.push(`Tool ${index}: missing ${key}`)));
    expect(errors).toEqual([]);
  });
});

/** The content blocks of `result` of a type. */
const blocks = (result, type) => (isList(result.content) ? result.content.filter((block) => block.type === type) : []);

describe('tools-call-simple-text', () => {
  it('test_simple_text, called without arguments, answers content holding a text block with its text', async () => {
    await connect();
    const { result } = await callAsSuite(1, { name: 'test_simple_text' });
    expect(isList(result.content) && result.content.length > 0, 'content is a list, not empty').toBe(true);
    expect(blocks(result, 'text')[0]?.text, 'a text block with its text').toBeTruthy();
  });
});

describe('tools-call-image', () => {
  it('test_image_content answers content holding an image block with data and a mimeType', async () => {
    await connect();
    const { result } = await callAsSuite(1, { name: 'test_image_content', arguments: {} });
    const image = blocks(result, 'image')[0];
    expect(image, 'No image content found').toBeDefined();
    expect(Boolean(image.data && image.mimeType), 'the image block has data and a mimeType').toBe(true);
  });
});

describe('tools-call-audio', () => {
  it('test_audio_content answers content holding an audio block with data and the mimeType audio/wav', async () => {
    await connect();
    const { result } = await callAsSuite(1, { name: 'test_audio_content', arguments: {} });
    const audio = blocks(result, 'audio')[0];
    expect(audio, 'No audio content found').toBeDefined();
    expect(Boolean(audio.data), 'Audio content missing data field').toBe(true);
    expect(audio.mimeType).toBe('audio/wav');
  });
});

describe('tools-call-embedded-resource', () => {
  it('test_embedded_resource answers content holding a resource block whose resource has a uri, a mimeType and a text or blob', async () => {
    await connect();
    const { result } = await callAsSuite(1, { name: 'test_embedded_resource', arguments: {} });
    const block = blocks(result, 'resource')[0];
    expect(block?.resource, 'a resource block with its resource').toBeTruthy();
    expect(Boolean(block.resource.uri && block.resource.mimeType && (block.resource.text || block.resource.blob)), 'the resource has a uri, a mimeType and a text or a blob').toBe(true);
  });
});

describe('tools-call-mixed-content', () => {
  it('test_multiple_content_types answers two blocks or more, among them a text, an image and a resource', async () => {
    await connect();
    const { result } = await callAsSuite(1, { name: 'test_multiple_content_types', arguments: {} });
    expect(result.content.length, 'Expected multiple content items').toBeGreaterThanOrEqual(2);
    expect(['text', 'image', 'resource'].filter((type) => blocks(result, type).length === 0), 'the kinds of block missing').toEqual([]);
  });
});

describe('tools-call-with-logging', () => {
  it('after logging/setLevel to debug, test_tool_with_logging sends at least three log messages', async () => {
    await connect();
    await ask(1, 'logging/setLevel', { level: 'debug' }, EmptyResultSchema);
    const { exchange } = await callAsSuite(2, { name: 'test_tool_with_logging', arguments: {} });
    expect(notified(exchange, LoggingMessageNotificationSchema).length, 'the notifications/message the client received').toBeGreaterThanOrEqual(3);
  });
});

describe('tools-call-error', () => {
  it('test_error_handling answers a result with isError: true and a text in its first block', async () => {
    await connect();
    const { result } = await callAsSuite(1, { name: 'test_error_handling', arguments: {} });
    expect(result.isError, 'Tool did not return isError: true').toBe(true);
    expect(result.content[0]?.text, 'Error result missing error message').toBeTruthy();
  });
});

describe('tools-call-with-progress', () => {
  it('test_tool_with_progress, asked for progress with the token the client chose, sends three progress notifications or more, not decreasing', async () => {
    await connect();
    // The SDK's client sends its own request id as the token, and takes progress only for it.
    const { exchange } = await callAsSuite(1, { name: 'test_tool_with_progress', arguments: {}, _meta: { progressToken: 1 } });
    const steps = notified(exchange, ProgressNotificationSchema).filter((n) => Number(n.params.progressToken) === 1).map((n) => n.params.progress);
    expect(steps.length, 'the progress notifications the client received for its token').toBeGreaterThanOrEqual(3);
    expect(steps[0] <= steps[1] && steps[1] <= steps[2], 'Progress values should be increasing').toBe(true);
  });
});

describe('tools-call-sampling', () => {
  it('test_sampling sends the client a sampling/createMessage request it accepts, and answers content', async () => {
    await connect();
    const answer = { role: 'assistant', content: { type: 'text', text: 'This is a test response from the client' }, model: 'test-model', stopReason: 'endTurn' };
    const { result, exchange } = await callAsSuite(1, { name: 'test_sampling', arguments: { prompt: 'Test prompt for sampling' } }, [{ result: answer }]);
    expect(handled(exchange, CreateMessageRequestSchema).length, 'Server did not request sampling from client').toBeGreaterThan(0);
    expect(isList(result.content) && result.content.length > 0, 'Tool did not return content').toBe(true);
  });
});

describe('tools-call-elicitation', () => {
  it('test_elicitation sends the client an elicitation/create request it accepts, and answers content', async () => {
    await connect();
    const answer = { action: 'accept', content: { username: 'testuser', email: 'test@example.com' } };
    const { result, exchange } = await callAsSuite(1, { name: 'test_elicitation', arguments: { message: 'Please provide your information' } }, [{ result: answer }]);
    expect(handled(exchange, ElicitRequestSchema).length, 'Server did not request elicitation from client').toBeGreaterThan(0);
    expect(isList(result.content) && result.content.length > 0, 'Tool did not return content').toBe(true);
  });
});

/** The properties of the form of the last elicitation/create the SDK's client handed to its handler, after a call of `name`. */
async function elicitedForm(name, answer) {
  await connect();
  const { exchange } = await callAsSuite(1, { name, arguments: {} }, [{ result: answer }]);
  const asked = handled(exchange, ElicitRequestSchema).at(-1);
  expect(asked, 'Server did not request elicitation from client').toBeDefined();
  return asked.params.requestedSchema?.properties;
}

describe('elicitation-sep1034-defaults', () => {
  it('test_elicitation_sep1034_defaults asks with a string, an integer, a number, an enum and a boolean field, each with its default', async () => {
    const properties = await elicitedForm('test_elicitation_sep1034_defaults', { action: 'accept', content: { name: 'Jane Smith', age: 25, score: 88.0, status: 'inactive', verified: false } });
    const errors = [];
    for (const [key, type, value] of [['name', 'string', 'John Doe'], ['age', 'integer', 30], ['score', 'number', 95.5], ['status', 'string', 'active'], ['verified', 'boolean', true]]) {
      const field = properties?.[key];
      if (!field) {
        errors.push(`Missing field "${key}"`);
        continue;
      }
      if (field.type !== type) errors.push(`${key}: expected type "${type}", got "${field.type}"`);
      if (key === 'status' && !isList(field.enum)) errors.push('status: missing or invalid enum array');
      if (!('default' in field)) errors.push(`${key}: missing default field`);
      else if (field.default !== value) errors.push(`${key}: expected default ${JSON.stringify(value)}, got ${JSON.stringify(field.default)}`);
      else if (key === 'status' && isList(field.enum) && !field.enum.includes(field.default)) errors.push('status: the default is not one of the enum');
    }
    expect(errors).toEqual([]);
  });
});

describe('elicitation-sep1330-enums', () => {
  it('test_elicitation_sep1330_enums asks with an enum, a oneOf of const and title, enumNames, an array of items.enum and an array of items.anyOf', async () => {
    const properties = await elicitedForm('test_elicitation_sep1330_enums', {
      action: 'accept',
      content: { untitledSingle: 'option1', titledSingle: 'value1', legacyEnum: 'opt1', untitledMulti: ['option1', 'option2'], titledMulti: ['value1', 'value2'] },
    });
    const titled = (items) => items.every((item) => typeof item.const === 'string' && typeof item.title === 'string');
    const errors = [];
    const field = (key, type, check) => {
      const schema = properties?.[key];
      if (!schema) return errors.push(`Missing field "${key}"`);
      if (schema.type !== type) errors.push(`${key}: expected type "${type}", got "${schema.type}"`);
      for (const problem of check(schema)) errors.push(`${key}: ${problem}`);
    };
    field('untitledSingle', 'string', (s) => [!isList(s.enum) && 'missing or invalid enum array', s.oneOf && 'an untitled enum has no oneOf', s.enumNames && 'an untitled enum has no enumNames'].filter(Boolean));
    field('titledSingle', 'string', (s) => [!isList(s.oneOf) ? 'missing or invalid oneOf array' : !titled(s.oneOf) && 'each oneOf item has a string const and a string title', s.enum && 'a titled enum uses oneOf, not enum'].filter(Boolean));
    field('legacyEnum', 'string', (s) => [
      !isList(s.enum) && 'missing or invalid enum array',
      !isList(s.enumNames) ? 'missing or invalid enumNames array' : s.enum && s.enumNames.length !== s.enum.length && 'enumNames and enum differ in length',
    ].filter(Boolean));
    field('untitledMulti', 'array', (s) => (!s.items ? ['missing items'] : [s.items.type !== 'string' && 'items.type is not "string"', !isList(s.items.enum) && 'missing or invalid items.enum array', s.items.anyOf && 'an untitled multi-select uses items.enum, not items.anyOf'].filter(Boolean)));
    field('titledMulti', 'array', (s) => (!s.items ? ['missing items'] : [!isList(s.items.anyOf) ? 'missing or invalid items.anyOf array' : !titled(s.items.anyOf) && 'each items.anyOf entry has a string const and a string title', s.items.enum && 'a titled multi-select uses items.anyOf, not items.enum'].filter(Boolean)));
    expect(errors).toEqual([]);
  });
});

// A scenario of 0.1.12 the suite keeps pending (its own SDK strips these keywords), so course conform does not run it.
describe('json-schema-2020-12', () => {
  it('json_schema_2020_12_tool is listed, its inputSchema with $schema of 2020-12, $defs holding address and additionalProperties false', async () => {
    await connect();
    const { tools } = await ask(1, 'tools/list', undefined, ListToolsResultSchema);
    const tool = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    expect(tool, "Tool 'json_schema_2020_12_tool' not found").toBeDefined();
    expect(tool.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(tool.inputSchema.$defs, '$defs with the address definition').toHaveProperty('address');
    expect(tool.inputSchema.additionalProperties).toBe(false);
  });
});

describe('resources-list', () => {
  it('resources/list answers a list of resources, each with a uri and a name', async () => {
    await connect();
    const { resources } = await ask(1, 'resources/list', undefined, ListResourcesResultSchema);
    const errors = [];
    resources.forEach((resource, index) => ['uri', 'name'].forEach((key) => !resource[key] && errors.push(`Resource ${index}: missing ${key}`)));
    expect(errors).toEqual([]);
  });
});

/** The first of the contents resources/read answers for `uri`, as the suite's client reads it. */
async function firstContents(uri) {
  await connect();
  const { contents } = await ask(1, 'resources/read', { uri }, ReadResourceResultSchema);
  expect(contents.length, 'contents array is empty').toBeGreaterThan(0);
  return contents[0];
}

describe('resources-read-text', () => {
  it('resources/read of test://static-text answers contents whose first has a uri, a mimeType and a text', async () => {
    const first = await firstContents('test://static-text');
    expect(['uri', 'mimeType', 'text'].filter((key) => !first[key]), 'the members missing or empty').toEqual([]);
  });
});

describe('resources-read-binary', () => {
  it('resources/read of test://static-binary answers contents whose first has a uri, a mimeType and a blob', async () => {
    const first = await firstContents('test://static-binary');
    expect(['uri', 'mimeType', 'blob'].filter((key) => !first[key]), 'the members missing or empty').toEqual([]);
  });
});

describe('resources-templates-read', () => {
  it('resources/read of test://template/123/data answers contents whose first has a uri and a text that holds 123', async () => {
    const first = await firstContents('test://template/123/data');
    expect(first.uri, 'Content missing uri').toBeTruthy();
    expect('text' in first || 'blob' in first, 'Content missing text or blob').toBe(true);
    expect('text' in first ? String(first.text) : '[binary]', 'Parameter substitution not reflected in content').toContain('123');
  });
});

describe('resources-subscribe', () => {
  it('resources/subscribe to test://watched-resource answers an empty result', async () => {
    await connect();
    await ask(1, 'resources/subscribe', { uri: 'test://watched-resource' }, EmptyResultSchema);
  });
});

describe('resources-unsubscribe', () => {
  it('resources/subscribe, then resources/unsubscribe, to test://watched-resource each answer an empty result', async () => {
    await connect();
    await ask(1, 'resources/subscribe', { uri: 'test://watched-resource' }, EmptyResultSchema);
    await ask(2, 'resources/unsubscribe', { uri: 'test://watched-resource' }, EmptyResultSchema);
  });
});

describe('prompts-list', () => {
  it('prompts/list answers a list of prompts, each with a name and a description', async () => {
    await connect();
    const { prompts } = await ask(1, 'prompts/list', undefined, ListPromptsResultSchema);
    const errors = [];
    prompts.forEach((prompt, index) => ['name', 'description'].forEach((key) => !prompt[key] && errors.push(`Prompt ${index}: missing ${key}`)));
    expect(errors).toEqual([]);
  });
});

/** The messages prompts/get answers, as the suite's client takes them. */
async function promptMessages(params) {
  await connect();
  const { messages } = await ask(1, 'prompts/get', params, GetPromptResultSchema);
  return messages;
}

describe('prompts-get-simple', () => {
  it('prompts/get of test_simple_prompt answers messages, not none, each with a role and a content', async () => {
    const messages = await promptMessages({ name: 'test_simple_prompt' });
    expect(messages.length, 'messages array is empty').toBeGreaterThan(0);
    expect(messages.filter((message) => !message.role || !message.content), 'the messages without a role or a content').toEqual([]);
  });
});

describe('prompts-get-with-args', () => {
  it('prompts/get of test_prompt_with_arguments with arg1 testValue1 and arg2 testValue2 answers messages holding both', async () => {
    const messages = await promptMessages({ name: 'test_prompt_with_arguments', arguments: { arg1: 'testValue1', arg2: 'testValue2' } });
    expect(messages.length, 'messages array is empty').toBeGreaterThan(0);
    expect(JSON.stringify(messages), 'the arguments substituted into the messages').toContain('testValue1');
    expect(JSON.stringify(messages), 'the arguments substituted into the messages').toContain('testValue2');
  });
});

describe('prompts-get-embedded-resource', () => {
  it('prompts/get of test_prompt_with_embedded_resource answers a message whose content is a resource', async () => {
    const messages = await promptMessages({ name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://example-resource' } });
    expect(messages.some((message) => message.content?.type === 'resource' || message.content?.resource !== undefined), 'No embedded resource found in prompt').toBe(true);
  });
});

describe('prompts-get-with-image', () => {
  it('prompts/get of test_prompt_with_image answers a message whose content is an image with data and a mimeType', async () => {
    const messages = await promptMessages({ name: 'test_prompt_with_image' });
    expect(messages.some((message) => message.content?.type === 'image' && message.content.data && message.content.mimeType), 'No image content found in prompt').toBe(true);
  });
});

describe('the task beyond the suite: initialize', () => {
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

describe('the task beyond the suite: ping and unknown methods', () => {
  it('ping, with or without params, answers {}', async () => {
    expect(await route(request('p', 'ping'))).toEqual(ok('p', {}));
    expect(await route(request(7, 'ping', {}))).toEqual(ok(7, {}));
  });

  it('a method the table does not have (server/discover, resources/write, toString) answers -32601', async () => {
    for (const method of ['server/discover', 'resources/write', 'toString', 'Ping']) expect(await errorCode(request(1, method))).toBe(-32601);
  });
});

describe('the task beyond the suite: logging/setLevel', () => {
  it('logging/setLevel with each of the eight levels answers {}', async () => {
    for (const level of LEVELS) expect(await route(setLevel(1, level))).toEqual(ok(1, {}));
  });

  it('logging/setLevel with a level that is not one of the eight (Info, verbose, none) answers -32602', async () => {
    for (const level of ['Info', 'verbose', undefined]) expect(await errorCode(setLevel(1, level))).toBe(-32602);
  });
});

describe('the task beyond the suite: completion/complete', () => {
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

describe('the task beyond the suite: tools/list', () => {
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

describe('the task beyond the suite: tool names', () => {
  it('an unknown tool name, a near miss or none at all answers -32602', async () => {
    for (const name of ['test_simple', 'Test_simple_text', 'constructor', '', undefined, ['test_simple_text']]) expect(await errorCode(callTool(1, name, {}))).toBe(-32602);
  });

  it('test_simple_text called without arguments answers the same text', async () => {
    const { reply } = await route(callTool(1, 'test_simple_text'), client({}));
    expect(reply).toEqual(ok(1, { content: [text('This is a simple text response for testing.')] }));
  });
});

describe('the task beyond the suite: test_image_content', () => {
  it('test_image_content answers the PNG pixel', async () => {
    expect(await contentOf('test_image_content')).toEqual({ content: [image] });
  });
});

describe('the task beyond the suite: test_audio_content', () => {
  it('test_audio_content answers the WAV sound, audio/wav', async () => {
    expect(await contentOf('test_audio_content')).toEqual({ content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] });
  });
});

describe('the task beyond the suite: test_embedded_resource', () => {
  it('test_embedded_resource answers test://embedded-resource inside the result', async () => {
    expect(await contentOf('test_embedded_resource')).toEqual({
      content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
    });
  });
});

describe('the task beyond the suite: test_multiple_content_types', () => {
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

describe('the task beyond the suite: logging from a tool', () => {
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

describe('the task beyond the suite: tools that fail', () => {
  it('test_error_handling answers a result with isError: true and its message, not a JSON-RPC error', async () => {
    expect(await contentOf('test_error_handling')).toEqual({ content: [text('This tool intentionally returns an error for testing')], isError: true });
  });

  it('a missing required argument answers an isError result naming it', async () => {
    expect(await contentOf('test_sampling', {})).toEqual({ content: [text('Missing required argument: prompt.')], isError: true });
    expect(await contentOf('test_elicitation', { prompt: 'x' })).toEqual({ content: [text('Missing required argument: message.')], isError: true });
  });
});

describe('the task beyond the suite: progress', () => {
  it('with progressToken "progress-test-1", test_tool_with_progress sends 0, 50 and 100 of 100, then its reply', async () => {
    const talk = await route(callTool(1, 'test_tool_with_progress', {}, { progressToken: 'progress-test-1' }), client({}));
    expect(talk.exchange).toEqual([progress('progress-test-1', 0), progress('progress-test-1', 50), progress('progress-test-1', 100), fromRouter(ok(1, { content: [text('Tool with progress executed successfully')] }))]);
  });

  it('tokens 0 and "" ask for progress too; null, 1.5, a null _meta and no _meta do not', async () => {
    for (const token of [0, '']) expect((await route(callTool(1, 'test_tool_with_progress', {}, { progressToken: token }), client({}))).exchange).toHaveLength(4);
    for (const meta of [{ progressToken: null }, { progressToken: 1.5 }, null, undefined]) expect((await route(callTool(1, 'test_tool_with_progress', {}, meta), client({}))).exchange).toHaveLength(1);
  });
});

describe('the task beyond the suite: sampling', () => {
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

describe('the task beyond the suite: elicitation', () => {
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

describe('the task beyond the suite: test_elicitation_sep1034_defaults', () => {
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

describe('the task beyond the suite: test_elicitation_sep1330_enums', () => {
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

describe('the task beyond the suite: json_schema_2020_12_tool', () => {
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

describe('the task beyond the suite: resources/list', () => {
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

describe('the task beyond the suite: resources/read', () => {
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

describe('the task beyond the suite: test://static-binary', () => {
  it('test://static-binary reads as the PNG pixel, as a blob', async () => {
    expect((await route(request(1, 'resources/read', { uri: 'test://static-binary' }))).result).toEqual({ contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: PNG }] });
  });
});

describe('the task beyond the suite: the template', () => {
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

describe('the task beyond the suite: resources/subscribe', () => {
  it('resources/subscribe to each of the three resources answers {}', async () => {
    for (const uri of RESOURCE_URIS) expect(await route(request(1, 'resources/subscribe', { uri }))).toEqual(ok(1, {}));
  });

  it('resources/subscribe to a URI that is not one of them (a template URI included) answers -32002', async () => {
    for (const uri of ['test://nothing', 'test://template/1/data']) expect(await errorCode(request(1, 'resources/subscribe', { uri }))).toBe(-32002);
  });
});

describe('the task beyond the suite: resources/unsubscribe', () => {
  it('resources/unsubscribe answers {} for the three resources and -32002 for any other URI', async () => {
    expect(await route(request(1, 'resources/unsubscribe', { uri: 'test://watched-resource' }))).toEqual(ok(1, {}));
    expect(await errorCode(request(2, 'resources/unsubscribe', { uri: 'test://other' }))).toBe(-32002);
  });
});

describe('the task beyond the suite: prompts/list', () => {
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

describe('the task beyond the suite: prompts/get', () => {
  it('test_simple_prompt answers its description and one user message', async () => {
    const { result } = await route(request(1, 'prompts/get', { name: 'test_simple_prompt' }));
    expect(result.messages).toEqual([{ role: 'user', content: text('This is a simple prompt for testing.') }]);
    expect(typeof result.description).toBe('string');
  });

  it('an unknown prompt name answers -32602', async () => {
    for (const name of ['test_prompt', 'toString', '', undefined, ['test_simple_prompt']]) expect(await errorCode(request(1, 'prompts/get', { name }))).toBe(-32602);
  });
});

describe('the task beyond the suite: test_prompt_with_arguments', () => {
  it('test_prompt_with_arguments puts arg1 and arg2 into its text', async () => {
    const { result } = await route(request(1, 'prompts/get', { name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } }));
    expect(result.messages).toEqual([{ role: 'user', content: text("Prompt with arguments: arg1='hello', arg2='world'") }]);
  });

  it('a missing required argument answers -32602, even one of two', async () => {
    expect(await errorCode(request(1, 'prompts/get', { name: 'test_prompt_with_arguments', arguments: { arg1: 'a' } }))).toBe(-32602);
    expect(await errorCode(request(1, 'prompts/get', { name: 'test_prompt_with_arguments' }))).toBe(-32602);
  });
});

describe('the task beyond the suite: test_prompt_with_embedded_resource', () => {
  it('test_prompt_with_embedded_resource carries the resource at resourceUri, then a text', async () => {
    const { result } = await route(request(1, 'prompts/get', { name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://example-resource' } }));
    expect(result.messages).toEqual([
      { role: 'user', content: { type: 'resource', resource: { uri: 'test://example-resource', mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
      { role: 'user', content: text('Please process the embedded resource above.') },
    ]);
  });
});

describe('the task beyond the suite: test_prompt_with_image', () => {
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
