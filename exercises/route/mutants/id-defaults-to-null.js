// mistake: writes `id: msg.id || null`, so a request with id 0 is answered with id null.
// learner: Your reply seems to turn the id 0 into null, as if 0 meant "no id". Look again at how you copy the id: 0 is a real id and must come back unchanged.
// catches: a router that answers id 0 with id null
// hint: 3
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
  return { jsonrpc: '2.0', id: msg.id || null, result };
}
