// Destructures the message (a default for params), builds the keys in another order, and logs.
// The dispatch table: method name -> handler. Keep it as it is: the checks call every method.
const handlers = {
  ping: () => ({ pong: true }),
  echo: (params) => params,
  count: (params) => Object.keys(params).length,
  isList: (params) => Array.isArray(params),
  nothing: () => null,
};

function route({ id, method, params = {} }) {
  console.log('routing', method);
  return { result: handlers[method](params), id, jsonrpc: '2.0' };
}
