// mistake: writes the version as the number 2 instead of the string "2.0".
// learner: Your reply to a request seems to state the protocol version as a number. Look again at how the starter wrote the version.
// hint: 4
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: 2, id: msg.id, result };
}
