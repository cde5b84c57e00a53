const handlers = { ping: () => ({ pong: true }) };

/** @param {JsonRpcRequest} msg */
function route(msg) {
  // call handlers[msg.method](msg.params) and wrap the result
}
