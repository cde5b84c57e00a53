// mistake: converts the id to a number, so the string id "7" comes back as 7 and "abc" as NaN.
// learner: Your replies seem to turn every id into a number, so "7" comes back as 7 and null as 0. The client matches replies by the exact id it sent, type included.
// hint: 5
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

function route(msg) {
  const handler = handlers[msg.method];
  const isNotification = msg.id === undefined;
  const id = Number(msg.id);
  if (typeof handler !== 'function') {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id, error: { code: -32601, message: 'method not found' } };
  }
  try {
    const result = handler(msg.params || {});
    if (isNotification) return null;
    return { jsonrpc: '2.0', id, result };
  } catch (e) {
    if (isNotification) return null;
    return { jsonrpc: '2.0', id, error: { code: -32603, message: String(e && e.message || e) } };
  }
}
