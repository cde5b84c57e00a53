import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, EDGE_KEYS, errorMessage, ids, names, taskFreedoms, unknownNames } from '@course/check';

// The task's domain: requests (an id that is a string or an integer, as MCP requires) and
// notifications (no id member) for tools/list with params or none, tools/call with any tool name
// (the table's, near misses by case, whitespace and look-alike letters, keys every object
// inherits) and arguments that are missing or an object: a city of the table, a near miss or an
// inherited name, or a value that is not a string, or no city at all, beside extra keys of every
// kind (hasOwnProperty, and an own __proto__ that sometimes holds a city), and any other method.
//
// What the task leaves free is declared in SAME below, each freedom with the words that grant it.
const TOOLS = ['test_simple_text', 'test_image_content', 'test_embedded_resource', 'test_multiple_content_types', 'get_weather', 'test_error_handling'];
const NO_ARGUMENT_TOOLS = TOOLS.filter((name) => name !== 'get_weather');
const CITIES = ['Paris', 'Oslo', 'Cairo'];
const METHODS = ['tools/list', 'tools/call'];
const PNG_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a tools/call of a tool of the table has arguments that do not fit its inputSchema. */
function argumentsInvalid(msg) {
  if (!isRecord(msg) || msg.method !== 'tools/call' || !isRecord(msg.params)) return false;
  const { name } = msg.params;
  if (!TOOLS.includes(name)) return false;
  const args = isRecord(msg.params.arguments) ? msg.params.arguments : {};
  if (name === 'get_weather') return !Object.hasOwn(args, 'city') || typeof args.city !== 'string';
  return Object.keys(args).length > 0;
}

/** The one text block of a result marked isError, or undefined. */
function errorText(reply) {
  if (!isRecord(reply) || !isRecord(reply.result) || reply.result.isError !== true) return undefined;
  const { content } = reply.result;
  if (!Array.isArray(content) || content.length !== 1 || !isRecord(content[0]) || content[0].type !== 'text') return undefined;
  return typeof content[0].text === 'string' ? content[0].text : undefined;
}

const ANY_WORDING = '(a non-empty text of your own)';
const validationText = {
  name: 'validation-text',
  says: 'the text of the tool error for arguments that do not fit the schema is any non-empty text',
  normalize: (reply, call) => {
    const text = errorText(reply);
    if (!argumentsInvalid(call.args[0]) || text === undefined || text === '') return reply;
    return { ...reply, result: { ...reply.result, content: [{ ...reply.result.content[0], text: ANY_WORDING }] } };
  },
  vary: (reply, call) => {
    if (!argumentsInvalid(call.args[0]) || errorText(reply) === undefined) return reply;
    return { ...reply, result: { ...reply.result, content: [{ type: 'text', text: 'Those arguments do not fit the input schema.' }] } };
  },
};

/** A JSON value with every object's keys in reverse order. */
function keysReversed(value) {
  if (Array.isArray(value)) return value.map(keysReversed);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.keys(value).reverse().map((key) => [key, keysReversed(value[key])]));
}

