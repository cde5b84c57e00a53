import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { handle } from '@course/learner';
import { agrees, errorData, errorMessage, ids, invalidRequests, jsonTexts, jsonValues, names, notJson, params, taskFreedoms, INHERITED_NAMES } from '@course/check';

// The task's domain: any text. Texts that are not JSON ("exactly when `JSON.parse` accepts it"):
// broken JSON, a byte order mark, cut-off messages. JSON that is not a request object: scalars,
// arrays, objects breaking one rule of step 2 with or without an id, an object whose only member
// is "__proto__" ("Only the object's own members count"). Valid requests and notifications with
// ids of every kind ("`id: null` and a fractional id such as `1.5` are valid ids here"), methods
// of the table, names it lacks (inherited ones, near misses, "") and params of any shape, with
// extra members sometimes ("members beyond these four are ignored"). Every JSON text is spelt in
// many ways: JSON whitespace between tokens, `\u` escapes inside strings.
const METHODS = ['ping', 'echo'];
const anyId = ids({ null: true });
const anyMethod = fc.oneof(names(METHODS), fc.constantFrom(...INHERITED_NAMES, ''));
const withOwnKey = (object, key, value) => {
  const out = { ...object };
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
};
const validMessage = fc
  .record({ id: anyId, method: anyMethod, params: params(), hasId: fc.boolean(), extra: fc.option(fc.constantFrom(['extra', true], ['__proto__', null], ['result', 1], ['error', {}], ['hasOwnProperty', 1], ['toString', 'x'], ['constructor', {}], ['valueOf', null]), { nil: undefined }) })
  .map(({ id, method, params: p, hasId, extra }) => {
    let msg = { jsonrpc: '2.0', method };
    if (hasId) msg.id = id;
    if (p !== undefined) msg.params = p;
    if (extra) msg = withOwnKey(msg, ...extra);
    return msg;
  });
const invalidMessage = fc
  .tuple(invalidRequests({ ids: anyId, methods: anyMethod }), fc.boolean())
  .map(([{ message, breaks }, dropId]) => {
    if (!dropId || breaks === 'id') return message;
    const { id, ...rest } = message;
    return rest;
  });
const notAnObject = fc.oneof(
  jsonValues().filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
  fc.array(validMessage, { maxLength: 3 }),
  validMessage.map((msg) => withOwnKey({}, '__proto__', msg)),
);
const cutOff = fc.tuple(validMessage, fc.nat()).map(([msg, at]) => {
  const text = JSON.stringify(msg);
  return text.slice(0, 1 + (at % (text.length - 1)));
});
const notJsonText = fc.oneof(notJson(), cutOff, validMessage.map((msg) => `\ufeff${JSON.stringify(msg)}`), validMessage.map((msg) => `${JSON.stringify(msg)},`));

// What the task leaves free: the wording of `message` ("a short, non-empty message of your
// choice"), a `data` member ("you may add a `data` member to the error"), and the id of a -32600
// reply to a message whose id was readable ("you may echo it or send `null`").
const readableIdOf = (text) => {
  try {
    const msg = JSON.parse(text);
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg) || !Object.hasOwn(msg, 'id')) return undefined;
    return typeof msg.id === 'string' || typeof msg.id === 'number' ? msg.id : undefined;
  } catch {
    return undefined;
  }
};
const invalidRequestId = {
  name: 'invalid-request-id',
  says: 'a -32600 reply to a message with a readable id may echo that id or send null',
  normalize: (reply, call) => {
    if (reply === null || typeof reply !== 'object' || reply.error?.code !== -32600 || reply.id === null) return reply;
    const readable = readableIdOf(call.args[0]);
    return readable !== undefined && Object.is(reply.id, readable) ? { ...reply, id: null } : reply;
  },
  // The other choice: null where the id was echoed, the readable id where null was sent.
  vary: (reply, call) => {
    const readable = readableIdOf(call.args[0]);
    if (reply === null || typeof reply !== 'object' || reply.error?.code !== -32600 || readable === undefined) return reply;
    return { ...reply, id: reply.id === null ? readable : null };
  },
};
const SAME = taskFreedoms([
  [errorMessage, 'with a short, non-empty message of your choice'],
  [errorData, 'you may add a `data` member to the error'],
  [invalidRequestId, 'you may echo it or send `null`'],
]);

/** Checks an error reply: the envelope keys, the code, the id, and a message that is a string. */
function expectError(reply, code, id) {
  expect(reply).not.toBeNull();
  expect(Object.keys(reply).sort()).toEqual(['error', 'id', 'jsonrpc']);
  expect(reply).toEqual({ jsonrpc: '2.0', id, error: expect.objectContaining({ code, message: expect.any(String) }) });
}

/** For an invalid request whose id could be read, the spec allows echoing it or sending null. */
function expectInvalidWithReadableId(reply, id) {
  expect(reply).not.toBeNull();
  expect(reply.error).toEqual(expect.objectContaining({ code: -32600, message: expect.any(String) }));
  if (reply.id !== null) expect(reply.id).toBe(id);
}

