import { describe, it, expect, beforeEach } from 'vitest';
import { reset, sendRequest, receive, tick, outcome } from '@course/learner';

const result = (id, value) => ({ jsonrpc: '2.0', id, result: value });
const error = (id, err) => ({ jsonrpc: '2.0', id, error: err });
const ROOTS = { roots: [{ uri: 'file:///home/user/project', name: 'project' }] };
const NOT_SUPPORTED = { code: -32601, message: 'Roots not supported', data: { reason: 'no roots capability' } };

function expectCancellation(message, requestId) {
  expect(message).toMatchObject({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
  expect(typeof message.params.reason).toBe('string');
}

describe('examples', () => {
  // Requests and outcomes outlive a test: start each one from nothing.
  beforeEach(async () => {
    await reset();
  });

  it('the first request after reset has id 0 and is pending', async () => {
    expect(await sendRequest('roots/list', undefined, 0)).toEqual({ jsonrpc: '2.0', id: 0, method: 'roots/list' });
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it('a result response resolves the request with its id, and is not answered', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive(result(0, { roots: [] }))).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'resolved', result: { roots: [] } });
  });

  it('a request that waits 1000 ms times out and is cancelled with notifications/cancelled', async () => {
    await sendRequest('roots/list', undefined, 0);
    await receive(result(0, { roots: [] }));
    expect(await sendRequest('ping', undefined, 100)).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const sent = await tick(1100);
    expect(sent).toHaveLength(1);
    expectCancellation(sent[0], 1);
    expect(await outcome(1)).toEqual({ state: 'timed-out' });
  });

  it('an error response rejects the request with the error object as received', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive(error(0, NOT_SUPPORTED))).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'rejected', error: NOT_SUPPORTED });
  });
});

describe("the server's own ids", () => {
  beforeEach(async () => {
    await reset();
  });

  it('ids count 0, 1, 2 from reset', async () => {
    const ids = [];
    for (const method of ['roots/list', 'ping', 'roots/list']) ids.push((await sendRequest(method, undefined, 0)).id);
    expect(ids).toEqual([0, 1, 2]);
  });

  it('an id is never reused, even after its request has settled', async () => {
    await sendRequest('roots/list', undefined, 0);
    await receive(result(0, ROOTS));
    expect((await sendRequest('roots/list', undefined, 10)).id).toBe(1);
  });

  it('an id is never reused after a timeout either', async () => {
    await sendRequest('ping', undefined, 0);
    await tick(5000);
    expect((await sendRequest('ping', undefined, 5000)).id).toBe(1);
  });

  it('params given to sendRequest are sent as they are', async () => {
    const params = { _meta: { progressToken: 'p1' } };
    expect(await sendRequest('roots/list', params, 0)).toEqual({ jsonrpc: '2.0', id: 0, method: 'roots/list', params });
  });

  it('reset forgets pending requests and outcomes and starts the ids at 0 again', async () => {
    await sendRequest('roots/list', undefined, 0);
    await sendRequest('ping', undefined, 0);
    await reset();
    expect(await outcome(0)).toBeNull();
    expect(await tick(10_000)).toEqual([]);
    expect((await sendRequest('ping', undefined, 0)).id).toBe(0);
  });
});

describe('pairing responses', () => {
  beforeEach(async () => {
    await reset();
  });

  it('responses may arrive in any order: each settles the request with its own id', async () => {
    await sendRequest('roots/list', undefined, 0);
    await sendRequest('roots/list', undefined, 0);
    await sendRequest('ping', undefined, 0);
    await receive(result(2, {}));
    await receive(error(0, NOT_SUPPORTED));
    await receive(result(1, ROOTS));
    expect(await outcome(0)).toEqual({ state: 'rejected', error: NOT_SUPPORTED });
    expect(await outcome(1)).toEqual({ state: 'resolved', result: ROOTS });
    expect(await outcome(2)).toEqual({ state: 'resolved', result: {} });
  });

  it('one response settles only its own request: the others stay pending', async () => {
    await sendRequest('roots/list', undefined, 0);
    await sendRequest('roots/list', undefined, 0);
    await receive(result(1, ROOTS));
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it('the string "0" is not the id 0: that response is ignored', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive(result('0', ROOTS))).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it('a response for an id never sent is ignored and creates no outcome', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive(result(99, ROOTS))).toBeNull();
    expect(await outcome(99)).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it('an error response for an id never sent is ignored and creates no outcome', async () => {
    expect(await receive(error(42, NOT_SUPPORTED))).toBeNull();
    expect(await outcome(42)).toBeNull();
  });

  it('a result of null resolves the request: the result member is there, whatever its value', async () => {
    await sendRequest('ping', undefined, 0);
    expect(await receive(result(0, null))).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'resolved', result: null });
  });

  it('outcome("0") is null when only the number 0 was sent: "0" was never an id of this server', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await outcome('0')).toBeNull();
  });

  it('an error response without an id is ignored', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it('an error response with id null is ignored: it names no request', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive(error(null, { code: -32600, message: 'Invalid Request' }))).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it('a second result for a settled request is ignored: the first one stands', async () => {
    await sendRequest('roots/list', undefined, 0);
    await receive(result(0, ROOTS));
    expect(await receive(result(0, { roots: [] }))).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'resolved', result: ROOTS });
  });

  it('an error after a result for the same id is ignored', async () => {
    await sendRequest('roots/list', undefined, 0);
    await receive(result(0, ROOTS));
    await receive(error(0, NOT_SUPPORTED));
    expect(await outcome(0)).toEqual({ state: 'resolved', result: ROOTS });
  });

  it('a result after an error for the same id is ignored', async () => {
    await sendRequest('roots/list', undefined, 0);
    await receive(error(0, NOT_SUPPORTED));
    await receive(result(0, ROOTS));
    expect(await outcome(0)).toEqual({ state: 'rejected', error: NOT_SUPPORTED });
  });

  it('a settled request is no longer pending: it never times out', async () => {
    await sendRequest('roots/list', undefined, 0);
    await receive(result(0, ROOTS));
    expect(await tick(5000)).toEqual([]);
    expect(await outcome(0)).toEqual({ state: 'resolved', result: ROOTS });
  });
});

