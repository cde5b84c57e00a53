// The dispatch table: method name -> handler. Keep it as it is: the checks call every method.
const handlers = {
  ping: () => ({ pong: true }),
  echo: (params) => params,
  count: (params) => Object.keys(params).length,
  isList: (params) => Array.isArray(params),
  nothing: () => null,
};

/** @param {JsonRpcRequest} msg */
function route(msg) {
  // call handlers[msg.method] with msg.params (or {} when there are none) and wrap the result
}
