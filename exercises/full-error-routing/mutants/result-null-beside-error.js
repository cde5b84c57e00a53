// mistake: puts `result: null` beside `error` in the error envelopes.
// learner: Your error replies seem to carry a result key set to null next to error. A reply has exactly one of the two, and a null result still counts as one.
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
    return { jsonrpc: '2.0', id: msg.id, result: null, error: { code: -32601, message: 'method not found' } };
  }
  try {
    const result = handler(msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result: null, error: { code: -32603, message: String(e && e.message || e) } };
  }
}