describe('both directions at once', () => {
  beforeEach(async () => {
    await reset();
  });

  it("the client's ping with id 0 is answered with id 0 while the server's request 0 stays pending", async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive({ jsonrpc: '2.0', id: 0, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it("then the client's response with id 0 settles the server's request 0", async () => {
    await sendRequest('roots/list', undefined, 0);
    await receive({ jsonrpc: '2.0', id: 0, method: 'ping' });
    await receive(result(0, ROOTS));
    expect(await outcome(0)).toEqual({ state: 'resolved', result: ROOTS });
  });

  it('a client request for a method the server does not have is -32601 with the client\'s id', async () => {
    await sendRequest('roots/list', undefined, 0);
    const reply = await receive({ jsonrpc: '2.0', id: 0, method: 'tools/list' });
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 0, error: { code: -32601 } });
    expect(reply).not.toHaveProperty('result');
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it("the client's request ids do not move the server's counter", async () => {
    await receive({ jsonrpc: '2.0', id: 0, method: 'ping' });
    await receive({ jsonrpc: '2.0', id: 7, method: 'ping' });
    expect((await sendRequest('roots/list', undefined, 0)).id).toBe(0);
  });

  it("the client's request for toString is -32601: only the handlers' own entries count", async () => {
    expect(await receive({ jsonrpc: '2.0', id: 3, method: 'toString' })).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32601 } });
  });

  it('the -32601 reply to the client carries a short, non-empty message', async () => {
    expect((await receive({ jsonrpc: '2.0', id: 4, method: 'tools/list' })).error.message).toEqual(expect.stringMatching(/\S/));
  });

  it('a notification from the client gets null and settles nothing', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' })).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });
});

describe('timeouts', () => {
  beforeEach(async () => {
    await reset();
  });

  it('999 ms after sending, nothing times out and tick returns []', async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await tick(999)).toEqual([]);
    expect(await outcome(0)).toEqual({ state: 'pending' });
  });

  it('exactly 1000 ms after sending, the request times out', async () => {
    await sendRequest('roots/list', undefined, 500);
    const sent = await tick(1500);
    expect(sent).toHaveLength(1);
    expectCancellation(sent[0], 0);
  });

  it('a cancellation is a notification: it has no id', async () => {
    await sendRequest('roots/list', undefined, 0);
    const [cancellation] = await tick(1000);
    expect(cancellation).not.toHaveProperty('id');
  });

  it('a cancellation carries exactly jsonrpc, method and params { requestId, reason }', async () => {
    await sendRequest('roots/list', undefined, 0);
    const [cancellation] = await tick(1000);
    expect(Object.keys(cancellation).sort()).toEqual(['jsonrpc', 'method', 'params']);
    expect(Object.keys(cancellation.params).sort()).toEqual(['reason', 'requestId']);
  });

  it('only the requests that waited long enough time out', async () => {
    await sendRequest('roots/list', undefined, 0);
    await sendRequest('roots/list', undefined, 600);
    const first = await tick(1000);
    expect(first).toHaveLength(1);
    expectCancellation(first[0], 0);
    expect(await outcome(1)).toEqual({ state: 'pending' });
    const second = await tick(1600);
    expect(second).toHaveLength(1);
    expectCancellation(second[0], 1);
  });

  it('several timeouts come back in the order the requests were sent', async () => {
    await sendRequest('ping', undefined, 0);
    await sendRequest('roots/list', undefined, 10);
    await sendRequest('ping', undefined, 20);
    const sent = await tick(2000);
    expect(sent.map((m) => m.params.requestId)).toEqual([0, 1, 2]);
  });

  it('a timed-out request is cancelled once: the next tick sends nothing for it', async () => {
    await sendRequest('roots/list', undefined, 0);
    await tick(1000);
    expect(await tick(3000)).toEqual([]);
  });

  it('a response that arrives after the timeout is ignored: the request stays timed out', async () => {
    await sendRequest('roots/list', undefined, 0);
    await tick(1000);
    expect(await receive(result(0, ROOTS))).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'timed-out' });
  });

  it('a request for id 0 times out like any other', async () => {
    const { id } = await sendRequest('ping', undefined, 0);
    expect(id).toBe(0);
    const sent = await tick(1000);
    expectCancellation(sent[0], 0);
  });
});
