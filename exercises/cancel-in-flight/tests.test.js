import { describe, it, expect, beforeEach } from 'vitest';
import fc from 'fast-check';
import { reset, receive, finish } from '@course/learner';
import { agrees, errorMessage, ids, jsonValues, names, params, taskFreedoms, INHERITED_NAMES } from '@course/check';

// The task's domain: after reset(), sequences of requests (ids of every kind but null, each used
// once, methods `notifications/cancelled` included, params of any shape), cancellations whose
// params are absent, not an object, or an object whose requestId is absent, null, the id of a
// request in flight, finished, cancelled or still to come, a look-alike of one, an integer of any
// size, a fraction, a value of another type, or a string at each side of 256 UTF-8 bytes written
// with characters of every width and lone surrogates (any reason, or none), other notifications
// (names one edit away from notifications/cancelled among them) with params of any shape or none,
// finish(id) for ids of every kind (inherited keys included), and more resets; and, in a fixed
// test, 300 requests in flight at once ("any number of requests may be in flight at once").
// What the task leaves free: "with a short, non-empty `message`" (the -32602 reply).
const SAME = taskFreedoms([[errorMessage, 'with a short, non-empty `message`']]);

const request = (id, method = 'tools/call') => ({ jsonrpc: '2.0', id, method, params: { name: 'slow', arguments: {} } });
const cancelled = (params) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params });
const replyTo = (id, method = 'tools/call') => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text: 'finished ' + method }] },
});

function expectInvalidParams(reply) {
  expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32602 } });
  expect(reply).not.toHaveProperty('result');
  expect(typeof reply.error.message).toBe('string');
}

describe('examples', () => {
  // Requests in flight outlive a test: start each one from an empty table.
  beforeEach(async () => {
    await reset();
  });

  it('a request waits in flight: receive answers null, finish answers the reply', async () => {
    expect(await receive(request(1))).toBeNull();
    expect(await finish(1)).toEqual(replyTo(1));
  });

  it('a cancelled request is never answered: finish gives null', async () => {
    await receive(request(2));
    expect(await receive(cancelled({ requestId: 2, reason: 'User pressed stop' }))).toBeNull();
    expect(await finish(2)).toBeNull();
  });

  it('a cancellation whose requestId is 1.5 is malformed: answered -32602 with id null', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: 1.5 })));
  });
});

