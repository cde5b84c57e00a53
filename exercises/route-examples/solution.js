/**
 * One example: a message route receives, and the reply route must return for it.
 * @typedef {{ message: JsonRpcRequest, reply: JsonRpcResponse }} RouteExample
 */

/** @type {RouteExample[]} */
const examples = [
  // The plain case: the id comes back, and the reply holds exactly jsonrpc, id and result.
  {
    message: { jsonrpc: '2.0', id: 1, method: 'ping', params: {} },
    reply: { jsonrpc: '2.0', id: 1, result: { pong: true } },
  },
  // 0 is a real id: it gets a reply, with id 0 (not null, not nothing).
  {
    message: { jsonrpc: '2.0', id: 0, method: 'ping' },
    reply: { jsonrpc: '2.0', id: 0, result: { pong: true } },
  },
  // A string id comes back as the same string, not as a number.
  {
    message: { jsonrpc: '2.0', id: '7', method: 'ping', params: {} },
    reply: { jsonrpc: '2.0', id: '7', result: { pong: true } },
  },
  // No params: the handler gets {}, which echo hands back.
  {
    message: { jsonrpc: '2.0', id: 2, method: 'echo' },
    reply: { jsonrpc: '2.0', id: 2, result: {} },
  },
  // A falsy result is the result: null stays null.
  {
    message: { jsonrpc: '2.0', id: 3, method: 'nothing' },
    reply: { jsonrpc: '2.0', id: 3, result: null },
  },
];
