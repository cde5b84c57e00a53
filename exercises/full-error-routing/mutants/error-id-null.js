// mistake: answers every error with id null instead of echoing the request id (null is only for a request whose id could not be read).
// learner: Your error replies seem to carry id null, whatever the request's id was. The client matches an error to its request by the id, just as it does for a result.
// hint: 5
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
    return { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'method not found' } };
  }
  try {
    const result = handler(msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: null, error: { code: -32603, message: String(e && e.message || e) } };
  }
}
