// mistake: answers an unknown name with -32601 before checking for a notification, so a notification named toString gets a reply.
// learner: Your router seems to answer a notification whose method is not in the table. A notification gets no reply, whatever its method; look again at the order of your checks.
// hint: 4
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const handler = Object.hasOwn(handlers, msg.method) ? handlers[msg.method] : undefined;
  if (typeof handler !== 'function') {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
  }
  if (msg.id === undefined) return null;
  try {
    return { jsonrpc: '2.0', id: msg.id, result: handler(msg.params || {}) };
  } catch {
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
