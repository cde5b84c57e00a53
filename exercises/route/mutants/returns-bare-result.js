// mistake: returns the handler's value itself instead of wrapping it in an envelope.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  return handlers[msg.method](msg.params || {});
}
