// mistake: answers a notification with an envelope that simply has no id.
// learner: Your router seems to answer a notification with a reply that just lacks an id. A notification gets no reply at all; look again at what your router returns to say so.
// hint: 3
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  if (msg.id === undefined) {
    return { jsonrpc: '2.0', result };
  }
  return { jsonrpc: '2.0', id: msg.id, result };
}
