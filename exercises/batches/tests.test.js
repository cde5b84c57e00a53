import { describe, it, expect } from 'vitest';
import { handleText } from '@course/learner';

// Replies are compared as parsed JSON, so whitespace never matters, and batch replies are compared
// as a set: the specification lets a server answer the elements of a batch in any order.

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
    expectOne(await handleText('{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}'), ok(1, 19));
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
