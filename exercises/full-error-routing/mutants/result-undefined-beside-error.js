// mistake: builds one reply object with both keys, leaving `result: undefined` beside `error` on failure.
// learner: Your error replies seem to keep a result key whose value is undefined. The key is still present, and an error reply should have no result key at all.
// hint: 5
const handlers = {
  ping: () => ({ pong: true }),
  echo: ({ msg }) => ({ echoed: msg }),
  boom: () => { throw new Error('kaboom'); }
};

function route(msg) {
  const handler = handlers[msg.method];
  const isNotification = msg.id === undefined;
  if (isNotification && typeof handler !== 'function') return null;
  const reply = { jsonrpc: '2.0', id: msg.id, result: undefined, error: undefined };
  if (typeof handler !== 'function') {
    reply.error = { code: -32601, message: 'method not found' };
    return reply;
  }
  try {
    reply.result = handler(msg.params || {});
    delete reply.error;
  } catch (e) {
    reply.error = { code: -32603, message: String(e && e.message || e) };
  }
  return isNotification ? null : reply;
}
