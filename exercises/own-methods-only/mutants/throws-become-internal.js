// mistake: lets inherited names through, so __proto__ reaches the handler call and comes back as -32603 instead of -32601.
// learner: Your router seems to treat any name that finds a value as a method, so inherited names get called, and __proto__ even ends in an internal error. Look again at which names belong to the table itself.
// hint: 1
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const handler = handlers[msg.method];
  if (msg.id === undefined) return null;
  if (handler === undefined) {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  try {
    return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params || {}) };
  } catch {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
