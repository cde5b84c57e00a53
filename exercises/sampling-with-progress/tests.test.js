import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { route } from '@course/learner';
import { agrees, client, ids, jsonValues, metas, progressTokens } from '@course/check';

// The task's domain: tools/call requests of summarize with any id but null, one to four parts of
// any text, other members beside `parts` in the arguments, and an _meta that is absent, holds no
// token, a token of either kind or a value that is no token, now and then beside an own member
// named as every object's methods (hasOwnProperty...) or an own "__proto__". The client answers
// each sampling request with a summary, an error of any code and message, or never; it may cancel
// once the router has sent any number of messages. The task leaves nothing free: every message is given.

const call = (id, parts, meta, extra = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'summarize', arguments: { parts, ...extra }, ...(meta === undefined ? {} : { _meta: meta }) },
});
const summary = (text) => ({ result: { role: 'assistant', content: { type: 'text', text }, model: 'judge' } });
const failure = (code, message) => ({ error: { code, message } });
const router = (message) => ({ from: 'router', message });
const fromClient = (message) => ({ from: 'client', message });
const asks = (n, part) => router({ jsonrpc: '2.0', id: n, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: part } }], maxTokens: 100 } });
const answers = (n, text) => fromClient({ jsonrpc: '2.0', id: n, ...summary(text) });
const progress = (progressToken, step, total) => router({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: step, total } });
const done = (id, text) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
const failed = (id, text) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], isError: true } });
const cancelled = (requestId) => fromClient({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'The user cancelled it.' } });

describe('examples', () => {
  it('two parts with progressToken "p": each summary is followed by its progress, then the reply', async () => {
    const talk = await route(call(1, ['alpha', 'beta'], { progressToken: 'p' }), client({ answers: [summary('A'), summary('B')] }));
    expect(talk.exchange).toEqual([asks(1, 'alpha'), answers(1, 'A'), progress('p', 1, 2), asks(2, 'beta'), answers(2, 'B'), progress('p', 2, 2), router(done(1, 'A\nB'))]);
  });

  it('the same call without _meta sends no progress', async () => {
    const talk = await route(call(1, ['alpha', 'beta']), client({ answers: [summary('A'), summary('B')] }));
    expect(talk.exchange).toEqual([asks(1, 'alpha'), answers(1, 'A'), asks(2, 'beta'), answers(2, 'B'), router(done(1, 'A\nB'))]);
  });
});

describe('sampling', () => {
  it('asks for one part at a time, each request waiting for the answer to the one before', async () => {
    const talk = await route(call('x', ['one', 'two', 'three']), client({ answers: [summary('1'), summary('2'), summary('3')] }));
    expect(talk.exchange.map((row) => row.from)).toEqual(['router', 'client', 'router', 'client', 'router', 'client', 'router']);
    expect(talk.reply).toEqual(done('x', '1\n2\n3'));
  });

  it('joins the summaries with a newline, empty ones included', async () => {
    const talk = await route(call(0, ['a', 'b', 'c']), client({ answers: [summary(''), summary('x y'), summary('')] }));
    expect(talk.reply).toEqual(done(0, '\nx y\n'));
  });

  it('a failed sampling request ends the call with an isError result naming the error, and asks for no further part', async () => {
    const talk = await route(call(5, ['a', 'b', 'c'], { progressToken: 't' }), client({ answers: [summary('A'), failure(-1, 'User rejected sampling request')] }));
    expect(talk.exchange).toEqual([asks(1, 'a'), answers(1, 'A'), progress('t', 1, 3), asks(2, 'b'), fromClient({ jsonrpc: '2.0', id: 2, ...failure(-1, 'User rejected sampling request') }), router(failed(5, 'Sampling failed: User rejected sampling request'))]);
  });

  it('a failed sampling request asks for no further part', async () => {
    const talk = await route(call(6, ['a', 'b', 'c']), client({ answers: [failure(-32600, 'no model')] }));
    expect(talk.exchange.filter((row) => row.from === 'router' && row.message.method === 'sampling/createMessage')).toHaveLength(1);
  });

  it('the reply to a call whose sampling failed is a result (the tool failed), never a JSON-RPC error', async () => {
    const talk = await route(call(6, ['a', 'b']), client({ answers: [summary('A'), failure(-32600, 'no model')] }));
    expect(talk.reply).toEqual(failed(6, 'Sampling failed: no model'));
  });

  it('a client that never answers fails the request after the call limit, and the call ends with that error', async () => {
    const talk = await route(call(5, ['a']), client({ answers: [{ silent: true }] }));
    expect(talk.reply).toEqual(failed(5, 'Sampling failed: The client did not answer sampling/createMessage (request 1) within 1000 ms.'));
  });
});

