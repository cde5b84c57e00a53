import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { classify, route } from '@course/learner';
import { agrees, errorData, errorMessage, ids, jsonValues, names, params, taskFreedoms, WRONG_IDS, WRONG_METHODS, WRONG_VERSIONS } from '@course/check';

// The task's domain: values JSON can carry, members set to undefined allowed. Messages of each of
// the four kinds (ids of every kind and edge, 0 and 2 ** 60 included; method names one edit away
// from the table's or inherited by every object; results of any value, null and 0 included; error
// objects with or without data, and the empty message), each of them also broken in one member: a
// wrong version, id, method, code or message, a member added (result beside error, a method
// beside a result, error: null) or taken away, a member set to undefined, and now and then a member
// more named as every object's methods (hasOwnProperty, toString, constructor, valueOf) or an own
// "__proto__" holding the members that decide the kind; and values that are no message at all.
// Each case asks classify, then route, about the same message.
// What the task leaves free: "The `message` of both error replies is a short, non-empty string" and
// "An error reply may also carry a `data` member".
const SAME = taskFreedoms([
  [errorMessage, 'The `message` of both error replies is a short, non-empty string of your choice.'],
  [errorData, 'An error reply may also carry a `data` member with more detail, as JSON-RPC allows; nothing checks what it holds.'],
]);

const request = (id, method = 'ping', extra = {}) => ({ jsonrpc: '2.0', id, method, ...extra });
const result = (id, value = {}) => ({ jsonrpc: '2.0', id, result: value });
const error = (id, err = { code: -32601, message: 'Method not found' }) => ({ jsonrpc: '2.0', id, error: err });
const errorWithoutId = (err = { code: -32700, message: 'Parse error' }) => ({ jsonrpc: '2.0', error: err });

function expectInvalidRequestReply(reply) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  expect(reply).not.toHaveProperty('result');
  expect(typeof reply.error.message).toBe('string');
}

async function expectInvalid(msg) {
  expect(await classify(msg)).toBe('invalid');
  expectInvalidRequestReply(await route(msg));
}

