// mistake: asks `msg.method in Object.keys(handlers)`, but `in` tests an array's keys (its indices and the names arrays inherit), never its values: ping is refused and toString still gets through.
// learner: Your check seems to use `in` on the list of the table's names. `in` asks whether an object has a key, and the keys of an array are its indices plus what arrays inherit, such as toString, so ping is not found while toString is. Look again at how to ask whether the table itself has a key.
// hint: 2
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const handler = msg.method in Object.keys(handlers) ? handlers[msg.method] : undefined;
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
