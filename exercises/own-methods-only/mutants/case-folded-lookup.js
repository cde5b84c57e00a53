// mistake: lowercases the name before the own-entry check, so "PING" or "Add" runs a handler instead of getting -32601.
// learner: Your router seems to answer a name that differs from an entry only by case as if it were that entry. Names are compared exactly as they arrive.
// hint: 4
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const name = msg.method.toLowerCase();
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  if (msg.id === undefined) return null;
  if (typeof handler !== 'function') {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  try {
    return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params || {}) };
  } catch {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
