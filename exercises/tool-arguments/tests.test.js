import { describe, it, expect } from 'vitest';
import { toolArguments } from '@course/learner';

describe('examples', () => {
  it('the request _meta with its progressToken is merged into the arguments', async () => {
    expect(
      await toolArguments({ name: 'add', arguments: { a: 1, b: 2 }, _meta: { progressToken: 'p-1' } }),
    ).toStrictEqual({ a: 1, b: 2, _meta: { progressToken: 'p-1' } });
  });

  it('without a request _meta the arguments come back as they are', async () => {
    expect(await toolArguments({ name: 'add', arguments: { a: 1, b: 2 } })).toStrictEqual({ a: 1, b: 2 });
  });

  it("the arguments' own _meta wins over the request's", async () => {
    expect(
      await toolArguments({ name: 'add', arguments: { a: 1, _meta: { traceId: 't-9' } }, _meta: { progressToken: 7 } }),
    ).toStrictEqual({ a: 1, _meta: { traceId: 't-9' } });
  });
});

describe('missing pieces', () => {
  it('missing arguments start from an empty object', async () => {
    expect(await toolArguments({ name: 'now' })).toStrictEqual({});
  });

  it('missing arguments with a request _meta give an object holding only _meta', async () => {
    expect(await toolArguments({ name: 'now', _meta: { progressToken: 3 } })).toStrictEqual({ _meta: { progressToken: 3 } });
  });

  it('no _meta key is added when the request has none, not even one set to undefined', async () => {
    const args = await toolArguments({ name: 'echo', arguments: { text: 'hi' } });
    expect(Object.keys(args)).toEqual(['text']);
  });
});

describe('what counts as a _meta', () => {
  it('a progress token of 0 is carried over like any other', async () => {
    expect(await toolArguments({ name: 'add', arguments: { a: 1 }, _meta: { progressToken: 0 } })).toStrictEqual({
      a: 1,
      _meta: { progressToken: 0 },
    });
  });

  it('a request _meta without a progressToken is carried over whole', async () => {
    expect(await toolArguments({ name: 'add', arguments: {}, _meta: { 'example.com/user': 'ada' } })).toStrictEqual({
      _meta: { 'example.com/user': 'ada' },
    });
  });

  it("the arguments' _meta is kept unchanged: the request's keys are not combined into it", async () => {
    const args = await toolArguments({
      name: 'add',
      arguments: { _meta: { traceId: 't-1' } },
      _meta: { progressToken: 'p-2', 'example.com/user': 'ada' },
    });
    expect(args._meta).toStrictEqual({ traceId: 't-1' });
  });

  it("the arguments' own _meta is not replaced by the request's: its traceId is still there", async () => {
    // Only the arguments' key is looked for here: that nothing is added to it has a test of its own.
    const args = await toolArguments({ name: 'add', arguments: { _meta: { traceId: 't-5' } }, _meta: { progressToken: 'p-5' } });
    expect(args._meta?.traceId).toBe('t-5');
  });

  it('the other arguments keep their values', async () => {
    expect(
      await toolArguments({ name: 'mix', arguments: { list: [1, 2], nested: { x: null }, flag: false }, _meta: { progressToken: 'p' } }),
    ).toStrictEqual({ list: [1, 2], nested: { x: null }, flag: false, _meta: { progressToken: 'p' } });
  });
});

describe('a new object, params untouched', () => {
  it('params is not changed: the arguments object it holds gets no _meta of its own', async () => {
    // The request _meta refers to the arguments object itself, so the result shows that object as it is after the call.
    const args = { a: 1 };
    const params = { name: 'add', arguments: args, _meta: { progressToken: 'p-3', sent: args } };
    const result = await toolArguments(params);
    expect(result._meta.sent).toStrictEqual({ a: 1 });
  });

  it('the result is a new object, not params.arguments itself', async () => {
    // The arguments hold a reference to themselves: in a copy that reference points at the original, not at the copy.
    const args = { a: 1 };
    args.self = args;
    const result = await toolArguments({ name: 'add', arguments: args });
    expect(result.self).not.toBe(result);
    expect(result.a).toBe(1);
  });

  it("an arguments' own _meta wins even when it is null: the key is theirs", async () => {
    expect(await toolArguments({ name: 'add', arguments: { a: 1, _meta: null }, _meta: { progressToken: 'p-4' } })).toStrictEqual({ a: 1, _meta: null });
  });
});
