// mistake: leaves the `jsonrpc` member out of the reply to a request.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { id: msg.id, result };
}
