import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, EDGE_KEYS, errorMessage, ids, names, namesWord, taskFreedoms, unknownNames } from '@course/check';

// The task's domain: requests (an id that is a string or an integer, as MCP requires) and
// notifications (no id member) for tools/list with any params or none, tools/call with any tool
// name (the table's, near misses by case, whitespace and look-alike letters, keys every object
// inherits) and arguments that are missing, undefined, null or an object whose a and b are absent,
// undefined, falsy or of any JSON kind, with extra keys (hasOwnProperty, and an own __proto__, which
// sometimes holds an a and a b, among them), and any other method; and sessions of such calls in
// one realm, where listing must not change the table.
//
// What the task leaves free is declared in SAME below, each freedom with the words that grant it.
const TOOLS = ['add', 'divide'];
const METHODS = ['tools/list', 'tools/call'];

function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The required arguments a tools/call of the table leaves missing (not there, or undefined). */
function missingOf(msg) {
  const params = isRecord(msg) && isRecord(msg.params) ? msg.params : {};
  if (msg.method !== 'tools/call' || !TOOLS.includes(params.name)) return [];
  const args = isRecord(params.arguments) ? params.arguments : {};
  return ['a', 'b'].filter((key) => !Object.hasOwn(args, key) || args[key] === undefined);
}

const NAMES_WHAT_IS_MISSING = '(a text that names what is missing)';
const missingText = {
  name: 'missing-text',
  says: 'the text of a missing-argument tool error is yours, as long as it names a missing argument',
  normalize: (reply, call) => {
    const missing = missingOf(call.args[0]);
    if (missing.length === 0 || !isRecord(reply) || !isRecord(reply.result) || reply.result.isError !== true) return reply;
    const { content } = reply.result;
    if (!Array.isArray(content) || content.length !== 1 || !isRecord(content[0]) || content[0].type !== 'text') return reply;
    const { text } = content[0];
    if (typeof text !== 'string' || !missing.some((key) => namesWord(text, key))) return reply;
    return { ...reply, result: { ...reply.result, content: [{ ...content[0], text: NAMES_WHAT_IS_MISSING }] } };
  },
  // Other words around the first missing argument's name.
  vary: (reply, call) => {
    const [first] = missingOf(call.args[0]);
    if (first === undefined || !isRecord(reply) || !isRecord(reply.result) || reply.result.isError !== true || !Array.isArray(reply.result.content)) return reply;
    return { ...reply, result: { ...reply.result, content: [{ type: 'text', text: `Please give ${first}.` }] } };
  },
};

const isErrorFalse = {
  name: 'is-error-false',
  says: 'a successful result may say isError: false or leave isError out',
  normalize: (reply) => {
    if (!isRecord(reply) || !isRecord(reply.result) || reply.result.isError !== false) return reply;
    const { isError, ...result } = reply.result;
    return { ...reply, result };
  },
  vary: (reply) => {
    if (!isRecord(reply) || !isRecord(reply.result) || !Array.isArray(reply.result.content) || Object.hasOwn(reply.result, 'isError')) return reply;
    return { ...reply, result: { ...reply.result, isError: false } };
  },
};

const SAME = taskFreedoms([
  [errorMessage, 'a `message` that is a short, non-empty string'],
  [missingText, 'one text item that names what is missing (every missing argument, or at least the first; the wording is yours)'],
  [isErrorFalse, '(`isError: false` beside `content` is allowed too: it means the same)'],
]);

