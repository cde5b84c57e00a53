// mistake: answers an inherited name with -32601 but id null, as if the request's id could not be read.
// learner: Your -32601 reply to an inherited name such as __proto__ seems to carry id null. The request's id was readable, and the client matches the error to its request by that id.
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
    return { jsonrpc: '2.0', id: msg.method in handlers ? null : msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  try {
    return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params || {}) };
  } catch {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