describe('examples', () => {
  it('a valid ping request is answered with its result', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('text that is not JSON is answered with -32700 and id null', async () => {
    expectError(await handle('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]'), -32700, null);
  });

  it('a method that is a number is answered with -32600 and id null', async () => {
    expectError(await handle('{"jsonrpc": "2.0", "method": 1, "params": "bar"}'), -32600, null);
  });

  it('a valid notification gets null', async () => {
    expect(await handle('{"jsonrpc":"2.0","method":"ping"}')).toBeNull();
  });

  it('an unknown method is answered with -32601 and the request id', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":2,"method":"nope"}'), -32601, 2);
  });
});

describe('bytes that are not JSON', () => {
  it('empty text is a parse error (-32700, id null)', async () => {
    expectError(await handle(''), -32700, null);
  });

  it('single-quoted keys are not JSON: -32700 with id null', async () => {
    expectError(await handle("{'jsonrpc':'2.0','id':1,'method':'ping'}"), -32700, null);
  });

  it('a message cut off halfway is a parse error even though its id was written first', async () => {
    expectError(await handle('{"id":5,"jsonrpc":"2.0","method":"pi'), -32700, null);
  });
});

describe('JSON that is not a request object', () => {
  it('the JSON number 42 is answered with -32600 and id null', async () => {
    expectError(await handle('42'), -32600, null);
  });

  it('the JSON literal null is answered with -32600 and id null (not a crash)', async () => {
    expectError(await handle('null'), -32600, null);
  });

  it('a JSON string is answered with -32600 and id null', async () => {
    expectError(await handle('"ping"'), -32600, null);
  });

  it('an empty object is answered with -32600 and id null', async () => {
    expectError(await handle('{}'), -32600, null);
  });
});

describe('the jsonrpc member', () => {
  it('a message without jsonrpc is invalid (-32600)', async () => {
    expectInvalidWithReadableId(await handle('{"id":3,"method":"ping"}'), 3);
  });

  it('jsonrpc "1.0" is invalid (-32600)', async () => {
    expectInvalidWithReadableId(await handle('{"jsonrpc":"1.0","id":4,"method":"ping"}'), 4);
  });

  it('jsonrpc written as the number 2.0 is invalid (-32600): it must be the string "2.0"', async () => {
    expectInvalidWithReadableId(await handle('{"jsonrpc":2.0,"id":5,"method":"ping"}'), 5);
  });
});

describe('the method member', () => {
  it('a request without a method is invalid (-32600)', async () => {
    expectInvalidWithReadableId(await handle('{"jsonrpc":"2.0","id":6}'), 6);
  });

  it('a method that is an array is invalid (-32600)', async () => {
    expectInvalidWithReadableId(await handle('{"jsonrpc":"2.0","id":7,"method":["ping"]}'), 7);
  });

  it('a method that is null is invalid (-32600)', async () => {
    expectInvalidWithReadableId(await handle('{"jsonrpc":"2.0","id":8,"method":null}'), 8);
  });
});

describe('the params member', () => {
  it('params that is a string is invalid (-32600)', async () => {
    expectInvalidWithReadableId(await handle('{"jsonrpc":"2.0","id":9,"method":"echo","params":"bar"}'), 9);
  });

  it('params that is a number is invalid (-32600)', async () => {
    expectInvalidWithReadableId(await handle('{"jsonrpc":"2.0","id":10,"method":"echo","params":3}'), 10);
  });

  it('params that is null is invalid (-32600), although typeof null is "object"', async () => {
    expectInvalidWithReadableId(await handle('{"jsonrpc":"2.0","id":11,"method":"echo","params":null}'), 11);
  });

  it('params by name (an object) is accepted', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":12,"method":"echo","params":{"a":1}}')).toEqual({
      jsonrpc: '2.0',
      id: 12,
      result: { a: 1 },
    });
  });

  it('params by position (an array) is accepted', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":13,"method":"echo","params":[1,2]}')).toEqual({
      jsonrpc: '2.0',
      id: 13,
      result: [1, 2],
    });
  });
});

describe('the id member', () => {
  it('an id that is an object is invalid and answered with id null', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":{"n":1},"method":"ping"}'), -32600, null);
  });

  it('an id that is an array is invalid and answered with id null', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":[1],"method":"ping"}'), -32600, null);
  });

  it('an id that is true is invalid and answered with id null', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":true,"method":"ping"}'), -32600, null);
  });

  it('a request with id 0 is answered with id 0', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":0,"method":"ping"}')).toEqual({ jsonrpc: '2.0', id: 0, result: {} });
  });

  it('a string id is echoed as the same string', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":"abc","method":"ping"}')).toEqual({ jsonrpc: '2.0', id: 'abc', result: {} });
  });

  it('a request with id null is answered (with id null): null is not a missing id', async () => {
    const reply = await handle('{"jsonrpc":"2.0","id":null,"method":"ping"}');
    expect(reply).not.toBeNull();
    expect(reply.id).toBeNull();
  });
});

