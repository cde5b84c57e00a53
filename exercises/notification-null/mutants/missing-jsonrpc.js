// mistake: leaves the `jsonrpc` member out of the reply to a request.
// learner: Your reply to a request seems to have lost the member that names the protocol version. Look again at the reply the starter built before your change.
// hint: 4
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  if (msg.id === undefined) {
    return null;
  }
  const result = handlers[msg.method](msg.params || {});
  return { id: msg.id, result };
}
