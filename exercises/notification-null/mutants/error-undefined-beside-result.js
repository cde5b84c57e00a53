// mistake: builds every reply with both keys and leaves `error: undefined` beside `result`.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return null;
  }
  const reply = { jsonrpc: '2.0', id: msg.id, result: undefined, error: undefined };
  reply.result = handlers[msg.method](msg.params || {});
  return reply;
}
