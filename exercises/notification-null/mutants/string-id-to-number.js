// mistake: converts the id to a number, so the string id "7" comes back as 7.
// learner: Your reply seems to turn ids into numbers, so "7" comes back as 7. The client matches on the exact id it sent, so its type must not change.
// hint: 4
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: +msg.id, result };
}
