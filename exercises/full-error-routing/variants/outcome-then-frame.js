// Computes the outcome as { result } or { error } from a Map, then puts the frame around it once; -32601 carries data.
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

const table = new Map(Object.entries(handlers));

// First compute the outcome as { result } or { error }, then put the frame around it once.
function outcome(method, params) {
  const handler = table.get(method);
  if (handler === undefined) return { error: { code: -32601, message: 'Method not found', data: { method } } };
  try {
    return { result: handler(params) };
  } catch (e) {
    return { error: { code: -32603, message: 'Internal error' } };
  }
}

/** @param {JsonRpcMessage} msg */
function route(msg) {
  const { id, method } = msg;
  const params = 'params' in msg ? msg.params : {};
  const answer = outcome(method, params);
  if (id === undefined) return null;
  return { jsonrpc: '2.0', id, ...answer };
}
