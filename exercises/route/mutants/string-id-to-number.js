// mistake: converts the id to a number, so the string id "7" comes back as 7 and "abc" as NaN.
// learner: Your reply seems to change the type of a string id, so "7" comes back as a number. The client matches replies by the exact id it sent, type included.
// catches: a router that turns the string id "7" into the number 7
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
  return { jsonrpc: '2.0', id: Number(msg.id), result };
}
