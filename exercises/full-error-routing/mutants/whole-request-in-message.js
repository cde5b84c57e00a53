// mistake: the -32601 message echoes the whole request back (JSON.stringify(msg)), so a request that carries a long text gets a message of hundreds of characters, not a short one.
// learner: Your -32601 message seems to grow with the request it answers. An error's message is a short sentence of your own; the client already has its request.
// hint: 6
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
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `method not found: ${JSON.stringify(msg)}` } };
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
