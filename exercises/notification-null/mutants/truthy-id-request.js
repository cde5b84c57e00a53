// mistake: answers only `if (msg.id)`, so the request with id 0 gets no reply.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id) {
    const result = handlers[msg.method](msg.params || {});
    return { jsonrpc: '2.0', id: msg.id, result };
  }
  return null;
}
