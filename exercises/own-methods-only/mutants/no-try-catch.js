// mistake: drops the starter's try/catch, so a handler that throws (add with an a it cannot add) crashes route instead of getting -32603.
// learner: Your router seems to let a handler's exception escape instead of answering it. Handlers here can throw, for instance add with an a it cannot add, and the starter turned that into a reply.
// hint: 4
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const handler = Object.hasOwn(handlers, msg.method) ? handlers[msg.method] : undefined;
  if (msg.id === undefined) return null;
  if (typeof handler !== 'function') {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params || {}) };
}
