import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { handle } from '@course/learner';
import { agrees, errorMessage, ids, jsonValues, metas, names, params, progressTokens, taskFreedoms } from '@course/check';

// The task's domain: requests of every id but null (0 included) and notifications; ping and
// other methods (near misses of ping and tools/call among them) with params of any shape;
// tools/call of names one edit away from count or inherited by every object, with any arguments;
// and tools/call of count to 0 up to 15, and now and then past a hundred ("an integer from `0`
// up"), whose arguments may hold a progressToken or an _meta of their own, with an _meta that is
// absent, holds no token, a token of either kind (0, '', '7', negative, beyond 2 ** 53) or a value
// that is no token (null, 1.5, true, an object...), beside other keys, keys every object inherits
// among them (an own hasOwnProperty, an own "__proto__" holding a progressToken). A case makes one
// to three calls, so that a call that remembers the one before shows.
// What the task leaves free: "with a short, non-empty `message` of your choice" (both errors).
const SAME = taskFreedoms([[errorMessage, 'with a short, non-empty `message` of your choice']]);

const count = (id, to, meta, extra = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'count', arguments: { to, ...extra }, ...(meta === undefined ? {} : { _meta: meta }) },
});
const progress = (progressToken, step, total) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken, progress: step, total },
});
const counted = (id, to) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'counted to ' + to }] } });

describe('examples', () => {
  it('counting to 2 with progressToken "p4" sends two progress notifications, then the result', async () => {
    expect(await handle(count(4, 2, { progressToken: 'p4' }))).toEqual([progress('p4', 1, 2), progress('p4', 2, 2), counted(4, 2)]);
  });

  it('the same call without _meta sends only the result', async () => {
    expect(await handle(count(4, 2))).toEqual([counted(4, 2)]);
  });
});

