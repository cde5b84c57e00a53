// mistake: adds `error: null` beside `result`; a response must carry exactly one of the two.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result, error: null };
}
