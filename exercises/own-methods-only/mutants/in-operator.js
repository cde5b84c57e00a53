// mistake: checks the method with the in operator, which also sees inherited names such as toString.
// learner: Your check seems to ask whether the name can be reached on the table at all, and that also finds names it only inherits, such as toString. Look again at the difference between having a key and inheriting one.
// hint: 2
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const handler = msg.method in handlers ? handlers[msg.method] : undefined;
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
