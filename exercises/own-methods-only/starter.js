const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  const handler = handlers[msg.method];
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
