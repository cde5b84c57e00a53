// mistake: blocks a hand-written list of dangerous names (toString, constructor, __proto__) and so misses the others.
// learner: Your router seems to refuse a few inherited names by hand, so others such as valueOf or hasOwnProperty still slip through. Look again at which names the table really holds, not which ones to refuse.
// hint: 1
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const handler = ['toString', 'constructor', '__proto__'].includes(msg.method) ? undefined : handlers[msg.method];
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
