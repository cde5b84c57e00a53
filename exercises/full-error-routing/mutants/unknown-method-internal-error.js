// mistake: calls the missing handler inside try, so an unknown method comes back as -32603 instead of -32601.
// learner: Your router seems to answer an unknown method with the internal-error code, as if calling a missing handler were a handler failure. An unknown method has a code of its own.
// hint: 2
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

function route(msg) {
  const isNotification = msg.id === undefined;
  try {
    const result = handlers[msg.method](msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: String(e && e.message || e) } };
  }
}
