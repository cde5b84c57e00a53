// mistake: decides "notification" by the absence of params, not of id.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.params === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params);
  return { jsonrpc: '2.0', id: msg.id, result };
}