/** The parsed value of the text of the first block of a result with structuredContent, or undefined. */
function structuredText(reply) {
  if (!isRecord(reply) || !isRecord(reply.result) || !Object.hasOwn(reply.result, 'structuredContent')) return undefined;
  const { content } = reply.result;
  if (!Array.isArray(content) || !isRecord(content[0]) || content[0].type !== 'text' || typeof content[0].text !== 'string') return undefined;
  try {
    const parsed = JSON.parse(content[0].text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const jsonSpelling = {
  name: 'structured-json-text',
  says: 'the JSON text beside structuredContent is compared as the object it holds: its spacing and key order are free',
  normalize: (reply) => {
    const parsed = structuredText(reply);
    if (parsed === undefined) return reply;
    const [first, ...rest] = reply.result.content;
    return { ...reply, result: { ...reply.result, content: [{ ...first, text: { 'JSON text of': parsed } }, ...rest] } };
  },
  // Two spaces of indentation and every key in reverse order: the same JSON.
  vary: (reply) => {
    const parsed = structuredText(reply);
    if (parsed === undefined) return reply;
    const [first, ...rest] = reply.result.content;
    return { ...reply, result: { ...reply.result, content: [{ ...first, text: JSON.stringify(keysReversed(parsed), null, 2) }, ...rest] } };
  },
};

const isErrorFalse = {
  name: 'is-error-false',
  says: 'a successful result may say isError: false or leave isError out',
  normalize: (reply) => {
    if (!isRecord(reply) || !isRecord(reply.result) || reply.result.isError !== false) return reply;
    const { isError: _isError, ...result } = reply.result;
    return { ...reply, result };
  },
  vary: (reply) => {
    if (!isRecord(reply) || !isRecord(reply.result) || !Array.isArray(reply.result.content) || Object.hasOwn(reply.result, 'isError')) return reply;
    return { ...reply, result: { ...reply.result, isError: false } };
  },
};

const SAME = taskFreedoms([
  [errorMessage, 'a `message` that is a short, non-empty string of your choice'],
  [validationText, 'a non-empty `text` whose wording is yours'],
  [jsonSpelling, 'holding that object as JSON text (its spacing and key order are free)'],
  [isErrorFalse, '(`isError: false` beside them is allowed too: it means the same)'],
]);

/** An object with these own entries, defined (an own "__proto__" stays a key, as JSON.parse makes it). */
function objectOf(entries) {
  const out = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

// Tool names: the table's, the library's near misses and inherited keys, and names that only a
// Unicode normalization or trimming would turn into a tool's.
const FOLDED = ['ｇｅｔ_ｗｅａｔｈｅｒ', 'get_weather\u00a0', 'Get_Weather', 'test-simple-text', 'TEST_ERROR_HANDLING'];
const toolNames = fc.oneof({ arbitrary: names(TOOLS), weight: 4 }, { arbitrary: fc.constantFrom(...FOLDED), weight: 1 });

const anyId = ids({ fractions: false });
// What a city may be: one of the table, a near miss or an inherited name, or no string at all
// (['Paris'] among them, which a lookup without a type check would find).
const cityValue = fc.oneof(
  { arbitrary: fc.constantFrom(...CITIES), weight: 4 },
  { arbitrary: unknownNames(CITIES), weight: 2 },
  { arbitrary: fc.constantFrom(0, -3, 1.5, null, true, false, [], ['Paris'], {}, { city: 'Oslo' }), weight: 2 },
);
const EXTRA_KEYS = [...EDGE_KEYS, 'hasOwnProperty', 'valueOf', 'City', 'town'];
const argsObject = fc
  .tuple(
    fc.option(cityValue.map((value) => ['city', value]), { nil: undefined, freq: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS.filter((k) => k !== '__proto__')), fc.constantFrom(0, '', null, 'x', 'Paris', [], {})), { maxLength: 2 }),
    fc.option(fc.constant(['__proto__', { city: 'Paris' }]), { nil: undefined, freq: 6 }),
  )
  .map(([city, extra, proto]) => {
    const entries = [];
    const seen = new Set();
    for (const entry of [city, ...extra, proto]) {
      if (entry === undefined || seen.has(entry[0])) continue;
      seen.add(entry[0]);
      entries.push(entry);
    }
    return objectOf(entries);
  });
// arguments: left out, {}, or an object of any keys.
const argsMember = fc.oneof({ arbitrary: fc.constantFrom('absent', 'empty'), weight: 2 }, { arbitrary: argsObject, weight: 3 });

function callParams(name, args) {
  if (args === 'absent') return { name };
  return { name, arguments: args === 'empty' ? {} : args };
}

const toolCall = (toolNames, args = argsMember) => fc.record({ name: toolNames, args }).map(({ name, args }) => ({ method: 'tools/call', params: callParams(name, args) }));
const listCall = fc.constantFrom('absent', {}, { _meta: { progressToken: 1 } }).map((params) => (params === 'absent' ? { method: 'tools/list' } : { method: 'tools/list', params }));
const otherMethod = unknownNames(METHODS).map((method) => ({ method, params: {} }));
const body = fc.oneof({ arbitrary: toolCall(toolNames), weight: 4 }, { arbitrary: listCall, weight: 1 }, { arbitrary: otherMethod, weight: 1 });

/** A request (an id of any MCP kind) or, now and then, a notification (no id member) of `bodies`. */
const asRequest = (bodies) => fc.record({ id: anyId, body: bodies }).map(({ id, body }) => ({ jsonrpc: '2.0', id, ...body }));
const asMessage = (bodies) => fc.oneof({ arbitrary: asRequest(bodies), weight: 4 }, { arbitrary: bodies.map((b) => ({ jsonrpc: '2.0', ...b })), weight: 1 });

const one = (msg) => [['route', msg]];

const call = (id, name, args) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: args === undefined ? { name } : { name, arguments: args } });

const IMAGE = { type: 'image', data: PNG_PIXEL, mimeType: 'image/png' };
const NO_ARGUMENTS = { type: 'object', additionalProperties: false };
const WEATHER_INPUT = { type: 'object', properties: { city: { type: 'string', description: 'Paris, Oslo or Cairo' } }, required: ['city'] };
const WEATHER_OUTPUT = {
  type: 'object',
  properties: { city: { type: 'string' }, temperature: { type: 'number', description: 'Degrees Celsius' }, conditions: { type: 'string' } },
  required: ['city', 'temperature', 'conditions'],
};

/** The result of a successful reply to request `id`, without an isError: false (which means the same). */
function successOf(reply, id) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, result: expect.any(Object) });
  expect(reply).not.toHaveProperty('error');
  const { isError, ...result } = reply.result;
  expect(isError ?? false).toBe(false);
  return result;
}