/** An object with these own entries, defined (an own "__proto__" stays a key, as JSON.parse makes it). */
function objectOf(entries) {
  const out = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

// Tool names: the table's, the library's near misses and inherited keys, and names that only a
// Unicode normalization (NFKC: full-width letters, a ligature) or trimming would turn into a tool's.
const FOLDED = ['ａｄｄ', 'ｄｉｖｉｄｅ', 'ＡＤＤ', 'add\u00a0', '\u3000divide', 'ADD', 'Divide'];
const toolNames = fc.oneof({ arbitrary: names(TOOLS), weight: 4 }, { arbitrary: fc.constantFrom(...FOLDED.filter((n) => !TOOLS.includes(n))), weight: 1 });

const anyId = ids({ fractions: false });
// What an argument may hold: numbers of every edge, falsy values, undefined (missing), any JSON.
const argValue = fc.oneof(
  { arbitrary: fc.integer({ min: -1000, max: 1000 }), weight: 4 },
  { arbitrary: fc.constantFrom(0, -0, 1, -1, 0.5, 1e21, 2 ** 53, -1e-7), weight: 2 },
  { arbitrary: fc.constantFrom(undefined, null, false, true, '', '0', 'x'), weight: 2 },
  { arbitrary: fc.constantFrom([], [1, 2], {}, { x: 1 }, { toString: 0 }), weight: 1 },
);
const slot = (key) => fc.option(argValue.map((value) => [key, value]), { nil: undefined, freq: 3 });
// Extra keys: the library's edge keys and every object's method names, and now and then an own
// "__proto__" holding a and b, which a copy made with Object.assign would inherit as if they were sent.
const EXTRA_KEYS = [...EDGE_KEYS.filter((k) => k !== 'a' && k !== 'b'), 'hasOwnProperty', 'valueOf'];
const argsObject = fc
  .tuple(
    slot('a'),
    slot('b'),
    fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), fc.constantFrom(0, '', null, 'x', 1, [], {})), { maxLength: 1 }),
    fc.option(fc.constant(['__proto__', { a: 1, b: 2 }]), { nil: undefined, freq: 6 }),
  )
  .chain(([a, b, extra, proto]) => fc.shuffledSubarray([...[a, b, proto].filter(Boolean), ...extra.filter(([k]) => !proto || k !== '__proto__')], { minLength: 0 }).map(objectOf));
// arguments: left out, undefined, null, or an object.
const argsMember = fc.oneof({ arbitrary: fc.constantFrom('absent', undefined, null), weight: 1 }, { arbitrary: argsObject, weight: 4 });

function callParams(name, args) {
  return args === 'absent' ? { name } : { name, arguments: args };
}

const toolCall = (toolNames, args = argsMember) => fc.record({ name: toolNames, args }).map(({ name, args }) => ({ method: 'tools/call', params: callParams(name, args) }));
const listCall = fc.constantFrom('absent', undefined, {}, { cursor: 'x' }).map((params) => (params === 'absent' ? { method: 'tools/list' } : { method: 'tools/list', params }));
const otherMethod = unknownNames(METHODS).map((method) => ({ method, params: {} }));
const body = fc.oneof({ arbitrary: toolCall(toolNames), weight: 4 }, { arbitrary: listCall, weight: 1 }, { arbitrary: otherMethod, weight: 1 });

/** A request (an id of any MCP kind) or, now and then, a notification (no id member) of `bodies`. */
const asRequest = (bodies) => fc.record({ id: anyId, body: bodies }).map(({ id, body }) => ({ jsonrpc: '2.0', id, ...body }));
const asMessage = (bodies) => fc.oneof({ arbitrary: asRequest(bodies), weight: 4 }, { arbitrary: bodies.map((b) => ({ jsonrpc: '2.0', ...b })), weight: 1 });

const one = (msg) => [['route', msg]];

const call = (id, name, args) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

// A successful tool result may leave out isError or set it to false: both mean "no error".
function expectToolSuccess(reply, id, text) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
  expect(reply).not.toHaveProperty('error');
  expect(reply.result.isError ?? false).toBe(false);
}

function expectToolError(reply, id) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, result: { isError: true } });
  expect(reply).not.toHaveProperty('error');
  expect(reply.result.content).toHaveLength(1);
  expect(reply.result.content[0].type).toBe('text');
  expect(typeof reply.result.content[0].text).toBe('string');
}

function expectProtocolError(reply, id, code) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
  expect(reply).not.toHaveProperty('result');
  expect(typeof reply.error.message).toBe('string');
}

describe('examples', () => {
  it('tools/list names both tools with their input schemas', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'add',
            description: 'Add two numbers.',
            inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
          },
          {
            name: 'divide',
            description: 'Divide a by b.',
            inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
          },
        ],
      },
    });
  });

  it('calling add with 2 and 3 answers the text "5"', async () => {
    expectToolSuccess(await route(call(2, 'add', { a: 2, b: 3 })), 2, '5');
  });

  it('dividing by zero is a tool error: a result with isError true, not an error envelope', async () => {
    const reply = await route(call(3, 'divide', { a: 1, b: 0 }));
    expectToolError(reply, 3);
    expect(reply.result.content[0].text).toBe('Cannot divide by zero.');
  });

  it('an unknown tool is a protocol error -32602', async () => {
    expectProtocolError(await route(call(4, 'multiply', { a: 2, b: 3 })), 4, -32602);
  });
});

