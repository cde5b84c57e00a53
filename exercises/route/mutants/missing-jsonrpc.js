// mistake: leaves the `jsonrpc` member out of the envelope.
// learner: Your reply seems to be missing the member that names the protocol version. Look again at the three keys every success envelope carries.
// catches: a router that leaves jsonrpc out of the reply
// hint: 2
// The dispatch table: method name -> handler. Keep it as it is: the checks call every method.
const handlers = {
  ping: () => ({ pong: true }),
  echo: (params) => params,
  count: (params) => Object.keys(params).length,
  isList: (params) => Array.isArray(params),
  nothing: () => null,
};

function route(msg) {
  const result = handlers[msg.method](msg.params || {});
  return { id: msg.id, result };
}