describe('an invalid message without an id is still answered', () => {
  it('a number method and no id gets -32600 with id null, not silence', async () => {
    expectError(await handle('{"jsonrpc":"2.0","method":1}'), -32600, null);
  });

  it('jsonrpc "1.0" and no id gets -32600 with id null, not silence', async () => {
    expectError(await handle('{"jsonrpc":"1.0","method":"ping"}'), -32600, null);
  });

  it('string params and no id gets -32600 with id null, not silence', async () => {
    expectError(await handle('{"jsonrpc":"2.0","method":"echo","params":"x"}'), -32600, null);
  });
});

describe('notifications', () => {
  it('a notification with params gets null', async () => {
    expect(await handle('{"jsonrpc":"2.0","method":"echo","params":[1]}')).toBeNull();
  });

  it('a notification for an unknown method gets null, not -32601', async () => {
    expect(await handle('{"jsonrpc":"2.0","method":"nope"}')).toBeNull();
  });
});

describe('inherited names are not methods', () => {
  it('"toString" is answered with -32601', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":20,"method":"toString"}'), -32601, 20);
  });

  it('"__proto__" is answered with -32601', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":21,"method":"__proto__"}'), -32601, 21);
  });

  it('"constructor" is answered with -32601', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":22,"method":"constructor"}'), -32601, 22);
  });

  it('"hasOwnProperty" is answered with -32601', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":23,"method":"hasOwnProperty"}'), -32601, 23);
  });

  it('a notification named "valueOf" gets null', async () => {
    expect(await handle('{"jsonrpc":"2.0","method":"valueOf"}')).toBeNull();
  });
});

describe('what a valid request gets', () => {
  it('a request with id null is valid: ping is answered with its result {} and id null', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":null,"method":"ping"}')).toEqual({ jsonrpc: '2.0', id: null, result: {} });
  });

  it('echo without params answers result null: a success reply always carries its result member', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":14,"method":"echo"}')).toEqual({ jsonrpc: '2.0', id: 14, result: null });
  });
});

describe('every error reply has a short, non-empty message', () => {
  const message = (reply) => expect(reply.error.message).toEqual(expect.stringMatching(/\S/));

  it('the -32700 reply to text that is not JSON has a non-empty message', async () => {
    message(await handle('not json'));
  });

  it('the -32600 reply to JSON that is not an object has a non-empty message', async () => {
    message(await handle('42'));
  });

  it('the -32600 reply to an invalid request object has a non-empty message', async () => {
    message(await handle('{"jsonrpc":"1.0","id":3,"method":"ping"}'));
  });

  it('the -32601 reply to an unknown method has a non-empty message', async () => {
    message(await handle('{"jsonrpc":"2.0","id":4,"method":"nope"}'));
  });
});

describe('edges of each step', () => {
  it('an array is not a request object: -32600 with id null (batches come in the next lesson)', async () => {
    expectError(await handle('[]'), -32600, null);
  });

  it('the JSON literal true is answered with -32600 and id null', async () => {
    expectError(await handle('true'), -32600, null);
  });

  it('a text of spaces only is not JSON: -32700 with id null, not silence', async () => {
    expectError(await handle('   '), -32700, null);
  });

  it('a byte order mark before the JSON is not accepted by JSON.parse: -32700', async () => {
    expectError(await handle('\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}'), -32700, null);
  });

  it('JSON may start with whitespace: a line break and spaces before the object are fine', async () => {
    expect(await handle('\n {"jsonrpc":"2.0","id":1,"method":"ping"}')).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('an object whose only member is "__proto__" has no jsonrpc of its own: -32600 with id null', async () => {
    expectError(await handle('{"__proto__":{"jsonrpc":"2.0","id":1,"method":"ping"}}'), -32600, null);
  });

  it('the empty string is a string method: it is looked up, and gets -32601', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":30,"method":""}'), -32601, 30);
  });

  it('"valueOf" is answered with -32601, not with the table it would return', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":31,"method":"valueOf"}'), -32601, 31);
  });

  it('"Ping" differs from "ping" by case: -32601', async () => {
    expectError(await handle('{"jsonrpc":"2.0","id":32,"method":"Ping"}'), -32601, 32);
  });

  it('a request with the empty string as id is answered, with id ""', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":"","method":"ping"}')).toEqual({ jsonrpc: '2.0', id: '', result: {} });
  });

  it('a fractional id such as 1.5 is valid in JSON-RPC: the request is answered with id 1.5', async () => {
    expect(await handle('{"jsonrpc":"2.0","id":1.5,"method":"ping"}')).toEqual({ jsonrpc: '2.0', id: 1.5, result: {} });
  });
});

describe('every text of the task (generated)', () => {
  it('text that JSON.parse refuses gets -32700 with id null, even when an id can be seen in it', () =>
    agrees({ input: notJsonText, calls: (text) => [['handle', text]], same: SAME }));

  it('JSON that is not a valid request object gets -32600, with id null unless its id was readable, with or without an id', () =>
    agrees({ input: jsonTexts(fc.oneof(invalidMessage, notAnObject)), calls: (text) => [['handle', text]], same: SAME }));

  it('a valid message, however it is spelt, is routed: null for a notification, the result or -32601 for a request, with its id exactly', () =>
    agrees({ input: jsonTexts(validMessage), calls: (text) => [['handle', text]], same: SAME }));
});
