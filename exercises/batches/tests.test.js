import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { handleText } from '@course/learner';
import { agrees, batchOrder, errorMessage, ids, invalidRequests, jsonText, jsonTexts, jsonValues, names, notJson, params, taskFreedoms } from '@course/check';

// Replies are compared as parsed JSON, so whitespace never matters, and batch replies are compared
// as a set: the specification lets a server answer the elements of a batch in any order.

// The task's domain: any text at all. Text JSON.parse rejects; JSON that is not an array (request
// objects, invalid ones, and bare values such as 0, null or "x"); the empty array however it is
// spaced; and batches of one to dozens of elements of every kind (requests with ids of every kind,
// duplicates and null among them, notifications, invalid elements, nested arrays), every text
// spelt with every JSON whitespace and escape.
//
// What the task leaves free, each freedom with the task sentence it stands for:
// - "Whitespace and key order in your reply do not matter: the tests parse it." (jsonText: the
//   text is compared as the object or array it holds; null, text that is not JSON, JSON of
//   anything else and a value that is not text at all each stay apart)
// - "the message is short and non-empty" (errorMessage)
// - "this course's checks accept that here too": a -32600 may echo the readable id of an element
//   of the text instead of id: null (invalidIdMayEcho)
// - "in any order you like" (batchOrder)
const METHODS = ['subtract', 'sum', 'get_data', 'update', 'notify_hello', 'notify_sum'];

function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The string and number ids the messages of a request text carry, which a -32600 may echo. */
function readableIds(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new Set();
  }
  const readable = new Set();
  for (const msg of Array.isArray(parsed) ? parsed : [parsed]) {
    if (isRecord(msg) && Object.hasOwn(msg, 'id') && (typeof msg.id === 'string' || typeof msg.id === 'number')) readable.add(msg.id);
  }
  return readable;
}

const invalidIdMayEcho = {
  name: 'invalid-id-may-echo',
  says: 'a -32600 may carry id null or the readable id of the invalid message',
  normalize: (value, call) => {
    const echo = (reply) => {
      if (!isRecord(reply) || !isRecord(reply.error) || reply.error.code !== -32600 || reply.id === null) return reply;
      return readableIds(call.args[0]).has(reply.id) ? { ...reply, id: null } : reply;
    };
    return Array.isArray(value) ? value.map(echo) : echo(value);
  },
  // A -32600 with id null echoes a readable id instead, when its message had exactly one (with
  // several, which one it answers cannot be told from the reply).
  vary: (value, call) => {
    const readable = [...readableIds(call.args[0])];
    if (readable.length !== 1) return value;
    const echo = (reply) => (isRecord(reply) && isRecord(reply.error) && reply.error.code === -32600 && reply.id === null ? { ...reply, id: readable[0] } : reply);
    return Array.isArray(value) ? value.map(echo) : echo(value);
  },
};

const SAME = taskFreedoms([
  [jsonText, 'Whitespace and key order in your reply do not matter: the tests parse it.'],
  [errorMessage, 'the message is short and non-empty'],
  [invalidIdMayEcho, 'this course\'s checks accept that here too'],
  [batchOrder, 'in any order you like'],
]);

