// Copies the table once into a literal with __proto__: null, so the copy inherits nothing.
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

// Same entries, no prototype: toString, constructor and __proto__ are simply not there.
const own = { __proto__: null, ...handlers };

function route(msg) {
  const handler = own[msg.method];
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
