import { describe, it, expect } from 'vitest';
import { route } from '@course/learner';

const ping = (id) => ({ jsonrpc: '2.0', id, method: 'ping', params: {} });

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

  it('answers a request that has no params', async () => {
    expect(await route({ jsonrpc: '2.0', id: 5, method: 'ping' })).toEqual({
      jsonrpc: '2.0',
      id: 5,
      result: { pong: true },
    });
  });
});

describe('echoing the id', () => {
  it('a request with id 0 is answered with id 0', async () => {
    expect(await route(ping(0))).toEqual({ jsonrpc: '2.0', id: 0, result: { pong: true } });
  });

  it('a request with id 0 gets a reply, not null: 0 is a real id, not a missing one', async () => {
    expect(await route(ping(0))).not.toBeNull();
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