describe('progress comes before the result, in order', () => {
  it('counting to 5 sends progress 1 to 5, each with total 5, then the result', async () => {
    const sent = await handle(count(9, 5, { progressToken: 'job' }));
    expect(sent).toEqual([1, 2, 3, 4, 5].map((step) => progress('job', step, 5)).concat([counted(9, 5)]));
  });

  it('the result is the last message: nothing is sent after it', async () => {
    const sent = await handle(count(9, 3, { progressToken: 'job' }));
    expect(sent.at(-1)).toEqual(counted(9, 3));
    expect(sent.filter((m) => Object.hasOwn(m, 'id'))).toHaveLength(1);
  });

  it('progress increases with every notification', async () => {
    const steps = (await handle(count(9, 4, { progressToken: 'job' }))).slice(0, -1).map((m) => m.params.progress);
    expect(steps).toEqual([1, 2, 3, 4]);
  });

  it('a progress notification is a notification: it has no id', async () => {
    const [first] = await handle(count(9, 1, { progressToken: 'job' }));
    expect(first).not.toHaveProperty('id');
    expect(first.method).toBe('notifications/progress');
  });

  it('a progress notification carries exactly jsonrpc, method and params { progressToken, progress, total }', async () => {
    const [first] = await handle(count(9, 1, { progressToken: 'job' }));
    expect(Object.keys(first).sort()).toEqual(['jsonrpc', 'method', 'params']);
    expect(Object.keys(first.params).sort()).toEqual(['progress', 'progressToken', 'total']);
  });

  it('the result carries the request id, not the progress token', async () => {
    const sent = await handle(count('req-3', 1, { progressToken: 'tok-3' }));
    expect(sent.at(-1)).toEqual(counted('req-3', 1));
  });

  it('counting to 12 sends 12 notifications, one per step: none is skipped, however far the count', async () => {
    const sent = await handle(count(9, 12, { progressToken: 'job' }));
    expect(sent.slice(0, -1).map((m) => m.params.progress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('counting to 300 sends 300 notifications, then the result: "to" has no upper limit', async () => {
    const sent = await handle(count(9, 300, { progressToken: 'job' }));
    expect(sent.slice(0, -1).map((m) => m.params.progress)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(sent.at(-1)).toEqual(counted(9, 300));
  });

  it('counting to 0 sends no progress, only the result', async () => {
    expect(await handle(count(2, 0, { progressToken: 'job' }))).toEqual([counted(2, 0)]);
  });
});

describe('which tokens ask for progress', () => {
  it('the token 0 asks for progress, although 0 is falsy', async () => {
    expect(await handle(count(1, 1, { progressToken: 0 }))).toEqual([progress(0, 1, 1), counted(1, 1)]);
  });

  it('an integer token comes back as the same integer', async () => {
    expect((await handle(count(1, 1, { progressToken: 42 })))[0]).toEqual(progress(42, 1, 1));
  });

  it('the string token "7" comes back as the string "7", not the number 7', async () => {
    expect((await handle(count(1, 1, { progressToken: '7' })))[0]).toEqual(progress('7', 1, 1));
  });

  it('an empty string is a token too', async () => {
    expect((await handle(count(1, 1, { progressToken: '' })))[0]).toEqual(progress('', 1, 1));
  });

  it('a negative integer is a token too', async () => {
    expect(await handle(count(1, 1, { progressToken: -1 }))).toEqual([progress(-1, 1, 1), counted(1, 1)]);
  });

  it('a token of 2 ** 60 is an integer, if not a safe one: it asks for progress', async () => {
    expect(await handle(count(1, 1, { progressToken: 2 ** 60 }))).toEqual([progress(2 ** 60, 1, 1), counted(1, 1)]);
  });

  it('a token of 1.5 is no token: the call runs without progress', async () => {
    expect(await handle(count(1, 2, { progressToken: 1.5 }))).toEqual([counted(1, 2)]);
  });

  it('a token of null is no token', async () => {
    expect(await handle(count(1, 2, { progressToken: null }))).toEqual([counted(1, 2)]);
  });

  it('a token that is an object is no token', async () => {
    expect(await handle(count(1, 2, { progressToken: { id: 1 } }))).toEqual([counted(1, 2)]);
  });

  it('a token of true is no token', async () => {
    expect(await handle(count(1, 2, { progressToken: true }))).toEqual([counted(1, 2)]);
  });

  it('_meta without a progressToken asks for no progress', async () => {
    expect(await handle(count(1, 2, { traceId: 'abc' }))).toEqual([counted(1, 2)]);
  });

  it('an _meta may have a member named like a method every object has: hasOwnProperty beside the token still asks for progress', async () => {
    expect(await handle(count(1, 1, { hasOwnProperty: 1, progressToken: 'p' }))).toEqual([progress('p', 1, 1), counted(1, 1)]);
  });

  it('a progressToken inside arguments is just an argument, not a token', async () => {
    expect(await handle(count(1, 2, undefined, { progressToken: 'in-args' }))).toEqual([counted(1, 2)]);
  });

  it('a _meta inside arguments is not the request\'s _meta either', async () => {
    expect(await handle(count(1, 2, undefined, { _meta: { progressToken: 'in-args' } }))).toEqual([counted(1, 2)]);
  });
});

describe('other messages', () => {
  it('ping is answered with an empty result and nothing else', async () => {
    expect(await handle({ jsonrpc: '2.0', id: 3, method: 'ping', params: { _meta: { progressToken: 'p' } } })).toEqual([
      { jsonrpc: '2.0', id: 3, result: {} },
    ]);
  });

  it('an unknown tool is only the error -32602, with no progress before it', async () => {
    const sent = await handle({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'sleep', arguments: { to: 3 }, _meta: { progressToken: 'p' } },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ jsonrpc: '2.0', id: 5, error: { code: -32602 } });
    expect(sent[0]).not.toHaveProperty('result');
  });

  it('toString is not a tool: -32602', async () => {
    const sent = await handle({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'toString', arguments: { to: 1 } } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 6, error: { code: -32602 } });
  });

  it('an unknown method is -32601', async () => {
    const sent = await handle({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 7, error: { code: -32601 } });
  });

  it('a notification gets nothing at all: an empty array', async () => {
    expect(await handle({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual([]);
  });

  it('a tools/call notification gets nothing either, not even progress: nobody waits for it', async () => {
    const notification = { jsonrpc: '2.0', method: 'tools/call', params: { name: 'count', arguments: { to: 2 }, _meta: { progressToken: 'p' } } };
    expect(await handle(notification)).toEqual([]);
  });

  it('a request with id 0 is answered', async () => {
    expect(await handle(count(0, 1))).toEqual([counted(0, 1)]);
  });

  it('the -32601 and -32602 replies carry a short, non-empty message', async () => {
    const [unknownMethod] = await handle({ jsonrpc: '2.0', id: 8, method: 'tools/list' });
    const [unknownTool] = await handle({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'sleep', arguments: { to: 1 } } });
    expect([unknownMethod.error.message, unknownTool.error.message]).toEqual([expect.stringMatching(/\S/), expect.stringMatching(/\S/)]);
  });

  it("a tool named '' is unknown too, and its -32602 still carries a non-empty message", async () => {
    const sent = await handle({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: '', arguments: { to: 1 } } });
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 10, error: { code: -32602, message: expect.stringMatching(/\S/) } }]);
  });
});

// Tokens: both kinds with their edges, and values that are no token.
const tokens = fc.oneof(
  { arbitrary: progressTokens(), weight: 4 },
  { arbitrary: fc.constantFrom(2 ** 60, -(2 ** 60), 1e21, '7', ' ', '\ud800', 'x'.repeat(300)), weight: 1 },
  { arbitrary: fc.constantFrom(null, 1.5, -0.5, true, false, {}, [], [1], { id: 1 }), weight: 2 },
);
// A key every object inherits, as an own member of the _meta ("a `_meta` ... is an object"): a
// lookup such as meta.hasOwnProperty('progressToken') calls the member instead.
const INHERITED_KEYS = [['hasOwnProperty', 1], ['toString', 'x'], ['constructor', {}], ['valueOf', null], ['__proto__', { progressToken: 'inherited' }]];
const withOwnKey = (object, [key, value]) => {
  const out = { ...object };
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
};
const meta = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 1 },
      { arbitrary: metas({ absent: false }), weight: 1 },
      { arbitrary: fc.tuple(tokens, metas({ absent: false })).map(([progressToken, rest]) => ({ ...rest, progressToken })), weight: 4 },
    ),
    fc.option(fc.constantFrom(...INHERITED_KEYS), { freq: 4, nil: undefined }),
  )
  .map(([m, inherited]) => (m === undefined || inherited === undefined ? m : withOwnKey(m, inherited)));
