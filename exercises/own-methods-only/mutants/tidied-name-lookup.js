// mistake: normalizes (NFKC) and trims the name before the own-entry check, so " ping" and the full-width "ｐｉｎｇ" run ping.
// learner: Your router seems to tidy the method name before looking it up, so a name with a space or with full-width letters finds a real entry. Names are compared exactly as they arrive.
// hint: 4
const handlers = {
  ping: () => ({}),
  add: ({ a, b }) => ({ sum: a + b }),
};

function route(msg) {
  // Own entries only: names inherited from Object.prototype are not methods of this server.
  const name = msg.method.normalize('NFKC').trim();
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
