// mistake: leaves the `jsonrpc` member out of the envelope.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  return { id: msg.id, result };
}
