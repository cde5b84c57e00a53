import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, errorData, errorMessage, ids, jsonValues, notifications, params, requests, taskFreedoms, unknownNames, INHERITED_NAMES } from '@course/check';

const request = (id, method, params) => ({ jsonrpc: '2.0', id, method, params });

function expectMethodNotFound(reply, id) {
  expect(reply).toEqual({ jsonrpc: '2.0', id, error: expect.objectContaining({ code: -32601, message: expect.any(String) }) });
}

// The task's domain: well-formed messages ("`method` is a string, `params` is an object, an
// array or left out, and an `id` ... is a number, a string or `null`"). Methods: the table's own
// entries `ping` and `add`, and every other name: the twelve keys of Object.prototype, near misses
// of the real names by case, space or look-alike letter ("Names are compared exactly as they
// arrive"), and any other string (unknownNames). add's params often carry `a` and `b`, sometimes
// an object add cannot add ("`add` throws, for instance, when its `a` is ... `{ "toString": 1 }`").
const OWN = ['ping', 'add'];
const otherNames = fc.oneof({ arbitrary: fc.constantFrom(...INHERITED_NAMES), weight: 2 }, { arbitrary: unknownNames(OWN), weight: 3 }, { arbitrary: fc.constantFrom('\uff50\uff49\uff4e\uff47', 'PING', 'Add', ' add', 'add\t'), weight: 1 });
const cannotAdd = fc.constantFrom({ toString: 1 }, { valueOf: {}, toString: 'x' }, { valueOf: null, toString: [] });
const addParams = fc.oneof(
  params(),
  fc.record({ a: jsonValues(), b: jsonValues() }, { requiredKeys: [] }),
  fc.record({ a: fc.oneof(cannotAdd, fc.integer()), b: fc.oneof(cannotAdd, fc.integer()) }),
);
const anyId = ids({ null: true });

// What the task leaves free: the wording of `message` ("a short, non-empty string of your choice")
// and a `data` member beside it ("you may add a `data` member to the error").
const SAME = taskFreedoms([
  [errorMessage, 'The error\'s `message` is a short, non-empty string of your choice'],
  [errorData, 'you may add a `data`'],
]);

describe('examples', () => {
  it('ping is answered with {}', async () => {
    expect(await route(request(1, 'ping', {}))).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('"toString" is not a method of this server: -32601', async () => {
    expectMethodNotFound(await route(request(2, 'toString', {})), 2);
  });
});

describe('names every object inherits', () => {
  it('"constructor" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(3, 'constructor', {})), 3);
  });

  it('"__proto__" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(4, '__proto__', {})), 4);
  });

  it('"hasOwnProperty" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(5, 'hasOwnProperty', {})), 5);
  });

  it('"valueOf" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(6, 'valueOf', {})), 6);
  });

  it('"isPrototypeOf" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(7, 'isPrototypeOf', {})), 7);
  });

  it('"__defineGetter__" is answered with -32601', async () => {
    expectMethodNotFound(await route(request(8, '__defineGetter__', {})), 8);
  });

  it('every one of the twelve keys of Object.prototype is answered with -32601, "toLocaleString" included', async () => {
    for (const [i, name] of INHERITED_NAMES.entries()) expectMethodNotFound(await route(request(100 + i, name, {})), 100 + i);
  });

  it('an inherited name is a method not found, not an invalid request: the message itself is well formed', async () => {
    const reply = await route(request(9, 'constructor', {}));
    expect(reply?.error?.code).not.toBe(-32600);
  });

  it('the -32601 reply to an inherited name carries the request\'s own id, not null', async () => {
    const reply = await route(request(13, '__proto__', {}));
    expect(reply?.id).toBe(13);
  });

  it('a notification named "toString" gets null', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'toString' })).toBeNull();
  });
});

describe('names that only look like an entry', () => {
  it('"PING" is not "ping": a name that differs only by case gets -32601', async () => {
    expectMethodNotFound(await route(request(20, 'PING', {})), 20);
  });

  it('" ping" with a space and the full-width "ｐｉｎｇ" are not "ping" either: -32601', async () => {
    expectMethodNotFound(await route(request(21, ' ping', {})), 21);
    expectMethodNotFound(await route(request(22, '\uff50\uff49\uff4e\uff47', {})), 22);
  });
});

describe('real methods still work', () => {
  it('add returns the sum of its params', async () => {
    expect(await route(request(10, 'add', { a: 2, b: 3 }))).toEqual({ jsonrpc: '2.0', id: 10, result: { sum: 5 } });
  });

  it('add without params is called with {} and answers { sum: NaN }', async () => {
    expect(await route({ jsonrpc: '2.0', id: 14, method: 'add' })).toEqual({ jsonrpc: '2.0', id: 14, result: { sum: NaN } });
  });

  it('both entries of the table are methods, the first one (ping) as much as add', async () => {
    expect(await route(request(15, 'ping', {}))).toEqual({ jsonrpc: '2.0', id: 15, result: {} });
  });

  it('a handler that throws is still answered with -32603: add with an a it cannot add', async () => {
    const reply = await route(request(16, 'add', { a: { toString: 1 }, b: 2 }));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 16, error: expect.objectContaining({ code: -32603 }) });
  });

  it('an unknown method is -32601', async () => {
    expectMethodNotFound(await route(request(11, 'tools/list', {})), 11);
  });

  it('a request with id 0 is answered', async () => {
    expect(await route(request(0, 'ping', {}))).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });

  it('a notification for a real method gets null', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'ping' })).toBeNull();
  });
});

describe('the error reply', () => {
  it('the -32601 reply carries a short, non-empty message', async () => {
    const reply = await route(request(12, 'toString', {}));
    expect(reply.error.message).toEqual(expect.stringMatching(/\S/));
  });
});

describe('every message of the task (generated)', () => {
  it('every name that is not an own entry of the table gets -32601 with the request\'s id: inherited keys, near misses and any other string', () =>
    agrees({ input: requests({ ids: anyId, methods: otherNames, params: params() }), calls: (msg) => [['route', msg]], same: SAME }));

  it('ping and add still answer as the starter did: their result, or -32603 when add throws, with the id exactly as it arrived', () =>
    agrees({ input: requests({ ids: anyId, methods: fc.constantFrom(...OWN), params: addParams }), calls: (msg) => [['route', msg]], same: SAME }));

  it('a notification gets null, whatever its method: own entries, inherited keys and other names alike', () =>
    agrees({ input: notifications({ methods: fc.oneof(fc.constantFrom(...OWN), otherNames), params: addParams }), calls: (msg) => [['route', msg]], same: SAME }));
});
