// mistake: tests `!msg.id`, so the request with id 0 (and id "") is taken for a notification.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (!msg.id) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
