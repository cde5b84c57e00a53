// mistake: answers a notification with an envelope that simply has no id.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  if (msg.id === undefined) {
    return { jsonrpc: '2.0', result };
  }
  return { jsonrpc: '2.0', id: msg.id, result };
}