describe('progress', () => {
  it('tokens 0, \'\', \'7\' and -3 ask for progress, each sent back as it came', async () => {
    for (const token of [0, '', '7', -3]) {
      const withToken = await route(call(2, ['a'], { progressToken: token }), client({ answers: [summary('A')] }));
      expect(withToken.exchange).toEqual([asks(1, 'a'), answers(1, 'A'), progress(token, 1, 1), router(done(2, 'A'))]);
    }
  });

  it('null, 1.5, true and an object are no tokens: no progress', async () => {
    for (const token of [null, 1.5, true, { id: 1 }]) {
      const talk = await route(call(2, ['a'], { progressToken: token }), client({ answers: [summary('A')] }));
      expect(talk.exchange).toEqual([asks(1, 'a'), answers(1, 'A'), router(done(2, 'A'))]);
    }
  });

  it('a progressToken inside the arguments is just an argument', async () => {
    const talk = await route(call(2, ['a'], undefined, { progressToken: 'p', _meta: { progressToken: 'q' } }), client({ answers: [summary('A')] }));
    expect(talk.exchange).toEqual([asks(1, 'a'), answers(1, 'A'), router(done(2, 'A'))]);
  });

  it('an _meta may have a member named like a method every object has: hasOwnProperty beside the token still asks for progress', async () => {
    const talk = await route(call(2, ['a'], { hasOwnProperty: 1, progressToken: 'p' }), client({ answers: [summary('A')] }));
    expect(talk.exchange).toEqual([asks(1, 'a'), answers(1, 'A'), progress('p', 1, 1), router(done(2, 'A'))]);
  });
});

describe('cancellation', () => {
  it('cancelled while waiting for the first summary: nothing more is sent, not even a reply', async () => {
    const talk = await route(call(3, ['a', 'b'], { progressToken: 'p' }), client({ answers: [summary('A'), summary('B')], cancelAfter: 1 }));
    expect(talk.exchange).toEqual([asks(1, 'a'), cancelled(3)]);
    expect(talk.reply).toBe(null);
  });

  it('cancelled while waiting for the second summary: the first part\'s progress stays, nothing after the cancellation', async () => {
    const talk = await route(call('c', ['a', 'b', 'c'], { progressToken: 9 }), client({ answers: [summary('A'), summary('B'), summary('C')], cancelAfter: 3 }));
    expect(talk.exchange).toEqual([asks(1, 'a'), answers(1, 'A'), progress(9, 1, 3), asks(2, 'b'), cancelled('c')]);
  });
});

describe('every call of the task (generated)', () => {
  const answer = fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 8 }).map(summary) },
    { weight: 1, arbitrary: fc.record({ code: fc.integer({ min: -32768, max: 32767 }), message: fc.string({ maxLength: 12 }) }).map(({ code, message }) => failure(code, message)) },
    { weight: 1, arbitrary: fc.constant({ silent: true }) },
  );
  const tokens = fc.oneof(progressTokens(), fc.constantFrom(null, 1.5, true, {}, [], 'progressToken'));
  // Now and then the _meta has an own member named as a method every object has, or an own
  // "__proto__" holding a token: "`_meta`, when there is one, is an object", any key its own.
  const inherited = fc.constantFrom(['hasOwnProperty', 1], ['toString', 'x'], ['constructor', {}], ['valueOf', null], ['__proto__', { progressToken: 'inherited' }]);
  const withOwnKey = (object, [key, value]) => {
    const out = { ...object };
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  };
  const meta = fc
    .tuple(fc.oneof(metas(), tokens.map((progressToken) => ({ progressToken }))), fc.option(inherited, { freq: 4, nil: undefined }))
    .map(([m, key]) => (m === undefined || key === undefined ? m : withOwnKey(m, key)));
  const input = fc.record({
    id: ids(),
    parts: fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 4 }),
    meta,
    extra: fc.dictionary(fc.constantFrom('progressToken', '_meta', 'note'), jsonValues({ maxDepth: 1 }), { maxKeys: 2 }),
    answers: fc.array(answer, { maxLength: 4 }),
    cancelAfter: fc.option(fc.nat({ max: 9 }), { nil: undefined }),
  });

  it('the whole conversation is the reference\'s: every request, answer, progress and cancellation in order, then the reply or none', () =>
    agrees({
      input,
      calls: ({ id, parts, meta, extra, answers, cancelAfter }) => [['route', call(id, parts, meta, extra), client(cancelAfter === undefined ? { answers } : { answers, cancelAfter })]],
    }));
});
