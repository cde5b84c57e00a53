/**
 * One example: a message route receives, and the reply route must return for it.
 * @typedef {{ message: JsonRpcRequest, reply: JsonRpcResponse }} RouteExample
 */

/** @type {RouteExample[]} */
const examples = [
  {
    message: { jsonrpc: '2.0', id: 1, method: 'ping', params: {} },
    // What must route return for this message? Replace null with that reply.
    reply: null,
  },
];