describe('examples', () => {
  it('a ping request is a request, answered with its id and an empty result', async () => {
    const msg = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect(await classify(msg)).toBe('request');
    expect(await route(msg)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('notifications/initialized is a notification and gets nothing', async () => {
    const msg = { jsonrpc: '2.0', method: 'notifications/initialized' };
    expect(await classify(msg)).toBe('notification');
    expect(await route(msg)).toBeNull();
  });

  it('the answer to the server\'s roots/list is a result and gets nothing back', async () => {
    const msg = { jsonrpc: '2.0', id: 0, result: { roots: [] } };
    expect(await classify(msg)).toBe('result');
    expect(await route(msg)).toBeNull();
  });

  it('a client that cannot list roots answers with an error response, which gets nothing back', async () => {
    const msg = { jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Roots not supported' } };
    expect(await classify(msg)).toBe('error');
    expect(await route(msg)).toBeNull();
  });

  it('a response with both result and error is invalid: -32600 with id null', async () => {
    const msg = { jsonrpc: '2.0', id: 7, result: {}, error: { code: 1, message: 'x' } };
    expect(await classify(msg)).toBe('invalid');
    expectInvalidRequestReply(await route(msg));
  });
});

describe('what is not a message at all', () => {
  it('null is invalid, and answered -32600 with id null rather than crashing', async () => {
    await expectInvalid(null);
  });

  it('an array is invalid: a batch is not one message', async () => {
    await expectInvalid([request(1)]);
  });

  it('a number is invalid', async () => {
    await expectInvalid(42);
  });

  it('a string is invalid', async () => {
    await expectInvalid('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  });

  it('a message whose jsonrpc is "1.0" is invalid', async () => {
    await expectInvalid({ jsonrpc: '1.0', id: 1, method: 'ping' });
  });

  it('a message without jsonrpc is invalid, even a response', async () => {
    await expectInvalid({ id: 1, result: {} });
  });

  it('jsonrpc must be exactly the string "2.0": the number 2 is invalid', async () => {
    await expectInvalid({ jsonrpc: 2, id: 1, method: 'ping' });
  });
});

describe('calls: requests and notifications', () => {
  it('a request with a string id is a request', async () => {
    expect(await classify(request('abc'))).toBe('request');
  });

  it('a request with id 0 is a request, not a notification', async () => {
    expect(await classify(request(0))).toBe('request');
    expect(await route(request(0))).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });

  it('2 ** 60 is an integer, if not a safe one: a request id', async () => {
    expect(await classify(request(2 ** 60))).toBe('request');
  });

  it('a negative integer id is a request id', async () => {
    expect(await classify(request(-3))).toBe('request');
  });

  it('in MCP a request id is never null: a request with id null is invalid, answered with id null', async () => {
    await expectInvalid(request(null));
  });

  it('a request id of 1.5 is invalid: ids are strings or integers', async () => {
    await expectInvalid(request(1.5));
  });

  it('a boolean id is invalid', async () => {
    await expectInvalid(request(true));
  });

  it('an object id is invalid', async () => {
    await expectInvalid(request({ n: 1 }));
  });

  it('a method that is not a string is invalid', async () => {
    await expectInvalid({ jsonrpc: '2.0', id: 1, method: 5 });
  });

  it('a notification whose method is not a string is invalid too', async () => {
    await expectInvalid({ jsonrpc: '2.0', method: null });
  });

  it('an empty method name is still a string: the request is a request, answered -32601', async () => {
    expect(await classify(request(12, ''))).toBe('request');
    expect(await route(request(12, ''))).toMatchObject({ jsonrpc: '2.0', id: 12, error: { code: -32601 } });
  });

  it('a method set to undefined counts as absent: beside a result, the message is a result', async () => {
    const msg = { jsonrpc: '2.0', id: 5, method: undefined, result: {} };
    expect(await classify(msg)).toBe('result');
    expect(await route(msg)).toBeNull();
  });

  it('an id set to undefined counts as absent: the message is a notification', async () => {
    const msg = { jsonrpc: '2.0', id: undefined, method: 'ping' };
    expect(await classify(msg)).toBe('notification');
    expect(await route(msg)).toBeNull();
  });

  it('classify does not look at params: a request with params 5 is a request', async () => {
    expect(await classify(request(2, 'ping', { params: 5 }))).toBe('request');
  });

  it('a member named like a method every object has is a member like any other: a request with hasOwnProperty: 1 is a request', async () => {
    expect(await classify(request(2, 'ping', { hasOwnProperty: 1 }))).toBe('request');
  });

  it('a method beside a result is invalid, and is not dispatched', async () => {
    await expectInvalid(request(3, 'ping', { result: {} }));
  });

  it('a method beside an error is invalid', async () => {
    await expectInvalid(request(3, 'ping', { error: { code: -32601, message: 'Method not found' } }));
  });

  it('a notification that carries a result is invalid', async () => {
    await expectInvalid({ jsonrpc: '2.0', method: 'notifications/progress', result: {} });
  });
});

describe('responses: results and errors', () => {
  it('a result of null is still a result: result is present', async () => {
    expect(await classify(result(4, null))).toBe('result');
  });

  it('only own members count: a result whose own "__proto__" member holds an error, as JSON.parse makes it, is a result', async () => {
    expect(await classify(JSON.parse('{"jsonrpc":"2.0","id":4,"result":{},"__proto__":{"error":{"code":1,"message":"x"}}}'))).toBe('result');
  });

  it('a result that is a plain number is a result', async () => {
    expect(await classify(result(4, 0))).toBe('result');
  });

  it('a result for id 0 is a result, although 0 is falsy', async () => {
    expect(await classify(result(0))).toBe('result');
    expect(await route(result(0))).toBeNull();
  });

  it('a result for a string id is a result', async () => {
    expect(await classify(result('srv-1'))).toBe('result');
  });

  it('a result with id null is invalid: only an error may lack a readable id', async () => {
    await expectInvalid(result(null));
  });

  it('a result without an id is invalid', async () => {
    await expectInvalid({ jsonrpc: '2.0', result: {} });
  });

  it('a result for id 1.5 is invalid', async () => {
    await expectInvalid(result(1.5));
  });

  it('a result set to undefined counts as absent: the message is invalid', async () => {
    await expectInvalid({ jsonrpc: '2.0', id: 4, result: undefined });
  });

  it('an error response with id null is an error: the peer could not read the id', async () => {
    expect(await classify(error(null))).toBe('error');
  });

  it('an error response without an id is an error too', async () => {
    expect(await classify(errorWithoutId())).toBe('error');
  });

  it('an error response with a string id is an error', async () => {
    expect(await classify(error('srv-2'))).toBe('error');
  });

  it('an error object may carry data', async () => {
    expect(await classify(error(5, { code: -32602, message: 'Invalid params', data: { field: 'uri' } }))).toBe('error');
  });

  it('an error whose code is a string is invalid', async () => {
    await expectInvalid(error(5, { code: '-32601', message: 'Method not found' }));
  });

  it('an error whose code is 1.5 is invalid: codes are integers', async () => {
    await expectInvalid(error(5, { code: 1.5, message: 'odd' }));
  });

  it('an error without a message is invalid', async () => {
    await expectInvalid(error(5, { code: -32603 }));
  });

  it('an error whose message is a number is invalid: message must be a string', async () => {
    await expectInvalid(error(5, { code: -32603, message: 500 }));
  });

  it('an error whose message is the empty string is an error: the empty string is a string', async () => {
    expect(await classify(error(5, { code: -32000, message: '' }))).toBe('error');
  });

  it('error: null beside a result is invalid: null is a value, so the message has both', async () => {
    await expectInvalid({ jsonrpc: '2.0', id: 4, result: {}, error: null });
  });

  it('an error set to undefined counts as absent: beside a result, the message is a result', async () => {
    expect(await classify({ jsonrpc: '2.0', id: 4, result: {}, error: undefined })).toBe('result');
  });

  it('an error that is null is invalid, and reading it does not crash the router', async () => {
    await expectInvalid(error(5, null));
  });

  it('an error that is a string is invalid', async () => {
    await expectInvalid(error(5, 'boom'));
  });

  it('an error response with id 1.5 is invalid', async () => {
    await expectInvalid(error(1.5));
  });

  it('a message with an id and neither method, result nor error is invalid', async () => {
    await expectInvalid({ jsonrpc: '2.0', id: 3 });
  });
});

describe('route never answers a response', () => {
  it('a result for an id the server never used gets null, not -32601', async () => {
    expect(await route(result(99, { anything: true }))).toBeNull();
  });

  it('an error response gets null, not an error of its own', async () => {
    expect(await route(error(12, { code: -32603, message: 'Internal error' }))).toBeNull();
  });

  it('an error response with id null gets null: answering it could start an endless exchange of errors', async () => {
    expect(await route(error(null, { code: -32600, message: 'Invalid Request' }))).toBeNull();
  });

  it('an error response without an id gets null', async () => {
    expect(await route(errorWithoutId())).toBeNull();
  });

  it('a result whose content names a method is still a response, never dispatched', async () => {
    expect(await route(result(2, { method: 'ping' }))).toBeNull();
  });

  it('a response is never acknowledged: no result, not even an empty one, goes back for it', async () => {
    // Only a result is looked for here: that nothing at all goes back has tests of its own.
    const reply = await route(result(15, { roots: [] }));
    expect(reply?.result).toBeUndefined();
  });

  it('a response is never dispatched as a method call: it has no method, so no -32601 goes back for it', async () => {
    // Only a -32601 is looked for here: that nothing at all goes back has tests of its own.
    const reply = await route(result(16, { roots: [] }));
    expect(reply?.error?.code).not.toBe(-32601);
  });
});

describe('route answers requests and invalid messages', () => {
  it('tools/list is answered from the table', async () => {
    expect(await route(request(8, 'tools/list'))).toEqual({ jsonrpc: '2.0', id: 8, result: { tools: [] } });
  });

  it('a method the table does not have is -32601 with the request\'s id', async () => {
    const reply = await route(request('r9', 'roots/list'));
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 'r9', error: { code: -32601 } });
    expect(reply).not.toHaveProperty('result');
  });

  it('toString is not a method: only the table\'s own entries count', async () => {
    expect(await route(request(10, 'toString'))).toMatchObject({ id: 10, error: { code: -32601 } });
  });

  it("'Ping' is not a method: names are matched exactly, case included", async () => {
    expect(await route(request(17, 'Ping'))).toMatchObject({ id: 17, error: { code: -32601 } });
  });

  it('constructor is not a method either', async () => {
    expect(await route(request(11, 'constructor'))).toMatchObject({ id: 11, error: { code: -32601 } });
  });

  it('a notification for an unknown method gets null', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'notifications/unheard-of' })).toBeNull();
  });

  it('the -32600 for a broken response carries id null: that id came from the server\'s own requests', async () => {
    expectInvalidRequestReply(await route({ jsonrpc: '2.0', id: 4, result: {}, error: { code: -32603, message: 'x' } }));
  });

  it('the -32600 for a request with a readable id still carries id null', async () => {
    expectInvalidRequestReply(await route(request(6, 'ping', { result: 1 })));
  });

  it('the -32601 and -32600 replies carry a short, non-empty message', async () => {
    const unknownMethod = await route(request(13, 'roots/list'));
    const invalid = await route({ jsonrpc: '2.0', id: 14 });
    expect([unknownMethod.error.message, invalid.error.message]).toEqual([expect.stringMatching(/\S/), expect.stringMatching(/\S/)]);
  });
});

const METHODS = ['ping', 'tools/list'];
const anyId = fc.oneof({ arbitrary: ids(), weight: 4 }, { arbitrary: fc.constantFrom(0, 0, '', 2 ** 60, -(2 ** 60), 1e21), weight: 2 });
const errorObjects = fc.record(
  { code: fc.oneof(fc.constantFrom(-32700, -32601, -32603, -32000, 0, 1, 2 ** 60), fc.integer()), message: fc.oneof(fc.constantFrom('', 'Roots not supported', ' '), fc.string({ maxLength: 8 })), data: jsonValues({ maxDepth: 1 }) },
  { requiredKeys: ['code', 'message'] },
);
const maybeParams = params({ maxDepth: 1 }).map((p) => (p === undefined ? {} : { params: p }));
// Messages of the four kinds, well formed.
const kinds = {
  request: fc.tuple(anyId, names(METHODS), maybeParams).map(([id, method, p]) => ({ jsonrpc: '2.0', id, method, ...p })),
  notification: fc.tuple(fc.oneof(names(METHODS), fc.constantFrom('notifications/initialized', 'notifications/cancelled')), maybeParams).map(([method, p]) => ({ jsonrpc: '2.0', method, ...p })),
  result: fc.tuple(anyId, jsonValues()).map(([id, result]) => ({ jsonrpc: '2.0', id, result })),
  error: fc.tuple(fc.oneof({ arbitrary: anyId, weight: 2 }, { arbitrary: fc.constantFrom(null, 'absent'), weight: 1 }), errorObjects).map(([id, error]) => (id === 'absent' ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error })),
};
// One change to a message each, member first, then its value: of the wrong kind, set to
// undefined, taken away (DELETE) or added. Some changes keep the message well formed (an id taken
// from a request makes it a notification; an empty error message is a message); most break it.
const DELETE = '(delete)';
const JSONRPC = [DELETE, undefined, ...WRONG_VERSIONS];
const BREAKS = {
  request: { jsonrpc: JSONRPC, id: [null, null, null, 1.5, 1.5, -0.5, undefined, DELETE, ...WRONG_IDS], method: [...WRONG_METHODS, undefined, ''], result: [{}, null, undefined], error: [{ code: 1, message: 'x' }, null, undefined] },
  notification: { jsonrpc: JSONRPC, method: [...WRONG_METHODS, undefined], result: [{}, null], error: [{ code: 1, message: 'x' }, undefined], id: [0, undefined, null] },
  result: { jsonrpc: JSONRPC, id: [null, null, null, null, DELETE, DELETE, undefined, 1.5, 1.5, ...WRONG_IDS], result: [DELETE, undefined, null, 0], error: [{ code: 1, message: 'x' }, null, undefined], method: ['ping', undefined, ''] },
  error: {
    jsonrpc: JSONRPC,
    id: [1.5, true, {}, [], undefined, null, DELETE],
    error: [null, 'boom', [], {}, undefined, DELETE],
    'error.code': [1.5, -32000.5, '-32601', null, DELETE, undefined, 2 ** 60],
    'error.message': [DELETE, 500, null, undefined, '', {}],
    result: [null, undefined, {}],
    method: ['ping', undefined],
  },
};
function changed(msg, path, value) {
  const out = { ...msg };
  const [first, second] = path.split('.');
  let at = out;
  let key = first;
  if (second !== undefined) {
    if (out[first] === null || typeof out[first] !== 'object') return out;
    at = out[first] = { ...out[first] };
    key = second;
  }
  if (value === DELETE) delete at[key];
  else at[key] = value;
  return out;
}
// A member no row of the table names, whose name every object inherits, or an own "__proto__"
// holding the members that decide the kind ("`msg` is any value JSON can carry"): it changes no
// kind, but msg.hasOwnProperty(...) calls it, and a copy made with Object.assign inherits them.
const INHERITED_MEMBERS = [
  ['hasOwnProperty', 1],
  ['toString', 'x'],
  ['constructor', {}],
  ['valueOf', null],
  ['__proto__', { jsonrpc: '2.0', id: 1, method: 'ping', result: {}, error: { code: 1, message: 'x' } }],
];
function withOwnMember(msg, member) {
  if (member === undefined || msg === null || typeof msg !== 'object' || Array.isArray(msg)) return msg;
  const out = { ...msg };
  Object.defineProperty(out, member[0], { value: member[1], enumerable: true, writable: true, configurable: true });
  return out;
}
/** Messages of the kinds named, each changed in one member about three times in four, and now and then given one member more. */
const messagesOf = (...names) =>
  fc.oneof(
    ...names.map((kind) => {
      // The id is changed twice as often as any other member: most of the table is about ids.
      const paths = Object.keys(BREAKS[kind]).flatMap((path) => (path === 'id' ? [path, path] : [path]));
      const breaks = fc.constantFrom(...paths).chain((path) => fc.constantFrom(...BREAKS[kind][path]).map((value) => [path, value]));
      return fc
        .tuple(kinds[kind], fc.option(breaks, { freq: 4, nil: undefined }), fc.option(fc.constantFrom(...INHERITED_MEMBERS), { freq: 5, nil: undefined }))
        .map(([msg, change, inherited]) => withOwnMember(change === undefined ? msg : changed(msg, ...change), inherited));
    }),
  );
