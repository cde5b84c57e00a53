// mistake: treats a request with id 0 as a notification, because `!msg.id` is also true for 0.
// learner: Your router seems to give no reply at all to the request with id 0, as if 0 meant the id is missing. In this exercise every message is a request, and 0 is a perfectly good id.
// catches: a router that treats id 0 as a notification and answers nothing
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
  if (!msg.id) return null;
  const result = handlers[msg.method](msg.params || {});
  return { jsonrpc: '2.0', id: msg.id, result };
}
