import { describe, it, expect, beforeEach } from 'vitest';
import fc from 'fast-check';
import { reset, sendRequest, receive, tick, outcome } from '@course/learner';
import { agrees, anyTextAt, errorMessage, ids, jsonValues, names, onlyFor, params, taskFreedoms, undefinedAsAbsent } from '@course/check';

// The task's domain: after reset(), a sequence of the server's own requests (any of its methods,
// params an object, an array or none) sent at times that only move on, the client's responses to
// them, to ids it never sent, has not sent yet, settled, timed out, `null`, missing, or the right
// number written as a string, with results of any JSON value and error objects of any shape,
// ticks of the clock, outcome(id) for ids of every kind, the client's own requests (ids of every
// kind, colliding with the server's; method names near `ping`, inherited keys included) and
// notifications, and further resets. The case ends by asking the outcome of every id sent. Fixed
// tests go past the generated cases' dozen requests: 300 pending at once, and 300 outcomes kept.
// What the task leaves free, each freedom with the words of the task that grant it (the error
// message in the reply to the client's request only: an error the client sent is kept "as received"):
const SAME = taskFreedoms([
  [onlyFor(['sendRequest'], undefinedAsAbsent), 'a `params` member set to `undefined` counts as left out'],
  [onlyFor(['receive'], errorMessage), 'with a short, non-empty `message`'],
  [anyTextAt('*.params.reason', 'the reason of a cancellation is any text'), 'with a `reason` string of your choice (any text)'],
]);

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

  it("a notifications/cancelled from the client naming the server's pending request gets null and changes nothing: the client can only cancel its own requests", async () => {
    await sendRequest('roots/list', undefined, 0);
    expect(await receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 0, reason: 'no' } })).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'pending' });
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

  it('eleven timeouts at once come back in the order of sending: 10 after 9, not after 1', async () => {
    for (let i = 0; i < 11; i++) await sendRequest('ping', undefined, i);
    const sent = await tick(2000);
    expect(sent.map((m) => m.params.requestId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('any number of requests may be pending: of 300 sent, the first still settles with its result and the 299 others time out in order', async () => {
    for (let i = 0; i < 300; i++) await sendRequest('ping', undefined, i);
    expect(await receive(result(0, {}))).toBeNull();
    expect(await outcome(0)).toEqual({ state: 'resolved', result: {} });
    const sent = await tick(5000);
    expect(sent.map((m) => m.params.requestId)).toEqual(Array.from({ length: 299 }, (_, i) => i + 1));
  });

  it('every outcome is kept until reset: after 300 requests, each answered at once, the first one is still resolved', async () => {
    for (let i = 0; i < 300; i++) {
      await sendRequest('ping', undefined, i);
      await receive(result(i, { n: i }));
    }
    expect(await outcome(0)).toEqual({ state: 'resolved', result: { n: 0 } });
    expect(await outcome(299)).toEqual({ state: 'resolved', result: { n: 299 } });
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

// The generated sequences. An id the client answers is written as a reference to the server's own
// ids (the k-th request since the last reset has id k), resolved when the case is written out.
const SERVER_METHODS = ['roots/list', 'ping', 'sampling/createMessage', 'elicitation/create'];
// Steps of the clock: nothing, a little, and each side of the 1000 ms deadline.
const step = fc.constantFrom(0, 0, 1, 10, 250, 499, 500, 501, 999, 1000, 1001, 2500);
const sentParams = fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: params({ absent: false }), weight: 2 });
const idRef = fc.oneof(
  { arbitrary: fc.nat({ max: 15 }).map((back) => ({ ref: 'sent', back })), weight: 8 },
  { arbitrary: fc.nat({ max: 2 }).map((ahead) => ({ ref: 'ahead', ahead })), weight: 1 },
  { arbitrary: fc.nat({ max: 15 }).map((back) => ({ ref: 'text', back })), weight: 1 },
  { arbitrary: fc.constantFrom({ ref: 'null' }, { ref: 'fraction' }), weight: 1 },
  { arbitrary: ids().map((id) => ({ ref: 'any', id })), weight: 1 },
);
const results = fc.oneof(fc.constantFrom(null, 0, false, '', {}, [], { roots: [] }), jsonValues());
const errors = fc.record(
  { code: fc.constantFrom(-32601, -32602, -32603, -32001, -1, 0), message: fc.oneof(fc.constantFrom('Roots not supported', ''), fc.string({ maxLength: 8 })), data: jsonValues({ maxDepth: 1 }) },
  { requiredKeys: ['code', 'message'] },
);
// The client's own ids: often one the server has in flight too (its ids are its own numbering).
const clientIds = fc.oneof(
  { arbitrary: fc.nat({ max: 15 }).map((back) => ({ ref: 'sent', back })), weight: 3 },
  { arbitrary: fc.nat({ max: 2 }).map((ahead) => ({ ref: 'ahead', ahead })), weight: 1 },
  { arbitrary: ids().map((id) => ({ ref: 'any', id })), weight: 2 },
);

const op = {
  send: fc.record({ op: fc.constant('send'), method: fc.constantFrom(...SERVER_METHODS), params: sentParams, after: step }),
  result: fc.record({ op: fc.constant('result'), to: idRef, result: results }),
  error: fc.record({ op: fc.constant('error'), to: fc.oneof({ arbitrary: idRef, weight: 6 }, { arbitrary: fc.constant({ ref: 'absent' }), weight: 1 }), error: errors }),
  tick: fc.record({ op: fc.constant('tick'), after: step }),
  outcome: fc.record({ op: fc.constant('outcome'), of: idRef }),
  call: fc.record({ op: fc.constant('call'), id: clientIds, method: names(['ping']), params: params() }),
  notify: fc.record({ op: fc.constant('notify'), method: fc.constantFrom('notifications/cancelled', 'notifications/cancelled', 'notifications/roots/list_changed', 'ping'), about: idRef }),
  reset: fc.constant({ op: 'reset' }),
};

/** Sequences of `minLength` to `maxLength` operations, each kind as often as `weights` says. */
function sequences(weights, { minLength = 3, maxLength = 10 } = {}) {
  const kinds = Object.entries(weights).map(([kind, weight]) => ({ arbitrary: op[kind], weight }));
  return fc.record({ start: fc.constantFrom(0, 1, 1000, 123456), ops: fc.array(fc.oneof(...kinds), { minLength, maxLength }) });
}

/**
 * The calls of a case: reset(), the operations in order, then (with `probe`) outcome() of every id
 * sent since the last reset, of the next one and of the last one written as a string.
 */
const callsOf = ({ probe = true } = {}) => ({ start, ops }) => {
  const calls = [['reset']];
  let sent = 0;
  let now = start;
  const idOf = (to) => {
    const last = (back) => (sent === 0 ? 0 : sent - 1 - (back % sent));
    switch (to.ref) {
      case 'sent': return last(to.back);
      case 'ahead': return sent + to.ahead;
      case 'text': return String(last(to.back));
      case 'null': return null;
      case 'fraction': return last(0) + 0.5;
      default: return to.id;
    }
  };
  for (const o of ops) {
    if (o.op === 'send') {
      now += o.after;
      calls.push(['sendRequest', o.method, o.params, now]);
      sent++;
    } else if (o.op === 'result') {
      calls.push(['receive', { jsonrpc: '2.0', id: idOf(o.to), result: o.result }]);
    } else if (o.op === 'error') {
      calls.push(['receive', o.to.ref === 'absent' ? { jsonrpc: '2.0', error: o.error } : { jsonrpc: '2.0', id: idOf(o.to), error: o.error }]);
    } else if (o.op === 'tick') {
      now += o.after;
      calls.push(['tick', now]);
    } else if (o.op === 'outcome') {
      calls.push(['outcome', idOf(o.of)]);
    } else if (o.op === 'call') {
      const msg = { jsonrpc: '2.0', id: idOf(o.id), method: o.method };
      calls.push(['receive', o.params === undefined ? msg : { ...msg, params: o.params }]);
    } else if (o.op === 'notify') {
      const msg = { jsonrpc: '2.0', method: o.method };
      calls.push(['receive', o.method === 'notifications/cancelled' ? { ...msg, params: { requestId: idOf(o.about), reason: 'client gave up' } } : msg]);
    } else {
      calls.push(['reset']);
      sent = 0;
    }
  }
  if (probe) {
    for (let id = 0; id <= sent; id++) calls.push(['outcome', id]);
    if (sent > 0) calls.push(['outcome', String(sent - 1)]);
  }
  return calls;
};

// Eleven or twelve requests, most of them sent within a few milliseconds, between which the
// client answers some and the clock moves on; then the clock passes every deadline, and a late
// answer comes for one of them. (Their params are always there: the pairing check sends requests
// without params.)
const quickSend = fc.record({ op: fc.constant('send'), method: fc.constantFrom(...SERVER_METHODS), params: fc.constantFrom({}, [], { cursor: 'c' }, [0]), after: fc.constantFrom(0, 0, 1, 10, 10, 500, 1000) });
const crowd = fc.record({
  start: fc.constantFrom(0, 7),
  ops: fc
    .tuple(fc.array(quickSend, { minLength: 11, maxLength: 12 }), fc.array(fc.tuple(fc.nat({ max: 11 }), fc.oneof(op.result, op.error, op.tick, op.outcome)), { maxLength: 2 }), fc.oneof(op.result, op.error))
    .map(([sends, others, late]) => {
      const ops = [...sends];
      for (const [at, o] of others) ops.splice(at, 0, o);
      return [...ops, { op: 'tick', after: 1000 }, late, { op: 'outcome', of: late.to }];
    }),
});

describe('pairing responses (generated)', () => {
  it('a response settles the pending request with the same id and type, once; every other response changes nothing and is never answered', () =>
    agrees({ input: sequences({ send: 4, result: 4, error: 3, outcome: 1, tick: 1, notify: 1, reset: 1 }, { minLength: 3, maxLength: 8 }), calls: callsOf(), same: SAME }));
});

describe('timeouts (generated)', () => {
  it('tick times out, once and in the order of sending, every request that has waited 1000 ms or more, ten and more at once, and a late answer changes nothing', () =>
    agrees({ input: crowd, calls: callsOf({ probe: false }), same: SAME }));
});

describe('both directions at once (generated)', () => {
  it("the client's requests are answered from the own entries of handlers with the client's id, and neither they nor its notifications change the server's requests or counter", () =>
    agrees({ input: sequences({ call: 5, notify: 3, send: 3, result: 2 }, { minLength: 2, maxLength: 6 }), calls: callsOf(), same: SAME }));
});