describe('in-flight bookkeeping', () => {
  // Requests in flight outlive a test: start each one from an empty table.
  beforeEach(async () => {
    await reset();
  });

  it('cancelling one request leaves the others to finish', async () => {
    await receive(request(10));
    await receive(request(11, 'resources/read'));
    await receive(cancelled({ requestId: 10 }));
    expect(await finish(11)).toEqual(replyTo(11, 'resources/read'));
    expect(await finish(10)).toBeNull();
  });

  it('a cancellation for an unknown request is ignored with null', async () => {
    expect(await receive(cancelled({ requestId: 99 }))).toBeNull();
  });

  it('a cancellation that arrives before its request does not cancel the request received later', async () => {
    await receive(cancelled({ requestId: 12 }));
    await receive(request(12));
    expect(await finish(12)).toEqual(replyTo(12));
  });

  it('a cancellation after the request finished is ignored', async () => {
    await receive(request(13));
    expect(await finish(13)).toEqual(replyTo(13));
    expect(await receive(cancelled({ requestId: 13 }))).toBeNull();
  });

  it('a request is answered once: finishing it a second time gives null', async () => {
    await receive(request(14));
    await finish(14);
    expect(await finish(14)).toBeNull();
  });

  it('finish for an id never received gives null', async () => {
    expect(await finish(404)).toBeNull();
  });

  it('finish("constructor") gives null: a key every object inherits is not a request in flight', async () => {
    expect(await finish('constructor')).toBeNull();
  });

  it('finish("1") gives null when only the request 1 is in flight: the string is another id', async () => {
    await receive(request(1));
    expect(await finish('1')).toBeNull();
    expect(await finish(1)).toEqual(replyTo(1));
  });

  it('the number 1 and the string "1" are different requests: cancelling "1" leaves 1 in flight', async () => {
    await receive(request(1));
    await receive(request('1'));
    await receive(cancelled({ requestId: '1' }));
    expect(await finish(1)).toEqual(replyTo(1));
    expect(await finish('1')).toBeNull();
  });

  it('a request with id 0 is in flight like any other and finishes with a reply', async () => {
    await receive(request(0));
    expect(await finish(0)).toEqual(replyTo(0));
  });

  it('a request with id 0 can be cancelled', async () => {
    await receive(request(0));
    await receive(cancelled({ requestId: 0 }));
    expect(await finish(0)).toBeNull();
  });

  it('other notifications get no reply and leave requests in flight alone', async () => {
    await receive(request(15));
    expect(await receive({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull();
    expect(await receive({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 15, progress: 1 } })).toBeNull();
    expect(await finish(15)).toEqual(replyTo(15));
  });

  it('another notification gets null whatever its params: an array or null is malformed only in a notifications/cancelled', async () => {
    expect(await receive({ jsonrpc: '2.0', method: 'notifications/progress', params: [15] })).toBeNull();
    expect(await receive({ jsonrpc: '2.0', method: 'notifications/Cancelled', params: null })).toBeNull();
  });

  it('reset forgets every request in flight', async () => {
    await receive(request(16));
    await reset();
    expect(await finish(16)).toBeNull();
  });

  it('any number of requests may be in flight at once: of 300, the one cancelled gives null and every other finishes, the first one too', async () => {
    for (let id = 1000; id < 1300; id++) await receive(request(id));
    await receive(cancelled({ requestId: 1150 }));
    const finished = [];
    for (let id = 1000; id < 1300; id++) finished.push(await finish(id));
    expect(finished.filter((reply) => reply === null)).toHaveLength(1);
    expect(finished[0]).toEqual(replyTo(1000));
    expect(finished[150]).toBeNull();
    expect(finished[299]).toEqual(replyTo(1299));
  });
});

describe('which requestIds are valid', () => {
  // Requests in flight outlive a test: start each one from an empty table.
  beforeEach(async () => {
    await reset();
  });

  it('a string of 256 ASCII characters is a valid requestId and cancels its request', async () => {
    const id = 'a'.repeat(256);
    await receive(request(id));
    expect(await receive(cancelled({ requestId: id }))).toBeNull();
    expect(await finish(id)).toBeNull();
  });

  it('a string of 257 ASCII characters is malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: 'a'.repeat(257) })));
  });

  it('128 letters é are 128 characters but 256 bytes: a valid requestId', async () => {
    const id = 'é'.repeat(128);
    await receive(request(id));
    expect(await receive(cancelled({ requestId: id }))).toBeNull();
    expect(await finish(id)).toBeNull();
  });

  it('129 letters é are only 129 characters but 258 bytes: malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: 'é'.repeat(129) })));
  });

  it('86 euro signs are 86 characters but 258 bytes: malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: '€'.repeat(86) })));
  });

  it('64 emoji are 128 UTF-16 units and 256 bytes: a valid requestId', async () => {
    const id = '😀'.repeat(64);
    await receive(request(id));
    expect(await receive(cancelled({ requestId: id }))).toBeNull();
    expect(await finish(id)).toBeNull();
  });

  it('65 emoji are 260 bytes: malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: '😀'.repeat(65) })));
  });

  it('129 emoji are only 129 characters but 516 bytes: malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: '😀'.repeat(129) })));
  });

  it('an empty string is a valid requestId (of an unknown request): ignored', async () => {
    expect(await receive(cancelled({ requestId: '' }))).toBeNull();
  });

  it('a boolean requestId is malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: true })));
  });

  it('an object requestId is malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: { id: 3 } })));
  });

  it('2 ** 60 is an integer, if not a safe one: a valid requestId that cancels its request', async () => {
    await receive(request(2 ** 60));
    expect(await receive(cancelled({ requestId: 2 ** 60 }))).toBeNull();
    expect(await finish(2 ** 60)).toBeNull();
  });

  it('a lone surrogate counts 3 bytes: 85 of them and one letter are 256 bytes, a valid requestId', async () => {
    const id = '\ud800'.repeat(85) + 'a';
    await receive(request(id));
    expect(await receive(cancelled({ requestId: id }))).toBeNull();
    expect(await finish(id)).toBeNull();
  });

  it('a negative integer is a valid requestId', async () => {
    await receive(request(-5));
    expect(await receive(cancelled({ requestId: -5 }))).toBeNull();
    expect(await finish(-5)).toBeNull();
  });
});

