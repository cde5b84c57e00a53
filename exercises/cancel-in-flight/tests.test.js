import { describe, it, expect, beforeEach } from 'vitest';
import { reset, receive, finish } from '@course/learner';

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

  it('reset forgets every request in flight', async () => {
    await receive(request(16));
    await reset();
    expect(await finish(16)).toBeNull();
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

  it('the -32602 replies carry a short, non-empty message', async () => {
    expect((await receive(cancelled([1]))).error.message).toEqual(expect.stringMatching(/\S/));
    expect((await receive(cancelled({ requestId: true }))).error.message).toEqual(expect.stringMatching(/\S/));
  });
});
