// mistake: decides "notification" by the absence of params, not of id.
// learner: Your router seems to decide "notification" by looking at params. A request may come without params too; look again at which member tells a notification apart.
// hint: 1
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.params === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params);
  return { jsonrpc: '2.0', id: msg.id, result };
}
