import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { toolArguments } from '@course/learner';
import { agrees, EDGE_KEYS, jsonValues, metas } from '@course/check';

// The task's domain: params of a tools/call with or without a name; arguments missing, undefined
// or an object of any own keys (hostile ones among them: an own "__proto__", hasOwnProperty,
// progressToken, _meta) whose values are any JSON value or undefined, and whose own _meta, when
// there, is any JSON value (null, 0, {} included) but never undefined; and a request _meta that is
// missing or any object (empty, with a progressToken of either kind and 0, with reserved
// io.modelcontextprotocol/* keys, with an own "__proto__"). Some params share objects (a _meta that
// holds the arguments object), so that a change to params shows in the answer. And params itself
// now and then has a member more: one named as every object's methods (hasOwnProperty, toString,
// constructor, valueOf) or an own "__proto__" holding arguments and a _meta.
// The task leaves nothing free: every result must be exactly what a correct function returns.

/** An object with these own entries, defined (an own "__proto__" stays a key, as JSON.parse makes it). */
function objectOf(entries) {
  const out = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const ARG_KEYS = [...EDGE_KEYS.filter((k) => k !== '_meta'), 'hasOwnProperty', 'progressToken', 'arguments'];
const argValue = fc.oneof({ arbitrary: jsonValues({ maxDepth: 1 }), weight: 5 }, { arbitrary: fc.constant(undefined), weight: 1 });
const ownMeta = fc.oneof(fc.constantFrom(null, 0, '', false, {}, 'own'), metas({ absent: false }), jsonValues({ maxDepth: 1 }));
/** Arguments: an object of any own keys, with or without an own _meta. */
const argsObject = fc
  .tuple(fc.array(fc.tuple(fc.oneof(fc.constantFrom(...ARG_KEYS), fc.string({ maxLength: 4 }).filter((k) => k !== '_meta')), argValue), { maxLength: 4 }), fc.option(ownMeta, { nil: undefined, freq: 2 }), fc.nat())
  .map(([entries, meta, at]) => {
    const all = entries.filter(([k], i) => entries.findIndex(([other]) => other === k) === i);
    if (meta !== undefined) all.splice(at % (all.length + 1), 0, ['_meta', meta]);
    return objectOf(all);
  });
/** The arguments member of params: left out, undefined, or an object. */
const argsMember = fc.oneof({ arbitrary: fc.constantFrom('absent', undefined), weight: 1 }, { arbitrary: argsObject, weight: 4 });
const requestMeta = fc.oneof({ arbitrary: fc.constant('absent'), weight: 1 }, { arbitrary: metas({ absent: false }), weight: 2 });

// Now and then params has one member more, named as every object's methods or an own "__proto__"
// holding arguments and a _meta ("`params` is always an object"): params.hasOwnProperty(...) calls
// it, and a copy of params made with Object.assign inherits what it holds.
const INHERITED_MEMBERS = [['hasOwnProperty', 1], ['toString', 'x'], ['constructor', {}], ['valueOf', null], ['__proto__', { arguments: { a: 1 }, _meta: { progressToken: 'inherited' } }]];
const inheritedMember = fc.option(fc.constantFrom(...INHERITED_MEMBERS), { freq: 4, nil: undefined });

function paramsOf({ name, args, meta, extra }) {
  const params = {};
  if (name !== undefined) params.name = name;
  if (args !== 'absent') params.arguments = args;
  if (meta !== 'absent') params._meta = meta;
  if (extra !== undefined) Object.defineProperty(params, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
  return params;
}

const anyParams = fc.record({ name: fc.option(fc.constantFrom('add', 'reindex', ''), { nil: undefined }), args: argsMember, meta: requestMeta, extra: inheritedMember }).map(paramsOf);
/** Params whose request _meta holds the arguments object itself, so a change to the arguments shows. */
const sharedParams = fc.record({ name: fc.constant('add'), args: argsObject, meta: metas({ absent: false }) }).map(({ name, args, meta }) => paramsOf({ name, args, meta: { ...meta, sent: args } }));
const one = (params) => [['toolArguments', params]];

/** The result, after checking it is an object, so a wrong shape reads as one sentence. */
function resultObject(result) {
  expect(result, 'toolArguments must return an object').toBeTypeOf('object');
  expect(result, 'toolArguments must return an object').not.toBeNull();
  return result;
}

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
    expect(resultObject(args)._meta).toStrictEqual({ traceId: 't-1' });
  });

  it("the arguments' own _meta is not replaced by the request's: its traceId is still there", async () => {
    // Only the arguments' key is looked for here: that nothing is added to it has a test of its own.
    const args = await toolArguments({ name: 'add', arguments: { _meta: { traceId: 't-5' } }, _meta: { progressToken: 'p-5' } });
    expect(resultObject(args)._meta?.traceId).toBe('t-5');
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
    expect(resultObject(result)).toMatchObject({ _meta: { sent: expect.any(Object) } });
    expect(result._meta.sent).toStrictEqual({ a: 1 });
  });

  it('params is not changed in any way: an argument that refers to params shows it as the call left it', async () => {
    // The result is a copy of the arguments, so it carries `owner` on: params as it is after the call.
    const params = { name: 'add', arguments: { a: 1 }, _meta: { progressToken: 'p-9', trace: 't' } };
    params.arguments.owner = params;
    const result = await toolArguments(params);
    const owner = resultObject(result).owner;
    expect(Object.keys(owner).sort()).toEqual(['_meta', 'arguments', 'name']);
    expect(owner.name).toBe('add');
    expect(owner._meta).toStrictEqual({ progressToken: 'p-9', trace: 't' });
    expect(Object.keys(owner.arguments).sort()).toEqual(['a', 'owner']);
    expect(owner.arguments.a).toBe(1);
  });

  it('the result is a new object, not params.arguments itself', async () => {
    // The arguments hold a reference to themselves: in a copy that reference points at the original, not at the copy.
    const args = { a: 1 };
    args.self = args;
    const result = await toolArguments({ name: 'add', arguments: args });
    expect(resultObject(result).self).not.toBe(result);
    expect(result.a).toBe(1);
  });

  it("an arguments' own _meta wins even when it is null: the key is theirs", async () => {
    expect(await toolArguments({ name: 'add', arguments: { a: 1, _meta: null }, _meta: { progressToken: 'p-4' } })).toStrictEqual({ a: 1, _meta: null });
  });
});