/** The text of a tool error: a result with isError true and exactly one text block. */
function toolErrorText(reply, id) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, result: { isError: true } });
  expect(reply).not.toHaveProperty('error');
  expect(Object.keys(reply.result).sort()).toEqual(['content', 'isError']);
  expect(reply.result.content).toHaveLength(1);
  expect(Object.keys(reply.result.content[0]).sort()).toEqual(['text', 'type']);
  expect(reply.result.content[0].type).toBe('text');
  expect(reply.result.content[0].text).toEqual(expect.stringMatching(/\S/));
  return reply.result.content[0].text;
}

function expectProtocolError(reply, id, code) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
  expect(reply).not.toHaveProperty('result');
  expect(reply.error.message).toEqual(expect.stringMatching(/\S/));
}

/** The structured result of get_weather: structuredContent, and the same object as JSON text. */
function expectWeather(reply, id, weather) {
  const result = successOf(reply, id);
  expect(Object.keys(result).sort()).toEqual(['content', 'structuredContent']);
  expect(result.structuredContent).toStrictEqual(weather);
  expect(result.content).toHaveLength(1);
  expect(result.content[0]).toStrictEqual({ type: 'text', text: expect.any(String) });
  expect(JSON.parse(result.content[0].text)).toStrictEqual(weather);
}

describe('examples', () => {
  it('tools/list lists the six tools, and get_weather with its outputSchema', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          { name: 'test_simple_text', description: 'Answers one text block.', inputSchema: NO_ARGUMENTS },
          { name: 'test_image_content', description: 'Answers one PNG image.', inputSchema: NO_ARGUMENTS },
          { name: 'test_embedded_resource', description: 'Answers a text resource embedded in the result.', inputSchema: NO_ARGUMENTS },
          { name: 'test_multiple_content_types', description: 'Answers a text, an image and an embedded resource, in that order.', inputSchema: NO_ARGUMENTS },
          { name: 'get_weather', description: 'Current weather for a city.', inputSchema: WEATHER_INPUT, outputSchema: WEATHER_OUTPUT },
          { name: 'test_error_handling', description: 'Always fails.', inputSchema: NO_ARGUMENTS },
        ],
      },
    });
  });

  it('test_simple_text answers one text block', async () => {
    const result = successOf(await route(call(2, 'test_simple_text', {})), 2);
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'This is a simple text response for testing.' }] });
  });

  it('test_image_content answers one image: base64 data and its mimeType', async () => {
    const result = successOf(await route(call(3, 'test_image_content', {})), 3);
    expect(result).toStrictEqual({ content: [IMAGE] });
  });

  it('get_weather for Paris answers structuredContent and the same object as JSON text', async () => {
    expectWeather(await route(call(4, 'get_weather', { city: 'Paris' })), 4, { city: 'Paris', temperature: 18.5, conditions: 'Partly cloudy' });
  });

  it('test_error_handling answers a tool error carrying the thrown message', async () => {
    expect(toolErrorText(await route(call(5, 'test_error_handling', {})), 5)).toBe('This tool intentionally returns an error for testing');
  });

  it('get_weather without a city is a tool error, not an error envelope', async () => {
    toolErrorText(await route(call(6, 'get_weather', {})), 6);
  });

  it('an unknown tool is the protocol error -32602', async () => {
    expectProtocolError(await route(call(7, 'get_forecast', { city: 'Paris' })), 7, -32602);
  });
});

