// mistake: converts the id to a number, so the string id "7" comes back as 7 and "abc" as NaN.
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: Number(msg.id), result };
}