describe('malformed cancellations', () => {
  // Requests in flight outlive a test: start each one from an empty table.
  beforeEach(async () => {
    await reset();
  });

  it('params that is an array is malformed, although typeof says "object"', async () => {
    expectInvalidParams(await receive(cancelled([3])));
  });

  it('params that is null is malformed', async () => {
    expectInvalidParams(await receive(cancelled(null)));
  });

  it('params that is a string is malformed', async () => {
    expectInvalidParams(await receive(cancelled('3')));
  });

  it('a cancellation without params is ignored', async () => {
    expect(await receive({ jsonrpc: '2.0', method: 'notifications/cancelled' })).toBeNull();
  });

  it('a cancellation without requestId is ignored', async () => {
    expect(await receive(cancelled({ reason: 'no id' }))).toBeNull();
  });

  it('a cancellation whose requestId is null is ignored', async () => {
    expect(await receive(cancelled({ requestId: null }))).toBeNull();
  });

  it('an over-long requestId is malformed even when a request with that id is in flight, and cancels nothing', async () => {
    const id = 'x'.repeat(300);
    await receive(request(id));
    expectInvalidParams(await receive(cancelled({ requestId: id })));
    expect(await finish(id)).toEqual(replyTo(id));
  });
});

describe('bytes at the edges of UTF-8', () => {
  // Requests in flight outlive a test: start each one from an empty table.
  beforeEach(async () => {
    await reset();
  });

  it('U+0080 is the first two-byte character: 129 of them are 258 bytes, malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: '\u0080'.repeat(129) })));
  });

  it('U+0800 is the first three-byte character: 86 of them are 258 bytes, malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: '\u0800'.repeat(86) })));
  });

  it('U+10000 is the first four-byte character: 65 of them are 260 bytes, malformed', async () => {
    expectInvalidParams(await receive(cancelled({ requestId: '\u{10000}'.repeat(65) })));
  });

  it('85 euro signs are 255 bytes: a valid requestId, ignored when unknown', async () => {
    expect(await receive(cancelled({ requestId: '€'.repeat(85) }))).toBeNull();
  });
});

describe('only notifications/cancelled cancels', () => {
  beforeEach(async () => {
    await reset();
  });

  it('a notification other than notifications/cancelled cancels nothing, even when its params name a requestId', async () => {
    await receive(request(17));
    expect(await receive({ jsonrpc: '2.0', method: 'notifications/progress', params: { requestId: 17, progressToken: 17, progress: 1 } })).toBeNull();
    expect(await finish(17)).toEqual(replyTo(17));
  });

  it('the reply to a malformed cancellation has the code -32602, Invalid params: the message is a fine notification with wrong params', async () => {
    expect((await receive(cancelled({ requestId: true }))).error.code).toBe(-32602);
  });

  it('the -32602 reply has an id member, set to null: conduit_mcp and JSON-RPC write the id a reply cannot know as null', async () => {
    expect(Object.keys(await receive(cancelled({ requestId: true }))).sort()).toEqual(['error', 'id', 'jsonrpc']);
  });

  it('the -32602 reply never carries the requestId as its id: a notification has no id to answer', async () => {
    expect((await receive(cancelled({ requestId: 1.5 }))).id).not.toBe(1.5);
  });

  it('the -32602 replies carry a short, non-empty message', async () => {
    expect((await receive(cancelled([1]))).error.message).toEqual(expect.stringMatching(/\S/));
    expect((await receive(cancelled({ requestId: true }))).error.message).toEqual(expect.stringMatching(/\S/));
  });
});

// Strings of exactly `bytes` UTF-8 bytes: one character of each width (a lone surrogate counts 3),
// repeated, then padded with ASCII letters.
const WIDTHS = [['a', 1], ['\u007f', 1], ['\u0080', 2], ['é', 2], ['\u07ff', 2], ['\u0800', 3], ['€', 3], ['\uffff', 3], ['\ud800', 3], ['\udfff', 3], ['\u{10000}', 4], ['😀', 4]];
const byteStrings = fc
  .tuple(fc.constantFrom(...WIDTHS), fc.constantFrom(0, 1, 2, 3, 4, 250, 253, 254, 255, 255, 256, 256, 256, 256, 257, 257, 258, 259, 260, 300), fc.boolean())
  .map(([[char, width], bytes, padFirst]) => {
    const pad = 'x'.repeat(bytes % width);
    const body = char.repeat(Math.floor(bytes / width));
    return padFirst ? pad + body : body + pad;
  });
