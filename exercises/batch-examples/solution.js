/**
 * One example: the raw text handleText receives, and the reply it must send: the value that text
 * stands for (an object, or an array for a batch), or null when nothing is sent.
 * @typedef {{ text: string, reply: JsonRpcResponse | JsonRpcResponse[] | null }} BatchExample
 */

/** @type {JsonRpcFailure} */
const invalid = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };

/** @type {BatchExample[]} */
const examples = [
  // A single message gets a single reply, as text.
  {
    text: '{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}',
    reply: { jsonrpc: '2.0', id: 1, result: 19 },
  },
  // Text that is not JSON gets one -32700 object, even when it looked like a batch.
  {
    text: '[{"jsonrpc": "2.0", "method": "sum", "params": [1, 2, 4], "id": "1"},{"jsonrpc": "2.0", "method"',
    reply: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
  },
  // The empty array is not a batch: one -32600 object.
  { text: '[]', reply: invalid },
  // A batch with one request among notifications: an array of one response, no nulls.
  {
    text: '[{"jsonrpc": "2.0", "method": "get_data", "id": "9"}, {"jsonrpc": "2.0", "method": "update"}]',
    reply: [{ jsonrpc: '2.0', id: '9', result: ['hello', 5] }],
  },
  // A batch is a batch after a newline too.
  {
    text: '\n  [{"jsonrpc": "2.0", "method": "sum", "params": [1, 2, 4], "id": "2"}]',
    reply: [{ jsonrpc: '2.0', id: '2', result: 7 }],
  },
  // Notifications only: nothing at all, not "[]".
  { text: '[{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]', reply: null },
  // Each element on its own: three errors for three numbers.
  { text: '[1, 2, 3]', reply: [invalid, invalid, invalid] },
  // An array inside a batch is one invalid element, not a batch of its own.
  { text: '[[{"jsonrpc": "2.0", "method": "get_data", "id": "3"}]]', reply: [invalid] },
  // Blank text is not JSON either: one -32700, not silence.
  { text: '  \n', reply: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } },
  // The empty array with a space inside is still the empty array.
  { text: '[ ]', reply: invalid },
  // 0 is JSON: a single message that is not a request, not a parse error.
  { text: '0', reply: invalid },
  // A single notification gets nothing: null, not the text "null".
  { text: '{"jsonrpc": "2.0", "method": "update", "params": [1, 2, 3, 4, 5]}', reply: null },
  // An invalid element gets id null even when it carries a readable id.
  { text: '[{"jsonrpc": "1.0", "method": "sum", "params": [1], "id": 7}]', reply: [invalid] },
];
