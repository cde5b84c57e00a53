// mistake: returns an empty object for a notification; a transport would still send "{}".
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return {};
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