// Ids of every kind, and a small pool so that a batch often holds the same id twice.
const anyId = fc.oneof(ids({ null: true }), fc.constantFrom(0, 1, '1', null, ''));
// Params the example methods can use, and params of any shape (a method that throws is -32603).
const anyParams = fc.oneof(
  fc.array(fc.integer({ min: -100, max: 100 }), { maxLength: 4 }),
  fc.record({ minuend: fc.integer({ min: -100, max: 100 }), subtrahend: fc.integer({ min: -100, max: 100 }) }),
  params({ maxDepth: 1 }),
);
const withParams = (msg, p) => (p === undefined ? msg : { ...msg, params: p });
const request = fc.record({ id: anyId, method: names(METHODS), p: anyParams }).map(({ id, method, p }) => withParams({ jsonrpc: '2.0', method, id }, p));
const notification = fc.record({ method: names(METHODS), p: anyParams }).map(({ method, p }) => withParams({ jsonrpc: '2.0', method }, p));
const invalid = invalidRequests({ ids: anyId, methods: names(METHODS) }).map(({ message }) => message);
const bareValue = fc.oneof(fc.constantFrom(0, 1, -1, '', 'x', true, false, null, {}, [], [1], [[]]), jsonValues({ maxDepth: 1 }));
const element = fc.oneof(
  { arbitrary: request, weight: 4 },
  { arbitrary: notification, weight: 3 },
  { arbitrary: invalid, weight: 2 },
  { arbitrary: bareValue, weight: 1 },
  { arbitrary: fc.array(request, { minLength: 1, maxLength: 2 }), weight: 1 },
);
const single = fc.oneof({ arbitrary: request, weight: 3 }, { arbitrary: notification, weight: 2 }, { arbitrary: invalid, weight: 2 }, { arbitrary: bareValue, weight: 2 });
const batch = (minLength, maxLength) => fc.array(element, { minLength, maxLength });
// Long batches: lighter elements (small params, short ids), so that forty of them stay cheap.
const smallId = fc.constantFrom(0, 1, 2, 10, -1, 1.5, '1', 'a', '', null);
const smallParams = fc.constantFrom(undefined, [], [1, 2], [3], { minuend: 5, subtrahend: 2 }, {}, 'x', null);
const light = fc.oneof(
  fc.record({ id: smallId, method: fc.constantFrom(...METHODS, 'foo', 'toString'), p: smallParams }).map(({ id, method, p }) => withParams({ jsonrpc: '2.0', method, id }, p)),
  fc.record({ method: fc.constantFrom(...METHODS, 'foo'), p: smallParams }).map(({ method, p }) => withParams({ jsonrpc: '2.0', method }, p)),
  fc.constantFrom(1, null, [], {}, { jsonrpc: '1.0', method: 'sum', id: 3 }, { jsonrpc: '2.0', id: 4 }),
);
const longBatch = fc.array(light, { minLength: 10, maxLength: 12 });

/** Text JSON.parse rejects: the library's, blank text, a leading byte-order mark, and batches cut off. */
const brokenText = fc.oneof(
  notJson(),
  fc.array(fc.constantFrom(' ', '\t', '\n', '\r'), { maxLength: 4 }).map((chars) => chars.join('')),
  jsonTexts(batch(0, 3)).map((text) => `\ufeff${text}`),
  fc.tuple(jsonTexts(batch(1, 6)), fc.double({ min: 0.05, max: 0.95, noNaN: true })).map(([text, cut]) => text.trimEnd().slice(0, Math.max(1, Math.floor(text.trimEnd().length * cut)))).filter(notParsed),
);

