// mistake: leaves the `jsonrpc` member out of the envelope.
// learner: Your reply seems to be missing the member that names the protocol version. Look again at the three keys every success envelope carries.
// catches: a router that leaves jsonrpc out of the reply
// hint: 2
const handlers = { ping: () => ({ pong: true }) };

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  return { id: msg.id, result };
}