// Cross-shrinking, and the plainest edge first: an id that plays no part in a failure shrinks to 0.
const requestIds = fc.oneof({ withCrossShrink: true }, { arbitrary: ids(), weight: 4 }, { arbitrary: byteStrings, weight: 1 }, { arbitrary: fc.constantFrom(0, -1, 2 ** 60, -(2 ** 60), 1e21), weight: 1 });
const METHODS = ['tools/call', 'resources/read', 'prompts/get', 'ping', 'notifications/cancelled'];
const NOT_OBJECTS = [null, [], [3], '3', '', 0, 1, true, false];
// A requestId: an id of the case (one received, or one still to come), a look-alike, or any value.
const idRef = fc.oneof(
  { arbitrary: fc.nat({ max: 15 }).map((back) => ({ ref: 'received', back })), weight: 6 },
  { arbitrary: fc.nat({ max: 3 }).map((ahead) => ({ ref: 'ahead', ahead })), weight: 1 },
  { arbitrary: fc.nat({ max: 15 }).map((back) => ({ ref: 'look-alike', back })), weight: 1 },
  { arbitrary: fc.oneof(requestIds, fc.constantFrom(1.5, -0.5, true, false, {}, [], [1], { id: 3 })).map((value) => ({ ref: 'value', value })), weight: 2 },
);
const cancelParams = fc.oneof(
  { arbitrary: fc.record({ requestId: idRef, reason: jsonValues({ maxDepth: 1 }), extra: fc.constantFrom('', 'x') }, { requiredKeys: ['requestId'] }), weight: 8 },
  { arbitrary: fc.record({ reason: fc.string({ maxLength: 6 }) }, { requiredKeys: [] }), weight: 1 },
  { arbitrary: fc.constantFrom({ requestId: null }, { absent: true }), weight: 1 },
  { arbitrary: fc.constantFrom(...NOT_OBJECTS).map((value) => ({ notObject: value })), weight: 2 },
);
const op = {
  request: fc.record({ op: fc.constant('request'), id: requestIds, method: fc.constantFrom(...METHODS), params: params({ maxDepth: 1 }), about: idRef }),
  cancel: fc.record({ op: fc.constant('cancel'), params: cancelParams }),
  // Other notifications carry params of any shape, or none ("Any other notification ...: return
  // `null`, and nothing changes"); most name a request, as a cancellation would.
  notify: fc.record({ op: fc.constant('notify'), method: names(['notifications/cancelled']), about: idRef, params: fc.constantFrom('names-a-request', 'names-a-request', 'names-a-request', undefined, [], [1], null, 'x', 0, {}) }),
  finish: fc.record({ op: fc.constant('finish'), of: fc.oneof({ arbitrary: idRef, weight: 8 }, { arbitrary: fc.constantFrom(...INHERITED_NAMES).map((value) => ({ ref: 'value', value })), weight: 1 }) }),
  reset: fc.constant({ op: 'reset' }),
};

/** The id a reference stands for, given the ids received so far and those still to come. */
function idOf(to, received, coming) {
  const last = (back) => (received.length === 0 ? 0 : received[received.length - 1 - (back % received.length)]);
  switch (to.ref) {
    case 'received': return last(to.back);
    case 'ahead': return coming.length === 0 ? last(0) : coming[to.ahead % coming.length];
    case 'look-alike': {
      const id = last(to.back);
      return typeof id === 'number' ? String(id) : /^-?\d+$/.test(id) ? Number(id) : id.toUpperCase() === id ? id.toLowerCase() : id.toUpperCase();
    }
    default: return to.value;
  }
}

/**
 * The calls of a case: reset(), the operations in order (a request whose id was used since the
 * last reset is left out: ids are never reused), then finish() of every id received, in the order
 * received, when `probe` says so.
 */
