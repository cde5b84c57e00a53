// mistake: calls the handler with msg.params as it is, so a request without params hands it undefined.
// learner: Your router seems to call the handler with undefined when the message has no params. The task asks for an empty object then, as the lesson's router passes msg.params || {}.
// catches: a router that calls the handler with undefined when there are no params
// hint: 1
// The dispatch table: method name -> handler. Keep it as it is: the checks call every method.
const handlers = {
  ping: () => ({ pong: true }),
  echo: (params) => params,
  count: (params) => Object.keys(params).length,
  isList: (params) => Array.isArray(params),
  nothing: () => null,
};

function route(msg) {
  const result = handlers[msg.method](msg.params);
  return { jsonrpc: '2.0', id: msg.id, result };
}
