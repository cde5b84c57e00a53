// Defaults params with `??` and keeps the handler in a variable first.
// The dispatch table: method name -> handler. Keep it as it is: the checks call every method.
const handlers = {
  ping: () => ({ pong: true }),
  echo: (params) => params,
  count: (params) => Object.keys(params).length,
  isList: (params) => Array.isArray(params),
  nothing: () => null,
};

function route(msg) {
  const handler = handlers[msg.method];
  const reply = { jsonrpc: '2.0', id: msg.id };
  reply.result = handler(msg.params ?? {});
  return reply;
}
