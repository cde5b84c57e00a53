const handlers = { ping: () => ({ pong: true }) };

/** @param {JsonRpcMessage} msg */
function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