describe('every key, whole', () => {
  it('an own "__proto__" argument, as JSON.parse makes it, is kept as a key of the result', async () => {
    const result = await toolArguments({ name: 'add', arguments: JSON.parse('{"__proto__": {"x": 1}, "y": 2}'), _meta: { progressToken: 'q' } });
    expect(Object.keys(result).sort()).toEqual(['__proto__', '_meta', 'y']);
  });

  it('an empty request _meta {} is still a _meta and is carried over', async () => {
    expect(await toolArguments({ name: 'add', arguments: { q: 'x' }, _meta: {} })).toStrictEqual({ q: 'x', _meta: {} });
  });

  it('params may have a member named like a method every object has: beside hasOwnProperty, its _meta is still carried over', async () => {
    expect(await toolArguments({ name: 'add', arguments: { q: 'x' }, _meta: { progressToken: 1 }, hasOwnProperty: 1 })).toStrictEqual({ q: 'x', _meta: { progressToken: 1 } });
  });

  it("the request's reserved io.modelcontextprotocol/* keys go to the tool with the rest of its _meta", async () => {
    const meta = { progressToken: 'n', 'io.modelcontextprotocol/related-task': { taskId: 't1' } };
    expect(await toolArguments({ name: 'add', arguments: {}, _meta: meta })).toStrictEqual({ _meta: meta });
  });

  it("the arguments' own _meta is kept even when the request has none", async () => {
    expect(await toolArguments({ name: 'add', arguments: { _meta: { mine: 1 } } })).toStrictEqual({ _meta: { mine: 1 } });
  });
});

describe('every params of the task (generated)', () => {
  it('without a request _meta the result is a copy of every own key of the arguments, "__proto__" and undefined values included, or {}', () =>
    agrees({ input: fc.record({ name: fc.constant('add'), args: argsMember, meta: fc.constant('absent'), extra: inheritedMember }).map(paramsOf), calls: one }));

  it("the request's _meta goes in whole, whatever it holds, unless the arguments own a _meta of any value", () =>
    agrees({ input: fc.record({ name: fc.constant('add'), args: argsMember, meta: metas({ absent: false }), extra: inheritedMember }).map(paramsOf), calls: one }));

  it('params is never changed: a _meta that holds the arguments object still shows them as they were', () => agrees({ input: fc.oneof(sharedParams, anyParams), calls: one }));
});