const notAMessage = fc.oneof(fc.constantFrom(null, 0, 42, '', 'ping', true, false, [], [{ jsonrpc: '2.0', id: 1, method: 'ping' }]), jsonValues({ maxDepth: 1 }));
const both = (m) => [['classify', m], ['route', m]];

describe('every message of the task (generated)', () => {
  it('a message with a method is a request when its id is a string or an integer, a notification without an id, and invalid beside a result or an error or with a method that is not a string', () =>
    agrees({ input: messagesOf('request', 'notification'), calls: both, same: SAME }));

  it('a message without a method is a result when it has a result of any value and a string or integer id, and invalid with both result and error or neither', () =>
    agrees({ input: messagesOf('result', 'result', 'error'), calls: both, same: SAME }));

  it('an error response has an error object with an integer code and a string message, and an id that is a string, an integer, null or absent', () =>
    agrees({ input: messagesOf('error'), calls: both, same: SAME }));

  it('any value at all gets its kind from classify and what that kind asks from route: responses and notifications nothing, invalid values -32600 with id null', () =>
    agrees({ input: fc.oneof({ arbitrary: messagesOf('request', 'notification', 'result', 'error'), weight: 3 }, { arbitrary: notAMessage, weight: 1 }), calls: both, same: SAME }));

  it('a request is answered from the own entries of handlers with its id, exactly as it came, whatever its method name', () =>
    agrees({ input: kinds.request, calls: (m) => [['route', m]], same: SAME }));
});
