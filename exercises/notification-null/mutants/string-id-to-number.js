// mistake: converts the id to a number, so the string id "7" comes back as 7.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: +msg.id, result };
}