describe('tool results', () => {
  it('dividing 7 by 2 answers the text "3.5"', async () => {
    expectToolSuccess(await route(call(10, 'divide', { a: 7, b: 2 })), 10, '3.5');
  });

  it('a call with a missing required argument is a tool error, as input validation is since 2025-11-25', async () => {
    expectToolError(await route(call(11, 'add', { a: 2 })), 11);
  });

  it('a call without any arguments is a tool error, not a crash', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'add' } });
    expectToolError(reply, 12);
  });

  it('the thrown message becomes the text of the tool error', async () => {
    const reply = await route(call('s-1', 'divide', { a: 5, b: 0 }));
    expectToolError(reply, 's-1');
    expect(reply.result.content[0].text).toBe('Cannot divide by zero.');
  });
});

describe('protocol errors', () => {
  it('an unknown tool answers -32602 (invalid params), not -32601: the method tools/call exists', async () => {
    expectProtocolError(await route(call(20, 'sqrt', { a: 4 })), 20, -32602);
  });

  it('a tool named toString is unknown: only own entries of the table are tools', async () => {
    expectProtocolError(await route(call(21, 'toString', {})), 21, -32602);
  });

  it('a tool named __proto__ is unknown too', async () => {
    expectProtocolError(await route(call(22, '__proto__', {})), 22, -32602);
  });

  it('an unknown method answers -32601', async () => {
    expectProtocolError(await route({ jsonrpc: '2.0', id: 23, method: 'resources/list', params: {} }), 23, -32601);
  });
});

describe('envelopes', () => {
  it('a request with id 0 is answered', async () => {
    expectToolSuccess(await route(call(0, 'add', { a: 1, b: 1 })), 0, '2');
  });

  it('tools/list without params is answered', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 30, method: 'tools/list' });
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 30, result: { tools: [{ name: 'add' }, { name: 'divide' }] } });
  });

  it('a tools/call notification (no id) gets no reply, even when the tool fails', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'divide', arguments: { a: 1, b: 0 } } })).toBeNull();
  });

  it('a string id is echoed unchanged', async () => {
    expectToolSuccess(await route(call('abc', 'add', { a: -1, b: 1 })), 'abc', '0');
  });
});

describe('what the texts and messages say', () => {
  it('the tool error for missing arguments names what is missing, as a word of its text', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 40, method: 'tools/call', params: { name: 'divide', arguments: {} } });
    expectToolError(reply, 40);
    const { text } = reply.result.content[0];
    expect(namesWord(text, 'a') || namesWord(text, 'b'), `${JSON.stringify(text)} names neither a nor b (an "a" before a word is read as the article)`).toBe(true);
  });

  it('with both arguments missing, the text names at least the first, a', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 49, method: 'tools/call', params: { name: 'add', arguments: {} } });
    expectToolError(reply, 49);
    const { text } = reply.result.content[0];
    expect(namesWord(text, 'a'), `${JSON.stringify(text)} does not name a (an "a" before a word is read as the article)`).toBe(true);
  });

  it('the -32601 and -32602 replies carry a short, non-empty message', async () => {
    const unknownMethod = await route({ jsonrpc: '2.0', id: 41, method: 'resources/list', params: {} });
    const unknownTool = await route(call(42, 'sqrt', { a: 4 }));
    expectProtocolError(unknownMethod, 41, -32601);
    expectProtocolError(unknownTool, 42, -32602);
    expect(unknownMethod.error.message).toEqual(expect.stringMatching(/\S/));
    expect(unknownTool.error.message).toEqual(expect.stringMatching(/\S/));
  });
});

