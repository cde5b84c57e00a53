// mistake: adds an `error` key set to undefined beside `result`; the key is still there.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  let error;
  return { jsonrpc: '2.0', id: msg.id, result, error };
}
