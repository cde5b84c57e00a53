const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
