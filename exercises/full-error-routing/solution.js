const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

function route(msg) {
  const handler = handlers[msg.method];
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
    // A generic text: the exception's own message stays on the server (the lesson's caution).
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: 'Internal error' } };
  }
}
