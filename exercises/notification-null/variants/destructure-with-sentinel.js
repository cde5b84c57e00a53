// Destructures the message with a Symbol sentinel as the id's default, and runs the handler either way.
const handlers = { ping: () => ({ pong: true }) };
const NO_ID = Symbol('no id');

/** @param {JsonRpcMessage} msg */
function route({ id = NO_ID, method, params }) {
  const result = handlers[method](params || {}); // the handler runs either way (harmless here)
  if (id === NO_ID) return null;
  return { jsonrpc: '2.0', id, result };
}