// "an integer from `0` up": small counts mostly, and now and then one past a hundred, so that a
// server that stops reporting after some number of steps shows.
const upTo = fc.oneof({ arbitrary: fc.constantFrom(0, 1, 2, 3, 10, 11, 12), weight: 3 }, { arbitrary: fc.nat({ max: 15 }), weight: 3 }, { arbitrary: fc.integer({ min: 100, max: 150 }), weight: 1 });
const countArguments = fc
  .tuple(upTo, fc.option(fc.constantFrom({ progressToken: 'in-args' }, { _meta: { progressToken: 'in-args' } }, { _meta: {} }, { note: 0 }), { nil: undefined }))
  .map(([to, extra]) => ({ to, ...extra }));
const withMeta = (base, m) => (m === undefined ? base : { ...base, _meta: m });
const requestIds = fc.oneof({ arbitrary: ids(), weight: 4 }, { arbitrary: fc.constantFrom(0, ''), weight: 1 });
const countCall = fc.record({ id: requestIds, to: countArguments, meta }).map(({ id, to, meta: m }) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: withMeta({ name: 'count', arguments: to }, m) }));
const otherToolCall = fc
  .record({ id: ids(), name: names(['count']).filter((n) => n !== 'count'), args: jsonValues({ maxDepth: 1 }), meta })
  .map(({ id, name, args, meta: m }) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: withMeta({ name, arguments: args }, m) }));
const otherRequest = fc.record({ id: ids(), method: names(['ping', 'tools/call']).filter((m) => m !== 'tools/call'), params: params({ maxDepth: 1 }) }).map(({ id, method, params: p }) => (p === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params: p }));
const notification = fc.oneof(countCall, otherToolCall, otherRequest).map(({ id: _id, ...rest }) => rest);
const anyMessage = fc.oneof({ arbitrary: countCall, weight: 3 }, { arbitrary: otherToolCall, weight: 2 }, { arbitrary: otherRequest, weight: 1 }, { arbitrary: notification, weight: 1 });

describe('progress (generated)', () => {
  it('a call asks for progress exactly when its _meta.progressToken is a string or an integer, gets that token back unchanged, and one notification per step from 1 to `to` before the result, every call anew', () =>
    agrees({ input: fc.array(countCall, { minLength: 1, maxLength: 3 }), calls: (msgs) => msgs.map((m) => ['handle', m]), same: SAME }));
});

describe('every message of the task (generated)', () => {
  it('every message gets what a correct server sends, in order: [] for a notification, -32602 alone for a tool not in the table, -32601 for another method', () =>
    agrees({ input: anyMessage, calls: (m) => [['handle', m]], same: SAME }));
});