describe('content blocks', () => {
  it('test_embedded_resource answers a resource block whose resource holds uri, mimeType and text', async () => {
    const result = successOf(await route(call(10, 'test_embedded_resource', {})), 10);
    expect(result).toStrictEqual({
      content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
    });
  });

  it('test_multiple_content_types answers a text, the image and an embedded resource, in that order', async () => {
    const result = successOf(await route(call(11, 'test_multiple_content_types', {})), 11);
    expect(result).toStrictEqual({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        IMAGE,
        { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
      ],
    });
  });

  it('the order of the blocks is part of the answer: the text comes first', async () => {
    const result = successOf(await route(call(12, 'test_multiple_content_types')), 12);
    expect(result.content.map((block) => block.type)).toEqual(['text', 'image', 'resource']);
  });

  it('an image carries the base64 text itself as data, not a data: URL', async () => {
    const result = successOf(await route(call(13, 'test_image_content')), 13);
    expect(result.content[0].data).toBe(PNG_PIXEL);
  });

  it('the embedded resource is nested under resource: uri and text are not members of the block', async () => {
    const result = successOf(await route(call(14, 'test_embedded_resource')), 14);
    expect(result.content[0]).not.toHaveProperty('uri');
    expect(result.content[0]).not.toHaveProperty('text');
    expect(result.content[0].type).toBe('resource');
  });

  it('a tool without outputSchema answers no structuredContent', async () => {
    const result = successOf(await route(call(15, 'test_simple_text')), 15);
    expect(result).not.toHaveProperty('structuredContent');
  });
});

describe('structured content', () => {
  it('get_weather for Oslo: a negative temperature, as a number in both places', async () => {
    expectWeather(await route(call(20, 'get_weather', { city: 'Oslo' })), 20, { city: 'Oslo', temperature: -3, conditions: 'Snow' });
  });

  it('get_weather for Cairo, with an argument beside city (other arguments are fine)', async () => {
    expectWeather(await route(call(21, 'get_weather', { city: 'Cairo', units: 'metric' })), 21, { city: 'Cairo', temperature: 31, conditions: 'Sunny' });
  });

  it('get_weather answers its value in structuredContent, the member its outputSchema describes', async () => {
    const result = successOf(await route(call(22, 'get_weather', { city: 'Paris' })), 22);
    expect(result.structuredContent).toStrictEqual({ city: 'Paris', temperature: 18.5, conditions: 'Partly cloudy' });
  });

  it('beside structuredContent, content holds exactly one text block, for clients that read only content', async () => {
    const result = successOf(await route(call(26, 'get_weather', { city: 'Oslo' })), 26);
    expect(result.content).toHaveLength(1);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.any(String) });
  });

  it('the text of that block is JSON text: it parses to an object with city, temperature and conditions', async () => {
    const result = successOf(await route(call(27, 'get_weather', { city: 'Cairo' })), 27);
    const text = result.content.find((block) => block.type === 'text')?.text;
    expect(() => JSON.parse(text)).not.toThrow();
    expect(JSON.parse(text)).toStrictEqual({ city: 'Cairo', temperature: 31, conditions: 'Sunny' });
  });

  it('only get_weather lists an outputSchema, and it is the table\'s', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 23, method: 'tools/list', params: {} });
    const withOutput = reply.result.tools.filter((tool) => Object.hasOwn(tool, 'outputSchema'));
    expect(withOutput.map((tool) => tool.name)).toEqual(['get_weather']);
    expect(withOutput[0].outputSchema).toStrictEqual(WEATHER_OUTPUT);
  });

  it('the listing has nothing beside tools, and no tool carries its run function', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 24, method: 'tools/list' });
    expect(Object.keys(reply.result)).toEqual(['tools']);
    for (const tool of reply.result.tools) expect(tool).not.toHaveProperty('run');
  });

  it('a failed get_weather carries no structuredContent: only the text of its error', async () => {
    expect(toolErrorText(await route(call(25, 'get_weather', { city: 'Lima' })), 25)).toBe('No weather data for Lima.');
  });
});

