// mistake: writes `result || {}`, so a handler's 0, false or null comes back as an empty object.
// learner: Your reply seems to replace a falsy result (0, false or null) with something else. The result is whatever the handler returned, exactly.
// catches: a router that replaces a falsy result with an empty object
// hint: 5
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
  return { jsonrpc: '2.0', id: msg.id, result: result || {} };
}
