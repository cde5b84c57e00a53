// mistake: writes `id: msg.id || null`, so a request with id 0 is answered with id null.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id || null, result };
}
