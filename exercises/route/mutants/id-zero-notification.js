// mistake: treats a request with id 0 as a notification, because `!msg.id` is also true for 0.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (!msg.id) return null;
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
