// mistake: patches the truthiness check for 0 only (`if (msg.id || msg.id === 0)`), so the request with id "" still gets no reply.
// learner: Your router seems to answer the request with id 0 but stay silent for the request with id "", as if the empty string meant "no id". "" is a real id too; look again at how you test whether an id is there, rather than listing the falsy ids one by one.
// hint: 2
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id || msg.id === 0) {
    const result = handlers[msg.method](msg.params || {});
    return { jsonrpc: '2.0', id: msg.id, result };
  }
  return null;
}
