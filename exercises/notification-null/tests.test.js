import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, ids, messages, notifications, params, requests } from '@course/check';

// A notification is built without an `id` key at all: `{ id: undefined }` would be ambiguous
// (`'id' in msg` calls it a request), so no test sends one.
const notification = { jsonrpc: '2.0', method: 'ping', params: {} };
const request = (id) => ({ jsonrpc: '2.0', id, method: 'ping', params: {} });

// The task's domain: well-formed messages to `ping`, the one method of the table, with params of
// any shape or none. A request has an `id` member holding any number, any string or `null`
// ("`0`, the empty string `""` and `null` are ids"); a notification has no `id` member at all
// (never `{ id: undefined }`: "JSON cannot send" one). The task leaves nothing free: every answer
// must be exactly what a correct router returns, `null` for a notification, the envelope with
// exactly its three keys for a request.
const ping = fc.constant('ping');
const anyId = ids({ null: true });
const anyRequest = requests({ ids: anyId, methods: ping, params: params() });
const anyNotification = notifications({ methods: ping, params: params() });
const anyMessage = messages({ ids: anyId, methods: ping, params: params() });

// Tests that read members of the reply start here, so a missing reply fails with one clear
// sentence instead of "Cannot read properties of undefined".
async function replyTo(msg) {
  const reply = await route(msg);
  expect(reply, 'route must return a reply object for a request').toBeTypeOf('object');
  expect(reply, 'route must return a reply object for a request').not.toBeNull();
  return reply;
}

describe('examples', () => {
  it('a notification gets null', async () => {
    expect(await route(notification)).toBeNull();
  });

  it('a request with id 1 gets a result envelope', async () => {
    expect(await route(request(1))).toEqual({ jsonrpc: '2.0', id: 1, result: { pong: true } });
  });

  it("the task's notification { jsonrpc: '2.0', method: 'ping' } gets null", async () => {
    expect(await route({ jsonrpc: '2.0', method: 'ping' })).toBeNull();
  });

  it("the task's request with id 0 gets its reply, id 0 and all: 0 is an id", async () => {
    expect(await route({ jsonrpc: '2.0', id: 0, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 0, result: { pong: true } });
  });

  it("the task's request with id null gets its reply, id null and all: null is an id that was sent", async () => {
    expect(await route({ jsonrpc: '2.0', id: null, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: null, result: { pong: true } });
  });
});

describe('notifications', () => {
  it('a notification gets null, not undefined', async () => {
    const reply = await route({ jsonrpc: '2.0', method: 'ping', params: {} });
    expect(reply).toBeNull();
  });

  it('a notification without params gets null', async () => {
    expect(await route({ jsonrpc: '2.0', method: 'ping' })).toBeNull();
  });

  it('a notification right after a request still gets null', async () => {
    await route(request(2));
    expect(await route(notification)).toBeNull();
  });

  it('a notification gets no reply envelope: nothing with jsonrpc and result goes back', async () => {
    // Only the envelope is looked for here: the value that means "nothing" has tests of its own.
    const reply = await route(notification);
    expect(reply?.jsonrpc).toBeUndefined();
  });

  it('a notification does not get an empty object: {} would still be sent as a message', async () => {
    expect(await route(notification)).not.toEqual({});
  });

  it('for a notification route returns null itself: a bare return gives undefined instead', async () => {
    expect(await route(notification)).not.toBeUndefined();
  });

  it('for a notification route returns null, not false: false is a value, not "nothing to send"', async () => {
    expect(await route(notification)).not.toBe(false);
  });

  it('for a notification route returns the value null, not the text "null": the transport writes the text', async () => {
    expect(await route(notification)).not.toBe('null');
  });
});

describe('requests', () => {
  it('a request with id 0 is answered, with id 0', async () => {
    expect(await route(request(0))).toEqual({ jsonrpc: '2.0', id: 0, result: { pong: true } });
  });

  it('a request with the empty string as id is answered, with id ""', async () => {
    expect(await route(request(''))).toEqual({ jsonrpc: '2.0', id: '', result: { pong: true } });
  });

  it('a request with id 0 gets a reply, not null: 0 is a real id, not a missing one', async () => {
    expect(await route(request(0))).not.toBeNull();
  });

  it('a request with the empty string as id gets a reply, not null: "" is a real id too', async () => {
    expect(await route(request(''))).not.toBeNull();
  });

  it('a request with id null is a request: it is answered, with id null', async () => {
    expect(await route(request(null))).toStrictEqual({ jsonrpc: '2.0', id: null, result: { pong: true } });
  });

  it('a request without params is answered', async () => {
    expect(await route({ jsonrpc: '2.0', id: 3, method: 'ping' })).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { pong: true },
    });
  });

  it('the string id "7" comes back as the string "7"', async () => {
    const reply = await replyTo(request('7'));
    expect(reply.id).toBe('7');
  });

  it('the reply to a request has exactly the keys jsonrpc, id and result', async () => {
    // Object.keys also lists keys set to undefined, which toEqual would skip.
    const reply = await replyTo(request(4));
    expect(Object.keys(reply).sort()).toEqual(['id', 'jsonrpc', 'result']);
  });

  it('the reply to a request says jsonrpc "2.0" as a string', async () => {
    const reply = await replyTo(request(5));
    expect(reply.jsonrpc).toBe('2.0');
  });
});

describe('every message of the task (generated)', () => {
  it('a message with no id member is a notification: it gets null, whatever its params', () =>
    agrees({ input: anyNotification, calls: (msg) => [['route', msg]] }));

  it('a message with an id member is a request: it is answered with that id exactly, whatever its kind, 0, "" and null included', () =>
    agrees({ input: anyRequest, calls: (msg) => [['route', msg]] }));

  it('any message of the task, request or notification, gets exactly what a correct router answers', () =>
    agrees({ input: anyMessage, calls: (msg) => [['route', msg]] }));
});
