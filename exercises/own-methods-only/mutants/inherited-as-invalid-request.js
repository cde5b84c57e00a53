// mistake: answers a name found on Object.prototype with -32600 (invalid request) instead of -32601.
// learner: Your router seems to answer an inherited name such as constructor with the code for an invalid request. The message itself is well formed; it only names a method this server does not have.
// hint: 1
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const handler = Object.hasOwn(handlers, msg.method) ? handlers[msg.method] : undefined;
  if (msg.id === undefined) return null;
  if (msg.method in Object.prototype) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32600, message: 'Invalid Request' } };
  }
  if (typeof handler !== 'function') {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  try {
    return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params || {}) };
  } catch {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
