const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  // call handlers[msg.method](msg.params) and wrap the result
}