describe('one rule at a time', () => {
  it('a request with id 0 gets a reply, not null: 0 is an id', async () => {
    expect(await route(call(0, 'add', { a: 2, b: 2 }))).not.toBeNull();
  });

  it('the empty string id comes back as the empty string', async () => {
    expect(await route({ jsonrpc: '2.0', id: '', method: 'tools/list' })).toMatchObject({ id: '' });
  });

  it('every listed tool carries its inputSchema', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 50, method: 'tools/list' });
    expect(reply).toMatchObject({ result: { tools: [{ name: 'add', inputSchema: { type: 'object' } }, { name: 'divide', inputSchema: { type: 'object' } }] } });
  });

  it('no listed tool carries the run function', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 51, method: 'tools/list' });
    expect(reply).toMatchObject({ result: { tools: [{ name: 'add' }, { name: 'divide' }] } });
    for (const tool of reply.result.tools) expect(tool).not.toHaveProperty('run');
  });

  it('the listing has nothing beside tools: no nextCursor, not even null', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 52, method: 'tools/list' });
    expect(reply).toMatchObject({ result: { tools: expect.any(Array) } });
    expect(Object.keys(reply.result)).toEqual(['tools']);
  });

  it('a tool that throws answers a result marked isError, not an error envelope', async () => {
    const reply = await route(call(53, 'divide', { a: 3, b: 0 }));
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 53, result: { isError: true } });
    expect(reply).not.toHaveProperty('error');
  });

  it('an unknown tool answers an error envelope, not a result', async () => {
    const reply = await route(call(54, 'multiply', { a: 3, b: 2 }));
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 54, error: expect.any(Object) });
    expect(reply).not.toHaveProperty('result');
  });

  it('Add with a capital A names no tool: -32602', async () => {
    expectProtocolError(await route(call(55, 'Add', { a: 1, b: 2 })), 55, -32602);
  });

  it('"add " with a trailing space and the full-width ａｄｄ name no tool: -32602', async () => {
    expectProtocolError(await route(call(56, 'add ', { a: 1, b: 2 })), 56, -32602);
    expectProtocolError(await route(call(57, '\uff41\uff44\uff44', { a: 1, b: 2 })), 57, -32602);
  });

  it('an argument sent as null was sent: add of 1 and null runs and answers "1"', async () => {
    expectToolSuccess(await route(call(58, 'add', { a: 1, b: null })), 58, '1');
  });

  it('an argument set to undefined is missing: a tool error', async () => {
    expectToolError(await route(call(59, 'add', { a: 1, b: undefined })), 59);
  });

  it('only the arguments\' own keys were sent: a and b under an own "__proto__" key, as JSON.parse makes it, are missing', async () => {
    expectToolError(await route(JSON.parse('{"jsonrpc":"2.0","id":66,"method":"tools/call","params":{"name":"add","arguments":{"__proto__":{"a":1,"b":2}}}}')), 66);
  });

  it('listing never changes the table: after tools/list, add still runs', async () => {
    await route({ jsonrpc: '2.0', id: 62, method: 'tools/list' });
    expectToolSuccess(await route(call(63, 'add', { a: 4, b: 5 })), 63, '9');
  });

  it('an argument of 0 was sent: add of 0 and 5 answers "5"', async () => {
    expectToolSuccess(await route(call(60, 'add', { a: 0, b: 5 })), 60, '5');
  });

  it('arguments: null is read as {}: a tool error naming what is missing, not a crash', async () => {
    const reply = await route({ jsonrpc: '2.0', id: 61, method: 'tools/call', params: { name: 'add', arguments: null } });
    expectToolError(reply, 61);
  });
});

describe('every message of the task (generated)', () => {
  it('a tool name is a tool only when it is an own entry of the table, compared exactly as sent: any other name is -32602', () =>
    agrees({ input: asRequest(toolCall(toolNames, fc.constant({ a: 6, b: 3 }))), calls: one, same: SAME }));

  it('a required argument is missing only when it is not there or undefined (0, false, "" and null were sent); a tool that throws answers a tool error with its message', () =>
    agrees({
      input: asRequest(fc.oneof(toolCall(fc.constantFrom(...TOOLS)), toolCall(fc.constant('divide'), fc.record({ a: argValue, b: fc.oneof(fc.constantFrom(0, -0), argValue) })))),
      calls: one,
      same: SAME,
    }));

  it('any other method answers -32601, a message without an id gets null whatever it asks for, and any message is answered as a correct router does', () =>
    agrees({ input: asMessage(fc.oneof(otherMethod, body)), calls: one, same: SAME }));
});
