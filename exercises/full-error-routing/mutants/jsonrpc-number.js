// mistake: writes the version as the number 2 instead of the string "2.0".
// learner: Your replies seem to state the protocol version as a number. Look again at the type the version has in the envelopes the task shows.
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
    return { jsonrpc: 2, id: msg.id, error: { code: -32601, message: 'method not found' } };
  }
  try {
    const result = handler(msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: 2, id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: 2, id: msg.id, error: { code: -32603, message: String(e && e.message || e) } };
  }
}