const callsOf = ({ probe = true } = {}) => (ops) => {
  const calls = [['reset']];
  let received = [];
  const same = (a, b) => Object.is(a, b) || (a === 0 && b === 0);
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i];
    const coming = [];
    for (let j = i + 1; j < ops.length && ops[j].op !== 'reset'; j++) if (ops[j].op === 'request') coming.push(ops[j].id);
    if (o.op === 'request') {
      if (received.some((id) => same(id, o.id))) continue;
      const msg = { jsonrpc: '2.0', id: o.id, method: o.method };
      const withParams = o.method === 'notifications/cancelled' ? { ...msg, params: { requestId: idOf(o.about, received, coming) } } : o.params === undefined ? msg : { ...msg, params: o.params };
      calls.push(['receive', withParams]);
      received.push(o.id);
    } else if (o.op === 'cancel') {
      const msg = { jsonrpc: '2.0', method: 'notifications/cancelled' };
      const p = o.params;
      if (p.absent) calls.push(['receive', msg]);
      else if ('notObject' in p) calls.push(['receive', { ...msg, params: p.notObject }]);
      else {
        const out = {};
        if ('requestId' in p) out.requestId = p.requestId === null ? null : idOf(p.requestId, received, coming);
        if ('reason' in p) out.reason = p.reason;
        if (p.extra) out[p.extra === 'x' ? 'x' : 'note'] = 1;
        calls.push(['receive', { ...msg, params: out }]);
      }
    } else if (o.op === 'notify') {
      const params = o.params === 'names-a-request' ? { requestId: idOf(o.about, received, coming) } : o.params;
      calls.push(['receive', params === undefined ? { jsonrpc: '2.0', method: o.method } : { jsonrpc: '2.0', method: o.method, params }]);
    } else if (o.op === 'finish') {
      calls.push(['finish', idOf(o.of, received, coming)]);
    } else {
      calls.push(['reset']);
      received = [];
    }
  }
  if (probe) for (const id of received) calls.push(['finish', id]);
  return calls;
};

const sequences = (weights, { minLength = 3, maxLength = 10 } = {}) =>
  fc.array(fc.oneof(...Object.entries(weights).map(([kind, weight]) => ({ arbitrary: op[kind], weight }))), { minLength, maxLength });

// Nine or ten requests in flight at once, then a few cancellations and finishes in any order.
const crowd = fc
  .tuple(fc.array(op.request, { minLength: 9, maxLength: 10 }), fc.array(fc.oneof(op.cancel, op.finish), { minLength: 1, maxLength: 3 }))
  .map(([requests, rest]) => [...requests, ...rest]);

describe('in-flight bookkeeping (generated)', () => {
  it('a request stays in flight until it is finished, once, or cancelled by a valid cancellation naming its id, value and type', () =>
    agrees({ input: sequences({ request: 4, cancel: 3, finish: 3, notify: 1, reset: 1 }, { minLength: 3, maxLength: 8 }), calls: callsOf(), same: SAME }));

  it('every request in flight is remembered, nine and more at once, and finishing or cancelling one leaves the others', () =>
    agrees({ input: crowd, calls: (ops) => { const calls = callsOf({ probe: false })(ops); const first = calls.find((c) => c[0] === 'receive'); return [...calls, ['finish', first[1].id], ...calls.filter((c) => c[0] === 'receive').slice(-2).map((c) => ['finish', c[1].id])]; }, same: SAME }));
});

// One request in flight, its id most often a string near 256 bytes, and one cancellation, most
// often naming that id; then the request's work ends.
const oneCancellation = fc
  .tuple(fc.oneof({ arbitrary: byteStrings, weight: 3 }, { arbitrary: requestIds, weight: 1 }), fc.oneof({ arbitrary: fc.constant({ params: { requestId: { ref: 'received', back: 0 } } }), weight: 3 }, { arbitrary: cancelParams.map((params) => ({ params })), weight: 2 }))
  .map(([id, cancel]) => [{ op: 'request', id, method: 'tools/call', params: undefined, about: { ref: 'received', back: 0 } }, { op: 'cancel', ...cancel }]);

describe('which cancellations are malformed (generated)', () => {
  it('a cancellation is malformed when its params is not an object, or its requestId is neither null, an integer nor a string of at most 256 UTF-8 bytes, and then it cancels nothing', () =>
    agrees({ input: oneCancellation, calls: callsOf(), same: SAME }));
});