function notParsed(text) {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

const call = (text) => [['handleText', text]];

/** What a test expects of one response: `{ id, result }` or `{ id, error: code }`. */
const ok = (id, result) => ({ id, result });
const err = (id, code) => ({ id, error: code });

function envelope(expected) {
  return 'error' in expected
    ? { jsonrpc: '2.0', id: expected.id, error: expect.objectContaining({ code: expected.error, message: expect.any(String) }) }
    : { jsonrpc: '2.0', id: expected.id, result: expected.result };
}

function keyOf(response) {
  const code = response && response.error ? response.error.code : null;
  return JSON.stringify([response && response.id, code, response && response.result]);
}

function keyOfExpected(expected) {
  return JSON.stringify([expected.id, 'error' in expected ? expected.error : null, expected.result]);
}

function parseReply(text) {
  expect(typeof text, 'the reply must be JSON text (a string), or null when nothing is sent').toBe('string');
  return JSON.parse(text);
}

function expectOne(text, expected) {
  const reply = parseReply(text);
  expect(Array.isArray(reply), 'a single message gets a single response object, not an array').toBe(false);
  expect(Object.keys(reply).sort()).toEqual(['error' in expected ? 'error' : 'result', 'id', 'jsonrpc'].sort());
  expect(reply).toEqual(envelope(expected));
}

function expectBatch(text, expected) {
  const reply = parseReply(text);
  expect(Array.isArray(reply), 'a batch gets an array of responses').toBe(true);
  const sortedReply = [...reply].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const sortedExpected = [...expected].sort((a, b) =>
    keyOfExpected(a) < keyOfExpected(b) ? -1 : keyOfExpected(a) > keyOfExpected(b) ? 1 : 0,
  );
  expect(sortedReply).toEqual(sortedExpected.map(envelope));
}

describe('examples', () => {
  it('a single subtract by position is answered with one response', async () => {
    expectOne(await handleText('{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}'), ok(1, 19));
  });

  it('a batch of a request and a notification gets an array of one response', async () => {
    expectBatch(await handleText('[{"jsonrpc":"2.0","method":"get_data","id":"9"},{"jsonrpc":"2.0","method":"update"}]'), [ok('9', ['hello', 5])]);
  });

  it('the mixed batch of section 7 gets five responses, in any order', async () => {
    const text = `[
      {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
      {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
      {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
      {"foo": "boo"},
      {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
      {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
    ]`;
    expectBatch(await handleText(text), [ok('1', 7), ok('2', 19), err(null, -32600), err('5', -32601), ok('9', ['hello', 5])]);
  });

  it('a batch of notifications only gets nothing at all (null)', async () => {
    expect(await handleText('[{"jsonrpc":"2.0","method":"update"}]')).toBeNull();
    const text = `[
      {"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},
      {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}
    ]`;
    expect(await handleText(text)).toBeNull();
  });

  it('an empty array gets one -32600 response object, not an array', async () => {
    expectOne(await handleText('[]'), err(null, -32600));
  });
});

describe('single messages from section 7', () => {
  it('subtract [23, 42] by position is -19', async () => {
    expectOne(await handleText('{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}'), ok(2, -19));
  });

  it('subtract by name {subtrahend: 23, minuend: 42} is 19', async () => {
    expectOne(
      await handleText('{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}'),
      ok(3, 19),
    );
  });

  it('subtract by name with the members in the other order is still 19', async () => {
    expectOne(
      await handleText('{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}'),
      ok(4, 19),
    );
  });

  it('the notification update gets null', async () => {
    expect(await handleText('{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}')).toBeNull();
  });

  it('the notification foobar gets null even though foobar does not exist', async () => {
    expect(await handleText('{"jsonrpc": "2.0", "method": "foobar"}')).toBeNull();
  });

  it('the request foobar with id "1" gets -32601', async () => {
    expectOne(await handleText('{"jsonrpc": "2.0", "method": "foobar", "id": "1"}'), err('1', -32601));
  });

  it('invalid JSON gets -32700 with id null', async () => {
    expectOne(await handleText('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]'), err(null, -32700));
  });

  it('a request object with method 1 and params "bar" gets -32600 with id null', async () => {
    expectOne(await handleText('{"jsonrpc": "2.0", "method": 1, "params": "bar"}'), err(null, -32600));
  });
});

describe('batches from section 7', () => {
  it('a batch cut off in the middle gets ONE -32700 object, not an array', async () => {
    const text = `[
      {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
      {"jsonrpc": "2.0", "method"
    ]`;
    expectOne(await handleText(text), err(null, -32700));
  });

  it('[1] gets an array holding one -32600 response', async () => {
    expectBatch(await handleText('[1]'), [err(null, -32600)]);
  });

  it('[1,2,3] gets three -32600 responses, one per element', async () => {
    expectBatch(await handleText('[1,2,3]'), [err(null, -32600), err(null, -32600), err(null, -32600)]);
  });
});

describe('more batch rules', () => {
  it('a batch holding one request gets an array of one response', async () => {
    expectBatch(await handleText('[{"jsonrpc":"2.0","method":"get_data","id":7}]'), [ok(7, ['hello', 5])]);
  });

  it('a notification for an unknown method inside a batch gets no response', async () => {
    const text = '[{"jsonrpc":"2.0","method":"nope"},{"jsonrpc":"2.0","method":"sum","params":[1,1],"id":8}]';
    expectBatch(await handleText(text), [ok(8, 2)]);
  });

  it('an invalid element without an id still gets its own -32600 inside a batch', async () => {
    const text = '[{"jsonrpc":"2.0","method":1},{"jsonrpc":"2.0","method":"notify_hello","params":[7]}]';
    expectBatch(await handleText(text), [err(null, -32600)]);
  });

  it('an array inside a batch is one invalid element, not a second batch', async () => {
    const text = '[[{"jsonrpc":"2.0","method":"sum","params":[1],"id":9}]]';
    expectBatch(await handleText(text), [err(null, -32600)]);
  });

  it('an empty array inside a batch is one invalid element', async () => {
    expectBatch(await handleText('[[]]'), [err(null, -32600)]);
  });

  it('whitespace before the opening bracket still makes a batch', async () => {
    expectBatch(await handleText('\n  [{"jsonrpc":"2.0","method":"sum","params":[2,3],"id":10}]'), [ok(10, 5)]);
  });

  it('requests with id 0 and id null inside a batch are answered', async () => {
    const text = '[{"jsonrpc":"2.0","method":"sum","params":[1],"id":0},{"jsonrpc":"2.0","method":"sum","params":[2],"id":null}]';
    expectBatch(await handleText(text), [ok(0, 1), ok(null, 2)]);
  });

  it('toString inside a batch is not a method (-32601)', async () => {
    expectBatch(await handleText('[{"jsonrpc":"2.0","method":"toString","id":11}]'), [err(11, -32601)]);
  });
});

describe('the reply is text', () => {
  it('the reply to a single request is a string of JSON', async () => {
    const reply = await handleText('{"jsonrpc":"2.0","method":"get_data","id":12}');
    expect(typeof reply).toBe('string');
  });

  it('the reply to a batch is a string of JSON', async () => {
    const reply = await handleText('[{"jsonrpc":"2.0","method":"get_data","id":13}]');
    expect(typeof reply).toBe('string');
  });

  it('a batch that holds a request is answered: its reply is never null', async () => {
    expect(await handleText('[{"jsonrpc":"2.0","method":"get_data","id":14},{"jsonrpc":"2.0","method":"update"}]')).not.toBeNull();
  });

  it('a single notification gets null, not an empty string', async () => {
    expect(await handleText('{"jsonrpc":"2.0","method":"notify_hello","params":[7]}')).toBeNull();
  });
});

describe('invalid elements, as answer judges them', () => {
  it('null inside a batch is one invalid element: its own -32600 with id null', async () => {
    expectBatch(await handleText('[null]'), [err(null, -32600)]);
  });

  it('the JSON null alone is not a request: one -32600 object with id null', async () => {
    expectOne(await handleText('null'), err(null, -32600));
  });

  it('an element whose id is an object is invalid: -32600 with id null', async () => {
    expectBatch(await handleText('[{"jsonrpc":"2.0","method":"sum","params":[1],"id":{"n":1}}]'), [err(null, -32600)]);
  });

  it('an element whose params is a string is invalid: -32600', async () => {
    expectBatch(await handleText('[{"jsonrpc":"2.0","method":"sum","params":"12"}]'), [err(null, -32600)]);
  });

  it('an element whose params is null is invalid: -32600, although typeof null is "object"', async () => {
    expectBatch(await handleText('[{"jsonrpc":"2.0","method":"subtract","params":null}]'), [err(null, -32600)]);
  });

  it('an element with jsonrpc "1.0" is invalid: -32600', async () => {
    expectBatch(await handleText('[{"jsonrpc":"1.0","method":"sum","params":[1]}]'), [err(null, -32600)]);
  });
});

describe('each element is answered as if it came alone', () => {
  it('a request whose method throws gets its own -32603, and the other elements are still answered', async () => {
    const text = '[{"jsonrpc":"2.0","method":"sum","params":{"a":1},"id":1},{"jsonrpc":"2.0","method":"get_data","id":2}]';
    expectBatch(await handleText(text), [err(1, -32603), ok(2, ['hello', 5])]);
  });

  it('update, notify_hello and notify_sum sent with an id are requests, each answered with result null', async () => {
    const text =
      '[{"jsonrpc":"2.0","method":"update","params":[1],"id":1},{"jsonrpc":"2.0","method":"notify_hello","params":[7],"id":2},' +
      '{"jsonrpc":"2.0","method":"notify_sum","params":[1,2],"id":3}]';
    expectBatch(await handleText(text), [ok(1, null), ok(2, null), ok(3, null)]);
  });
});

describe('every error has a short, non-empty message', () => {
  const messages = (text) => {
    const reply = parseReply(text);
    return (Array.isArray(reply) ? reply : [reply]).map((r) => r.error.message);
  };

  it('the -32700 reply to text that is not JSON has a non-empty message', async () => {
    expect(messages(await handleText('[{"jsonrpc"'))).toEqual([expect.stringMatching(/\S/)]);
  });

  it('the -32600 reply to an empty array has a non-empty message', async () => {
    expect(messages(await handleText('[]'))).toEqual([expect.stringMatching(/\S/)]);
  });

  it('each error inside a batch has a non-empty message: invalid, unknown method, throwing method', async () => {
    const text =
      '[1,{"jsonrpc":"1.0","method":"sum","id":5},{"jsonrpc":"2.0","method":"nope","id":6},' +
      '{"jsonrpc":"2.0","method":"sum","params":{"a":1},"id":7}]';
    expect(messages(await handleText(text))).toEqual(Array(4).fill(expect.stringMatching(/\S/)));
  });
});

describe('the edges the task names', () => {
  it('blank text is not JSON: one -32700 object, not silence', async () => {
    expectOne(await handleText('  \n'), err(null, -32700));
  });

  it('[ ] with a space inside is the empty array too: one -32600 object', async () => {
    expectOne(await handleText('[ ]'), err(null, -32600));
  });

  it('0 is JSON, so it is a single message that is not a request (-32600), not a parse error', async () => {
    expectOne(await handleText('0'), err(null, -32600));
  });

  // These two read the error object wherever it is (alone or inside an array), so they fail for
  // a missing id member only.
  const errorObject = (text) => {
    const reply = parseReply(text);
    return Array.isArray(reply) ? reply[0] : reply;
  };

  it('the -32700 object carries the id member, written "id": null, not left out', async () => {
    expect(errorObject(await handleText('{')), 'the -32700 object').toHaveProperty('id', null);
  });

  it('the -32600 object for the empty array carries the id member, written "id": null', async () => {
    expect(errorObject(await handleText('[]')), 'the -32600 object').toHaveProperty('id', null);
  });

  it('the first element of a batch is answered too', async () => {
    const text = '[{"jsonrpc":"2.0","method":"sum","params":[1,2,4],"id":"1"},{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":"2"}]';
    expectBatch(await handleText(text), [ok('1', 7), ok('2', 19)]);
  });

  it('a batch of one request gets exactly one reply, nothing for a position past its end', async () => {
    expectBatch(await handleText('[{"jsonrpc":"2.0","method":"get_data","id":3}]'), [ok(3, ['hello', 5])]);
  });

  it('two requests with the same id each get their reply', async () => {
    const text = '[{"jsonrpc":"2.0","method":"sum","params":[1],"id":4},{"jsonrpc":"2.0","method":"sum","params":[2],"id":4}]';
    expectBatch(await handleText(text), [ok(4, 1), ok(4, 2)]);
  });

  it('a batch of twelve requests gets twelve replies', async () => {
    const elements = Array.from({ length: 12 }, (_, i) => `{"jsonrpc":"2.0","method":"sum","params":[${i}],"id":${i}}`);
    expectBatch(await handleText(`[${elements.join(',')}]`), Array.from({ length: 12 }, (_, i) => ok(i, i)));
  });

  it('a batch of 400 elements, requests, notifications and invalid ones, is answered whole: "of any length"', async () => {
    // Far past what the generated batches hold: a batch cut at some length, or answered in part, fails here.
    const elements = Array.from({ length: 400 }, (_, i) =>
      i % 4 === 3 ? String(i) : i % 4 === 2 ? `{"jsonrpc":"2.0","method":"notify_sum","params":[${i}]}` : `{"jsonrpc":"2.0","method":"sum","params":[${i},1],"id":${i}}`,
    );
    const expected = Array.from({ length: 400 }, (_, i) => (i % 4 === 3 ? err(null, -32600) : i % 4 === 2 ? undefined : ok(i, i + 1))).filter(Boolean);
    expectBatch(await handleText(`[${elements.join(',')}]`), expected);
  });
});

describe('every text of the task (generated)', () => {
  it('text that JSON.parse rejects gets one -32700 object with id null, whatever it looks like', () => agrees({ input: brokenText, calls: call, same: SAME }));

  it('JSON that is not an array is one message, answered as answer answers it (null for a notification), and the empty array, however spaced, gets one -32600 object', () =>
    agrees({ input: jsonTexts(fc.oneof({ arbitrary: single, weight: 4 }, { arbitrary: fc.constant([]), weight: 1 })), calls: call, same: SAME }));

  it('every element of a batch of any length is answered on its own, same ids included, and a batch of notifications only gets null', () =>
    agrees({ input: jsonTexts(fc.oneof({ arbitrary: batch(1, 5), weight: 3 }, { arbitrary: longBatch, weight: 1 })), calls: call, same: SAME }));
});
