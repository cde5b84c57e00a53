// mistake: leaves the `jsonrpc` member out of the error envelopes (the success envelope has it).
// learner: Your error replies seem to lack the protocol version member, while your success replies have it. Every reply, error or not, carries the same frame.
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
    return { id: msg.id, error: { code: -32601, message: 'method not found' } };
  }
  try {
    const result = handler(msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: '2.0', id: msg.id, result };
  } catch (e) {
    if (isNotification) return null;
    return { id: msg.id, error: { code: -32603, message: String(e && e.message || e) } };
  }
}
