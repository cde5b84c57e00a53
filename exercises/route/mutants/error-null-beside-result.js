// mistake: adds `error: null` beside `result`; a response must carry exactly one of the two.
// learner: Your reply seems to carry an error key next to result, set to null. A success reply holds only the three keys the task lists, and a null error still counts as a key.
// catches: a router that adds error: null beside result
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
  return { jsonrpc: '2.0', id: msg.id, result, error: null };
}
