// mistake: looks the method up lowercased, so "Ping" or "ECHO" runs a handler instead of getting -32601.
// learner: Your router seems to answer a method whose name differs from a real one only by case as if it were that method. Method names are compared exactly as they arrive.
// hint: 2
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

function route(msg) {
  const handler = handlers[msg.method.toLowerCase()];
  const isNotification = msg.id === undefined;
  if (typeof handler !== 'function') {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'method not found' } };
  }
  try {
    const result = handler(msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
