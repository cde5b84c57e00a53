/**
 * One example: the raw text handleText receives, and the reply it must send: the value that text
 * stands for (an object, or an array for a batch), or null when nothing is sent.
 * @typedef {{ text: string, reply: JsonRpcResponse | JsonRpcResponse[] | null }} BatchExample
 */

/** @type {BatchExample[]} */
const examples = [
  {
    text: '{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}',
    reply: { jsonrpc: '2.0', id: 1, result: 19 },
  },
  {
    text: '[]',
    // What must come back for the empty array? Replace null with that reply.
    reply: null,
  },
];