describe('tool errors and protocol errors', () => {
  it('a city that is not a string is a tool error: ["Paris"] is not "Paris"', async () => {
    toolErrorText(await route(call(30, 'get_weather', { city: ['Paris'] })), 30);
  });

  it('a city of 0 is a tool error too: it was sent, but it is no string', async () => {
    toolErrorText(await route(call(31, 'get_weather', { city: 0 })), 31);
  });

  it('get_weather with no arguments member at all is a tool error, not a crash', async () => {
    toolErrorText(await route(call(32, 'get_weather')), 32);
  });

  it('only own keys were sent: a city under an own "__proto__" key, as JSON.parse makes it, is missing', async () => {
    const msg = JSON.parse('{"jsonrpc":"2.0","id":33,"method":"tools/call","params":{"name":"get_weather","arguments":{"__proto__":{"city":"Paris"}}}}');
    toolErrorText(await route(msg), 33);
  });

  it('an empty city is a string: run throws, and its message is the text', async () => {
    expect(toolErrorText(await route(call(34, 'get_weather', { city: '' })), 34)).toBe('No weather data for .');
  });

  it('a city named toString is not in WEATHER: only its own keys are cities', async () => {
    expect(toolErrorText(await route(call(35, 'get_weather', { city: 'toString' })), 35)).toBe('No weather data for toString.');
  });

  it('a city is compared exactly as sent: paris is not Paris', async () => {
    expect(toolErrorText(await route(call(36, 'get_weather', { city: 'paris' })), 36)).toBe('No weather data for paris.');
  });

  it('an argument sent to a tool whose schema allows none is a tool error (additionalProperties: false)', async () => {
    toolErrorText(await route(call(37, 'test_image_content', { size: 'large' })), 37);
  });

  it('test_simple_text called without an arguments member runs', async () => {
    const result = successOf(await route(call(38, 'test_simple_text')), 38);
    expect(result.content).toStrictEqual([{ type: 'text', text: 'This is a simple text response for testing.' }]);
  });

  it('a tool that throws answers a result, never an error envelope', async () => {
    const reply = await route(call(39, 'test_error_handling'));
    expect(reply).toHaveProperty('result');
    expect(reply).not.toHaveProperty('error');
  });

  it('an unknown tool answers an error envelope, not a result with isError', async () => {
    const reply = await route(call(40, 'get_forecast', {}));
    expect(reply).toHaveProperty('error');
    expect(reply).not.toHaveProperty('result');
  });

  it('an unknown tool is -32602 (invalid params), not -32601: the method tools/call exists', async () => {
    expectProtocolError(await route(call(41, 'sqrt', { a: 4 })), 41, -32602);
  });

  it('a tool named toString or __proto__ is unknown: only own entries of the table are tools', async () => {
    expectProtocolError(await route(call(42, 'toString', {})), 42, -32602);
    expectProtocolError(await route(call(43, '__proto__', {})), 43, -32602);
  });

  it('Get_Weather names no tool: names are compared exactly as sent', async () => {
    expectProtocolError(await route(call(44, 'Get_Weather', { city: 'Paris' })), 44, -32602);
  });

  it('an unknown method answers -32601', async () => {
    expectProtocolError(await route({ jsonrpc: '2.0', id: 45, method: 'resources/list', params: {} }), 45, -32601);
  });
});

describe('envelopes', () => {
  it('a tools/call notification (no id) gets null, even for a tool that throws', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'test_error_handling', arguments: {} } })).toBeNull();
  });

  it('a request with id 0 is answered with id 0', async () => {
    expect(await route(call(0, 'test_simple_text', {}))).toMatchObject({ jsonrpc: '2.0', id: 0, result: expect.any(Object) });
  });

  it('the empty string id comes back as the empty string', async () => {
    expect(await route({ jsonrpc: '2.0', id: '', method: 'tools/list' })).toMatchObject({ id: '' });
  });
});

describe('every message of the task (generated)', () => {
  it('a tool name is a tool only when it is an own entry of the table, compared exactly as sent: any other name is -32602', () =>
    agrees({ input: asRequest(toolCall(toolNames, fc.constantFrom('absent', 'empty'))), calls: one, same: SAME }));

  it('get_weather: a city that is an own key and a string runs, with structuredContent and its JSON text; anything else is a tool error', () =>
    agrees({ input: asRequest(toolCall(fc.constant('get_weather'))), calls: one, same: SAME }));

  it('a tool without arguments answers its blocks in order when it gets none, and a tool error for any own key', () =>
    agrees({ input: asRequest(toolCall(fc.constantFrom(...NO_ARGUMENT_TOOLS))), calls: one, same: SAME }));

  it('any other method answers -32601, a message without an id gets null whatever it asks for, and any message is answered as a correct router does', () =>
    agrees({ input: asMessage(fc.oneof(otherMethod, body)), calls: one, same: SAME }));
});
