import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, ids, params, requests } from '@course/check';

const ping = (id) => ({ jsonrpc: '2.0', id, method: 'ping', params: {} });

// The task's domain: well-formed requests to a method of the table, with an id of any kind
// (`null` included: JSON-RPC counts it as an id that was sent) and params of any shape, or none.
// The task leaves nothing free: every reply must be exactly what a correct router returns.
const METHODS = ['ping', 'echo', 'count', 'isList', 'nothing'];
const anyId = ids({ null: true });
const anyRequest = requests({ ids: anyId, methods: fc.constantFrom(...METHODS), params: params() });

// Tests that read members of the reply start here, so a missing reply fails with one clear
// sentence instead of "Cannot read properties of undefined".
async function replyTo(msg) {
  const reply = await route(msg);
  expect(reply, 'route must return a reply object for a request').toBeTypeOf('object');
  expect(reply, 'route must return a reply object for a request').not.toBeNull();
  return reply;
}

describe('examples', () => {
  it('answers a ping request with a result envelope', async () => {
    expect(await route(ping(1))).toEqual({ jsonrpc: '2.0', id: 1, result: { pong: true } });
  });

  it('answers echo with the params it was given', async () => {
    expect(await route({ jsonrpc: '2.0', id: 'a', method: 'echo', params: [1, 2] })).toEqual({ jsonrpc: '2.0', id: 'a', result: [1, 2] });
  });
});

describe('the success envelope', () => {
  it('has exactly the keys jsonrpc, id and result', async () => {
    // Object.keys sees keys whose value is undefined, which toEqual would skip.
    const reply = await replyTo(ping(2));
    expect(Object.keys(reply).sort()).toEqual(['id', 'jsonrpc', 'result']);
  });

  it('says jsonrpc "2.0" as a string, not the number 2', async () => {
    const reply = await replyTo(ping(3));
    expect(reply.jsonrpc).toBe('2.0');
  });

  it('carries the value the handler returned as result', async () => {
    const reply = await replyTo(ping(4));
    expect(reply.result).toStrictEqual({ pong: true });
  });

  it('passes an empty object to the handler of a request that has no params', async () => {
    expect(await route({ jsonrpc: '2.0', id: 5, method: 'echo' })).toStrictEqual({ jsonrpc: '2.0', id: 5, result: {} });
  });

  it('carries a falsy result as it is: 0, false and null', async () => {
    expect((await replyTo({ jsonrpc: '2.0', id: 6, method: 'count', params: {} })).result).toBe(0);
    expect((await replyTo({ jsonrpc: '2.0', id: 7, method: 'isList', params: {} })).result).toBe(false);
    expect(await route({ jsonrpc: '2.0', id: 8, method: 'nothing' })).toStrictEqual({ jsonrpc: '2.0', id: 8, result: null });
  });
});

describe('echoing the id', () => {
  it('a request with id 0 is answered with id 0', async () => {
    expect(await route(ping(0))).toEqual({ jsonrpc: '2.0', id: 0, result: { pong: true } });
  });

  it('a request with id 0 gets a reply, not null: 0 is a real id, not a missing one', async () => {
    // A reply object (not only "not null", which a route that returns nothing passes).
    await replyTo(ping(0));
  });

  it('the string id "7" comes back as the string "7", not the number 7', async () => {
    const reply = await replyTo(ping('7'));
    expect(reply.id).toBe('7');
  });

  it('the string id "abc" comes back unchanged', async () => {
    const reply = await replyTo(ping('abc'));
    expect(reply.id).toBe('abc');
  });

  it('a large integer id comes back unchanged', async () => {
    const reply = await replyTo(ping(9007199254740991));
    expect(reply.id).toBe(9007199254740991);
  });

  it('two requests in a row each get their own id back', async () => {
    const first = await replyTo(ping(10));
    const second = await replyTo(ping(11));
    expect([first.id, second.id]).toEqual([10, 11]);
  });
});

describe('every request of the task (generated)', () => {
  it('echoes the id exactly as it arrived, for ids of every kind and edge', () =>
    agrees({ input: requests({ ids: anyId, methods: fc.constant('ping'), params: params() }), calls: (msg) => [['route', msg]] }));

  it('calls the method the message names, with its params or {}, and returns whatever it returned', () =>
    agrees({ input: requests({ ids: fc.constantFrom(1, 'x'), methods: fc.constantFrom(...METHODS), params: params() }), calls: (msg) => [['route', msg]] }));

  it('answers any request of the task exactly as a correct router does', () => agrees({ input: anyRequest, calls: (msg) => [['route', msg]] }));
});
